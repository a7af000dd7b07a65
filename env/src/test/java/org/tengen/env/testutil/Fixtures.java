package org.tengen.env.testutil;

import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/** Positions shared by several tests, each as a diagram plus the moves that matter in it. */
public final class Fixtures {
    private Fixtures() {
    }

    /** A ko in the top-left corner of a 5x5 board: Black captures at C4, White may not retake at B4 at once. */
    public static final String KO = """
            . X O . .
            X O . O .
            . X O . .
            . . . . .
            . . . . .
            """;
    public static final String KO_CAPTURE = "C4";
    public static final String KO_RETAKE = "B4";

    /** {@link #KO} under {@code rules} (5x5) after Black's capture: White to move, retaking is banned. */
    public static Game koJustTaken(Rules rules) {
        return Positions.play(Positions.game(rules, KO, Stone.BLACK), KO_CAPTURE);
    }

    /**
     * Three kos on a 14x3 board. Each capture is legal under simple ko, but the sixth recreates the start:
     * {@link #TRIPLE_KO_CYCLE} then {@link #TRIPLE_KO_REPEAT} (White's capture in the third ko).
     */
    public static final String TRIPLE_KO = """
            X O . O . X . X O . X O . O
            . X O . . . X O . . . X O .
            . . . . . . . . . . . . . .
            """;
    public static final String TRIPLE_KO_CYCLE = "C3 G3 N3 B3 H3";
    public static final String TRIPLE_KO_REPEAT = "M3";

    /** {@link #TRIPLE_KO} under {@code rules} (14x3) after five captures: White to move. */
    public static Game tripleKoBeforeTheRepetition(Rules rules) {
        return Positions.play(Positions.game(rules, TRIPLE_KO, Stone.BLACK), TRIPLE_KO_CYCLE);
    }

    /** White to move; White at C2 removes itself and its neighbour (two-stone suicide). 4x3. */
    public static final String MULTI_STONE_SUICIDE = """
            . X X .
            X O . X
            . X X .
            """;
    public static final String MULTI_STONE_SUICIDE_POINT = "C2";

    /** White at B4 would have no liberty (single-stone suicide). 5x5. */
    public static final String SINGLE_STONE_SUICIDE = """
            . X . . .
            X . X . .
            . X . . .
            . . . . .
            . . . . .
            """;
    public static final String SINGLE_STONE_SUICIDE_POINT = "B4";
}
