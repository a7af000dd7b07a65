package org.tengen.env.game;

import java.math.BigDecimal;
import java.util.Locale;
import org.tengen.env.board.Stone;

/**
 * A game result in the notation of SGF's {@code RE} and GTP's {@code final_score}: {@code B+3.5}, {@code W+R},
 * {@code B+T}, {@code W+F}, {@code B+} (a win, no reason given), {@code 0} (draw), {@code Void} (no result) or
 * {@code ?} (unknown).
 *
 * @param kind   how the game ended
 * @param winner {@link Stone#BLACK} or {@link Stone#WHITE} for wins, {@link Stone#EMPTY} otherwise
 * @param margin the winner's margin in points for {@link Kind#POINTS}, else 0
 */
public record GameResult(Kind kind, int winner, double margin) {

    /** How a game ended. */
    public enum Kind {
        /** A win by the count, {@code B+3.5}. */
        POINTS,
        /** A win by resignation, {@code W+R}. */
        RESIGN,
        /** A win on time, {@code B+T}. */
        TIME,
        /** A win by forfeit, {@code W+F}. */
        FORFEIT,
        /** A win, no reason given, {@code B+}. */
        WIN,
        /** A draw, {@code 0}. */
        DRAW,
        /** No result, {@code Void}. */
        VOID,
        /** Unknown, {@code ?}. */
        UNKNOWN
    }

    /**
     * Checks that the winner and margin fit the kind.
     *
     * @param kind   how the game ended
     * @param winner BLACK or WHITE for the wins, EMPTY for the others
     * @param margin a positive multiple of 0.5 for {@link Kind#POINTS}, else 0
     */
    public GameResult {
        boolean win = kind == Kind.POINTS || kind == Kind.RESIGN || kind == Kind.TIME || kind == Kind.FORFEIT
                || kind == Kind.WIN;
        if (win != (winner == Stone.BLACK || winner == Stone.WHITE) || (!win && winner != Stone.EMPTY)) {
            throw new IllegalArgumentException("result " + kind + " does not fit winner " + winner);
        }
        if (kind == Kind.POINTS ? !(margin > 0) || margin * 2 != Math.rint(margin * 2) : margin != 0) {
            throw new IllegalArgumentException("result " + kind + " does not fit margin " + margin);
        }
    }

    /**
     * Reads an {@code RE} value, leniently: case is ignored, {@code Draw}/{@code Jigo} mean {@code 0}, reasons may be
     * spelled out ({@code W+Resign}, {@code B+Time}, {@code B+Forfeit}); anything else is {@link Kind#UNKNOWN}.
     *
     * @param re the value
     * @return the result
     */
    public static GameResult parse(String re) {
        String s = re.trim().toUpperCase(Locale.ROOT);
        switch (s) {
            case "0", "DRAW", "JIGO" -> {
                return new GameResult(Kind.DRAW, Stone.EMPTY, 0);
            }
            case "VOID" -> {
                return new GameResult(Kind.VOID, Stone.EMPTY, 0);
            }
            default -> { }
        }
        GameResult unknown = new GameResult(Kind.UNKNOWN, Stone.EMPTY, 0);
        if (s.length() < 2 || s.charAt(1) != '+' || (s.charAt(0) != 'B' && s.charAt(0) != 'W')) {
            return unknown;
        }
        int winner = s.charAt(0) == 'B' ? Stone.BLACK : Stone.WHITE;
        String reason = s.substring(2).trim();
        Kind kind = switch (reason) {
            case "" -> Kind.WIN;
            case "R", "RESIGN" -> Kind.RESIGN;
            case "T", "TIME" -> Kind.TIME;
            case "F", "FORFEIT" -> Kind.FORFEIT;
            default -> Kind.POINTS;
        };
        if (kind != Kind.POINTS) {
            return new GameResult(kind, winner, 0);
        }
        try {
            double margin = Double.parseDouble(reason);
            return margin > 0 && margin * 2 == Math.rint(margin * 2) ? new GameResult(kind, winner, margin) : unknown;
        } catch (NumberFormatException e) {
            return unknown;
        }
    }

    /**
     * The result of a game: {@code ""} while it is being played, the winner {@code +R} after a resignation, the area
     * count ({@code B+3.5}, or {@code 0}) after two passes, and {@code Void} (no result) when the turn cap truncated
     * it.
     *
     * @param game the game
     * @return its {@code RE} value
     */
    public static String of(Game game) {
        return switch (game.status()) {
            case PLAYING -> "";
            case RESIGNED -> (game.winner() == Stone.BLACK ? "B" : "W") + "+R";
            case ENDED_BY_PASSES -> game.score().result();
            case TRUNCATED -> "Void";
        };
    }

    /** {@return the canonical {@code RE} value}, e.g. {@code B+3.5}, {@code W+R}, {@code 0} */
    public String toSgf() {
        String side = winner == Stone.BLACK ? "B+" : "W+";
        return switch (kind) {
            case POINTS -> side + BigDecimal.valueOf(margin).stripTrailingZeros().toPlainString();
            case RESIGN -> side + "R";
            case TIME -> side + "T";
            case FORFEIT -> side + "F";
            case WIN -> side;
            case DRAW -> "0";
            case VOID -> "Void";
            case UNKNOWN -> "?";
        };
    }
}
