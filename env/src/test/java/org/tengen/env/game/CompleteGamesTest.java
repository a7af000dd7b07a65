package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.NaiveGo;

/**
 * The number of complete games under the logical rules (suicide allowed, positional superko, two passes end the
 * game), counted by exhaustive search with the engine and with the rule text: 1x1 = 1, 1x2 = 9 (Tromp).
 */
class CompleteGamesTest {

    @ParameterizedTest(name = "{0}x{1}: {2} games")
    @CsvSource({"1, 1, 1", "1, 2, 9", "2, 1, 9"})
    void completeGameCountsMatchThePublishedOnes(int width, int height, long expected) {
        Game game = new Game(Rules.trompTaylor(width, height));
        assertEquals(expected, count(game));
        assertEquals(expected, count(NaiveGo.start(width, height, KoRule.POSITIONAL_SUPERKO, true)));
    }

    private static long count(Game game) {
        if (game.status() == Status.ENDED_BY_PASSES) {
            return 1;
        }
        long games = 0;
        for (int a = 0; a <= game.passAction(); a++) {
            if (game.isLegal(a)) {
                Game child = game.copy();
                child.play(a);
                games += count(child);
            }
        }
        return games;
    }

    private static long count(NaiveGo state) {
        if (state.isOver()) {
            return 1;
        }
        long games = 0;
        for (int a = 0; a <= state.passAction(); a++) {
            if (state.verdict(a) == NaiveGo.Verdict.LEGAL) {
                games += count(state.play(a));
            }
        }
        return games;
    }
}
