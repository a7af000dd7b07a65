package org.tengen.env.game;

import org.tengen.env.board.Stone;

/**
 * An area count: each player's stones plus empty regions reaching only that player's colour (Tromp-Taylor rule 9).
 *
 * @param blackArea       black stones + empty points reaching only black
 * @param whiteArea       white stones + empty points reaching only white
 * @param komi            points added to White, handicap compensation included
 * @param blackPrisoners  stones black captured plus passes white made when passes give prisoners (AGA)
 * @param whitePrisoners  the same for white
 */
public record Score(int blackArea, int whiteArea, double komi, int blackPrisoners, int whitePrisoners) {

    /** {@return Black's area minus White's area and komi}: positive when Black wins */
    public double margin() {
        return blackArea - whiteArea - komi;
    }

    /** {@return the winner}: {@link Stone#BLACK}, {@link Stone#WHITE}, or {@link Stone#EMPTY} for a tie */
    public int winner() {
        double m = margin();
        return m > 0 ? Stone.BLACK : m < 0 ? Stone.WHITE : Stone.EMPTY;
    }

    /** {@return the SGF/GTP result string}, e.g. {@code B+3.5}, {@code W+0.5} or {@code 0} for a tie */
    public String result() {
        double m = margin();
        if (m == 0) {
            return "0";
        }
        return (m > 0 ? "B+" : "W+") + formatPoints(Math.abs(m));
    }

    static String formatPoints(double points) {
        return points == Math.rint(points) ? Long.toString((long) points) : Double.toString(points);
    }
}
