package org.tengen.env.testutil;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Score;

/** Assertions comparing {@link Game} with the {@link NaiveGo} oracle. */
public final class RulesAssertions {
    private RulesAssertions() {
    }

    /** The engine's legality in the oracle's coarser terms: ko and superko are both repetitions. */
    public static NaiveGo.Verdict verdict(Legality legality) {
        return switch (legality) {
            case LEGAL -> NaiveGo.Verdict.LEGAL;
            case GAME_OVER -> NaiveGo.Verdict.GAME_OVER;
            case OCCUPIED -> NaiveGo.Verdict.OCCUPIED;
            case SUICIDE -> NaiveGo.Verdict.SUICIDE;
            case KO, SUPERKO -> NaiveGo.Verdict.REPETITION;
            case OUT_OF_RANGE -> throw new AssertionError("no action here is out of range");
        };
    }

    /**
     * Asserts the same colouring, end state and player to move, the same verdict on every action, a legal mask that
     * matches, and at the end of the game the same area counts. Returns how many actions are illegal as repetitions.
     */
    public static int assertAgrees(Game game, NaiveGo naive, boolean[] mask, String context) {
        byte[] grid = naive.grid();
        int width = game.rules().width();
        assertArrayEquals(grid, Positions.grid(game.board()),
                () -> context + ": colourings differ\nnaive:\n" + Positions.diagram(grid, width) + "engine:\n"
                        + game.board());
        assertEquals(naive.isOver(), game.isOver(), () -> context + ": end of game differs");
        if (!naive.isOver()) {
            assertEquals(naive.toMove(), game.toMove(), () -> context + ": player to move differs");
        }
        game.legalMask(mask, 0);
        int repetitions = 0;
        for (int a = 0; a <= game.passAction(); a++) {
            Legality legality = game.legality(a);
            NaiveGo.Verdict expected = naive.verdict(a);
            if (verdict(legality) != expected || mask[a] != legality.isLegal()) {
                fail(context + ": " + game.describeAction(a) + " is " + expected + " by the rule text but "
                        + legality + " (mask " + mask[a] + ") by the engine\n" + game);
            }
            if (expected == NaiveGo.Verdict.REPETITION) {
                repetitions++;
            }
        }
        if (naive.isOver()) {
            int[] expected = NaiveGo.score(grid, width, game.rules().height());
            Score score = game.score();
            assertEquals(expected[Stone.BLACK], score.blackArea(), () -> context + ": black area");
            assertEquals(expected[Stone.WHITE], score.whiteArea(), () -> context + ": white area");
        }
        return repetitions;
    }
}
