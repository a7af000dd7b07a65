package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/** The search-averaged root ownership: what it averages, over which leaves, and only when asked. */
class RootOwnershipTest {
    private static final Rules RULES = Rules.trompTaylor(5);
    private static final int SIMULATIONS = 120;

    private static SearchConfig config(SearchAlgorithm algorithm) {
        SearchConfig.Builder b = SearchConfig.builder().algorithm(algorithm).simulations(SIMULATIONS)
                .dirichletEpsilon(0f).temperatureMoves(0);
        return algorithm == SearchAlgorithm.PUCT ? b.reuseTree(true).build() : b.build();
    }

    private static float[] blackView() {
        float[] owned = new float[RULES.area()];
        for (int p = 0; p < owned.length; p++) {
            owned[p] = (p % 7) / 3f - 1f;
        }
        return owned;
    }

    private static float[] average(BatchedSearch search) {
        float[] out = new float[RULES.area()];
        assertTrue(search.ownership(0, out), "tracked");
        return out;
    }

    @ParameterizedTest
    @EnumSource(SearchAlgorithm.class)
    void aFixedOwnershipIsItsOwnAverageFromTheRootPlayersView(SearchAlgorithm algorithm) {
        float[] black = blackView();
        for (int moves : new int[] {4, 5}) {
            OwningEvaluator evaluator = TestEvaluators.fixedOwnership(RULES, black);
            // Few simulations, so that no line reaches two passes (a finished game counts its exact area).
            BatchedSearch search = TestEvaluators.search(config(algorithm).toBuilder().simulations(40).build(), RULES,
                    1, evaluator, 2);
            Game game = TestEvaluators.randomPosition(RULES, moves, 3);
            search.search(new Game[] {game}, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE,
                    TestEvaluators.WANTS_OWNERSHIP);
            assertEquals(evaluator.withOwnership, search.ownershipLeaves(0), "every leaf evaluated, none finished");
            float[] expected = black.clone();
            if (game.toMove() == Stone.WHITE) {
                for (int p = 0; p < expected.length; p++) {
                    expected[p] = -expected[p];
                }
            }
            assertArrayEquals(expected, average(search), 1e-5f, "to move: " + Stone.name(game.toMove()));
            assertArrayEquals(expected, search.snapshot(0, 4).ownership(), 1e-5f);
        }
    }

    @ParameterizedTest
    @EnumSource(SearchAlgorithm.class)
    void theAverageWeighsEveryVisitedLeafOnce(SearchAlgorithm algorithm) {
        OwningEvaluator evaluator = TestEvaluators.positionalOwnership(RULES);
        BatchedSearch search = TestEvaluators.search(config(algorithm), RULES, 1, evaluator, 5);
        Game game = TestEvaluators.randomPosition(RULES, 5, 6);
        search.search(new Game[] {game}, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        int leaves = search.ownershipLeaves(0);
        assertEquals(evaluator.withOwnership, leaves, "no finished game among the leaves");
        // Each simulation evaluates one new leaf, the root its own position: the visit-weighted average of the leaves.
        assertEquals(search.snapshot(0, 1).visits(), leaves);
        float rootSign = game.toMove() == Stone.BLACK ? 1f : -1f;
        float[] expected = new float[RULES.area()];
        for (int p = 0; p < expected.length; p++) {
            expected[p] = rootSign * evaluator.seen[p] / leaves;
        }
        assertArrayEquals(expected, average(search), 1e-5f);
        for (float o : average(search)) {
            assertTrue(o >= -1f && o <= 1f, "in [-1, 1]: " + o);
        }
    }

    @Test
    void finishedGamesCountWithTheirExactArea() {
        // White passed after a game that ended and resumed; Black's pass ends it again, and its exact area count (all
        // Black's: Black has the only stone) joins the average.
        float[] black = new float[RULES.area()];
        OwningEvaluator evaluator = TestEvaluators.fixedOwnership(RULES, black);
        BatchedSearch search = TestEvaluators.search(config(SearchAlgorithm.PUCT), RULES, 1, evaluator, 2);
        Game game = new Game(RULES);
        game.play(0);
        game.play(RULES.passAction());
        game.play(RULES.passAction());
        assertTrue(game.isOver());
        game.resume();
        game.play(RULES.passAction());
        search.search(new Game[] {game}, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        int finished = search.ownershipLeaves(0) - evaluator.withOwnership;
        assertTrue(finished > 0, "the pass that ends the game was visited");
        // Evaluated leaves add 0; finished ones +1 everywhere from the view of Black, the root's player.
        assertEquals(Stone.BLACK, game.toMove());
        float[] expected = new float[RULES.area()];
        java.util.Arrays.fill(expected, (float) finished / search.ownershipLeaves(0));
        assertArrayEquals(expected, average(search), 1e-5f);
    }

    @Test
    void aSearchNotAskedReadsNoOwnership() {
        OwningEvaluator evaluator = TestEvaluators.fixedOwnership(RULES, blackView());
        BatchedSearch search = TestEvaluators.search(config(SearchAlgorithm.PUCT), RULES, 1, evaluator, 2);
        Game game = TestEvaluators.randomPosition(RULES, 4, 3);
        search.search(new Game[] {game});
        assertEquals(0, evaluator.withOwnership, "never asked for ownership");
        assertFalse(search.tracksOwnership());
        assertFalse(search.ownership(0, new float[RULES.area()]));
        assertNull(search.snapshot(0, 4).ownership());
        assertEquals(0, search.ownershipLeaves(0));
    }

    @Test
    void anEvaluatorWithoutOwnershipTracksNothing() {
        BatchedSearch search = TestEvaluators.search(config(SearchAlgorithm.PUCT), RULES, 1,
                TestEvaluators.hashed(RULES), 2);
        search.search(new Game[] {TestEvaluators.randomPosition(RULES, 4, 3)}, Integer.MAX_VALUE,
                BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        assertFalse(search.tracksOwnership());
        assertFalse(search.ownership(0, new float[RULES.area()]));
        assertNull(search.snapshot(0, 4).ownership());
    }

    @Test
    void theSameRootAddsUpAndAnotherRootStartsAfresh() {
        OwningEvaluator evaluator = TestEvaluators.fixedOwnership(RULES, blackView());
        BatchedSearch search = TestEvaluators.search(config(SearchAlgorithm.PUCT), RULES, 1, evaluator, 2);
        Game game = TestEvaluators.randomPosition(RULES, 4, 3);
        Game[] games = {game};
        search.search(games, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        assertEquals(SIMULATIONS + 1, search.ownershipLeaves(0), "the root and every simulation");
        search.search(games, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        assertEquals(2 * SIMULATIONS + 1, search.ownershipLeaves(0), "the same root, searched on");
        // A search that does not track leaves the sums behind: the next tracked one starts again.
        search.search(games);
        assertFalse(search.ownership(0, new float[RULES.area()]));
        search.search(games, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        assertEquals(SIMULATIONS, search.ownershipLeaves(0), "a kept root is not evaluated again");
        Game next = TestEvaluators.randomPosition(RULES, 9, 8);
        search.search(new Game[] {next}, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, TestEvaluators.WANTS_OWNERSHIP);
        assertEquals(SIMULATIONS + 1, search.ownershipLeaves(0), "a new root");
    }
}
