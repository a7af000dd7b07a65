package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

class BatchedSearchTest {
    private static final int GAMES = 4;
    private static final long SEED = 100;

    static Stream<Arguments> configs() {
        SearchConfig.Builder puct = SearchConfig.builder().simulations(40).temperatureMoves(100);
        SearchConfig.Builder gumbel = SearchConfig.builder().algorithm(SearchAlgorithm.GUMBEL).simulations(40)
                .consideredActions(8);
        return Stream.of(
                Arguments.of("puct", puct.build()),
                Arguments.of("puct, 3 leaves per tree", puct.leavesPerTree(3).build()),
                Arguments.of("puct, playout cap", puct.leavesPerTree(1).playoutCap(0.5, 8).build()),
                Arguments.of("gumbel", gumbel.build()),
                Arguments.of("gumbel, 2 leaves per tree, playout cap", gumbel.leavesPerTree(2).playoutCap(0.5, 8)
                        .build()));
    }

    /**
     * On an empty board with komi, Black's pass loses at once (White passes back and wins by komi), but a value-0
     * network cannot tell: only the pass bound makes the search see it, under both algorithms. A pass that wins at
     * once keeps the network's value, since passing back is the opponent's choice, not a must.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void passBoundSeesThatAnEarlyPassLoses(String name, SearchConfig config) {
        Rules rules = Rules.trompTaylor(5);
        int pass = rules.actionCount() - 1;
        for (boolean bound : new boolean[] {false, true}) {
            SearchConfig c = config.toBuilder().simulations(200).playoutCap(1, 8).consideredActions(rules.actionCount())
                    .passBound(bound).build();
            SearchResult black = TestEvaluators.searchOne(TestEvaluators.search(c, rules, 1,
                    TestEvaluators.uniform(rules), SEED), new Game(rules));
            assertTrue(black.visits()[pass] > 0, name + ": pass was not tried");
            assertEquals(bound ? -1f : 0f, black.values()[pass], 1e-6f, name + ", bound " + bound
                    + ": Black's value of passing on the empty board");

            Game afterBlack = new Game(rules);
            afterBlack.play(12);
            SearchResult white = TestEvaluators.searchOne(TestEvaluators.search(c, rules, 1,
                    TestEvaluators.uniform(rules), SEED), afterBlack);
            assertTrue(white.visits()[pass] > 0, name + ": pass was not tried");
            assertEquals(bound ? -1f : 0f, white.values()[pass], 1e-6f, name + ", bound " + bound
                    + ": White's value of passing when Black owns the board");
        }
    }

    /**
     * Black owns the whole board with two one-point eyes and White has just passed: passing back wins by the whole
     * board, exactly, while filling an eye leaves one, which White fills to capture everything. The network (as a
     * trained one does) values the fill as the same win and gives it the larger prior, so the fill draws more visits;
     * the greedy choice must still play the exact win, also when the network's margin overshoots what the board
     * allows, with or without the score utility, and when a pass of small prior got no visit at all.
     */
    @ParameterizedTest(name = "score utility {0}, network margin {1}, pass weight {2}")
    @org.junit.jupiter.params.provider.CsvSource({"0, 24.5, 0.2", "0.3, 24.5, 0.2", "0.3, 26, 0.2", "0.3, 20, 0.2",
            "0.3, 24.5, 0.001"})
    void greedySearchPassesBackToTheExactWin(float scoreUtility, float networkMargin, float passWeight) {
        Rules rules = Rules.trompTaylor(5).withKomi(0.5);
        int pass = rules.passAction();
        int[] eyes = {6, 18}; // B2 and D4 (rows from the top)
        int[] black = java.util.stream.IntStream.range(0, rules.area())
                .filter(a -> a != eyes[0] && a != eyes[1]).toArray();
        Game game = new Game(rules);
        game.setUpStones(black, new int[0], Stone.WHITE);
        game.play(pass);
        SearchConfig greedy = SearchConfig.builder().simulations(24).temperatureMoves(0).scoreUtility(scoreUtility)
                .build();
        SearchResult result = TestEvaluators.searchOne(TestEvaluators.search(greedy, rules, 1,
                TestEvaluators.blackOwnsTheBoard(rules, passWeight, networkMargin), SEED), game);
        assertTrue(result.visits()[pass] < result.visits()[eyes[0]] + result.visits()[eyes[1]],
                "the fills draw most visits, as in the trained network's search: " + Arrays.toString(result.visits())
                + " values " + Arrays.toString(result.values()));
        assertEquals(pass, result.action(), "the greedy choice at " + Arrays.toString(result.visits()));
        game.play(result.action());
        assertEquals(24.5, game.scoreMargin(), 0.0);
    }

    /**
     * Black owns the board but for a dead White stone in the corner (A5, its last liberty B5) and two one-point eyes
     * (C3 and D2), and White has just passed: passing back wins exactly by 21.5, since the stone counts for White,
     * while capturing it leaves White nothing but a pass, and then passing back wins by 24.5. The network sees every
     * point as Black's, and its margin may fall short of the exact 21.5 (a score head that has not learnt the end):
     * the exact pass back is no end to prefer while the stone the search reckons dead stands, so the greedy choice
     * captures (not an eye fill, nor the pass), then passes back for the whole board.
     */
    @ParameterizedTest(name = "network margin {0}")
    @org.junit.jupiter.params.provider.ValueSource(floats = {24.5f, 26f, 20f, 10f, 5f})
    void greedySearchCapturesDeadStonesBeforePassingBack(float networkMargin) {
        Rules rules = Rules.trompTaylor(5).withKomi(0.5);
        int pass = rules.passAction();
        int dead = 0; // A5
        int capture = 1; // B5
        int[] eyes = {12, 18}; // C3 and D2
        int[] black = java.util.stream.IntStream.range(0, rules.area())
                .filter(a -> a != dead && a != capture && a != eyes[0] && a != eyes[1]).toArray();
        Game game = new Game(rules);
        game.setUpStones(black, new int[] {dead}, Stone.WHITE);
        game.play(pass);
        Game passedBack = new Game(rules);
        passedBack.copyFrom(game);
        passedBack.play(pass);
        assertEquals(21.5, passedBack.scoreMargin(), 0.0, "passing back at once");

        SearchConfig greedy = SearchConfig.builder().simulations(24).temperatureMoves(0).scoreUtility(0.3f)
                .passBound(true).build();
        BatchedSearch search = TestEvaluators.search(greedy, rules, 1,
                TestEvaluators.blackOwnsTheBoard(rules, 0.2f, networkMargin), SEED);
        SearchResult result = TestEvaluators.searchOne(search, game);
        assertEquals(capture, result.action(), "the greedy choice at " + Arrays.toString(result.visits())
                + " values " + Arrays.toString(result.values()));
        game.play(capture);
        game.play(pass); // White's only legal move: every other point is a suicide that repeats the position
        assertEquals(pass, TestEvaluators.searchOne(search, game).action(), "nothing is left to capture");
        game.play(pass);
        assertEquals(24.5, game.scoreMargin(), 0.0);
    }

    /** A margin the value cannot see decides only through the score utility, under both algorithms. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void scoreUtilityPrefersTheLargerMargin(String name, SearchConfig config) {
        Rules rules = Rules.trompTaylor(3);
        int target = 4;
        for (float weight : new float[] {0f, 0.5f}) {
            SearchConfig withWeight = config.toBuilder().simulations(60).playoutCap(1, 8).scoreUtility(weight)
                    .build();
            SearchResult result = TestEvaluators.searchOne(TestEvaluators.search(withWeight, rules, 1,
                    TestEvaluators.pointIsWorthPoints(rules, target), SEED), new Game(rules));
            float[] q = result.values();
            for (int a = 0; a < rules.actionCount(); a++) {
                if (a != target && result.visits()[a] > 0) {
                    if (weight == 0f) {
                        assertEquals(0f, q[a], 0f, name + ": without the utility every line is worth 0");
                    } else {
                        assertTrue(q[target] > q[a] + 0.1f, name + ": Q of the valuable point " + q[target]
                                + " vs " + a + ": " + q[a]);
                    }
                }
            }
            if (weight > 0f) {
                assertEquals(target, result.action(), name);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void batchedSearchEqualsSingleSearches(String name, SearchConfig config) {
        Rules rules = Rules.trompTaylor(5);
        BatchedSearch batched = TestEvaluators.search(config, rules, GAMES, TestEvaluators.hashed(rules), SEED);
        BatchedSearch[] singles = new BatchedSearch[GAMES];
        Game[] games = new Game[GAMES];
        Game[] copies = new Game[GAMES];
        for (int g = 0; g < GAMES; g++) {
            // Tree g of the batch draws the stream of tree g: a one-tree search starting at that stream.
            singles[g] = new BatchedSearch(config, rules, 1,
                    TestEvaluators.leaves(TestEvaluators.hashed(rules), config.leavesPerTree()), SEED, g);
            games[g] = TestEvaluators.randomPosition(rules, g, g);
            copies[g] = games[g].copy();
        }
        // Three moves each, so reused trees are compared too.
        for (int move = 0; move < 3; move++) {
            batched.search(games);
            for (int g = 0; g < GAMES; g++) {
                SearchResult single = TestEvaluators.searchOne(singles[g], copies[g]);
                SearchResult many = batched.result(g);
                String where = name + ", game " + g + ", move " + move;
                assertEquals(single.action(), many.action(), where);
                assertArrayEquals(single.policy(), many.policy(), where);
                assertArrayEquals(single.visits(), many.visits(), where);
                assertEquals(single.rootValue(), many.rootValue(), where);
                assertEquals(single.isPolicyTarget(), many.isPolicyTarget(), where);
                games[g].play(many.action());
                copies[g].play(single.action());
            }
        }
    }

    @Test
    void nullGamesAreSkipped() {
        Rules rules = Rules.trompTaylor(4);
        BatchedSearch search = TestEvaluators.search(SearchConfig.builder().simulations(16).build(), rules, 3,
                TestEvaluators.hashed(rules), 1);
        Game[] games = {new Game(rules), null, new Game(rules)};
        search.search(games);
        assertEquals(16, Arrays.stream(search.result(0).visits()).sum());
        assertEquals(-1, search.result(1).action(), "tree 1 never searched");
        assertEquals(16, Arrays.stream(search.result(2).visits()).sum());
    }

    @Test
    void badInputGetsClearErrors() {
        Rules rules = Rules.trompTaylor(4);
        SearchConfig config = SearchConfig.builder().simulations(8).leavesPerTree(2).build();
        BatchedSearch search = TestEvaluators.search(config, rules, 2, TestEvaluators.hashed(rules), 1);
        assertMessage("expected 2 games (one per tree), got 1", () -> search.search(new Game[] {new Game(rules)}));
        Game over = new Game(rules);
        over.resign(Stone.BLACK);
        assertMessage("game 1 is over (RESIGNED)", () -> search.search(new Game[] {new Game(rules), over}));
        Game chinese = new Game(Preset.CHINESE.rules(4, 4));
        assertMessage("game 0 has rules 4x4 komi=7.5 ko=positional-superko suicide=forbidden but the search was "
                + "built for 4x4", () -> search.search(new Game[] {chinese, null}));
        Game keepsTwo = new Game(rules, 2);
        assertMessage("games keep different numbers of past positions: 8 and 2",
                () -> search.search(new Game[] {new Game(rules), keepsTwo}));
        assertMessage("the evaluator takes batches of at most 3 but 2 trees x 2 leaves need 4",
                () -> new BatchedSearch(config, rules, 2, TestEvaluators.leaves(TestEvaluators.hashed(rules), 3), 1));
    }

    private static void assertMessage(String prefix, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    }

    /**
     * Searches seeded s and s + 1 (two self-play workers) share no random stream: before streams were mixed, tree
     * t + 1 of the first replayed tree t of the second, and half of a generation's games were duplicates.
     */
    @org.junit.jupiter.api.Test
    void nearbySeedsShareNoStream() {
        Rules rules = Rules.trompTaylor(5);
        SearchConfig gumbel = SearchConfig.selfPlayDefaults().toBuilder().simulations(16).build();
        int trees = 4;
        Game[] games = new Game[trees];
        for (int t = 0; t < trees; t++) {
            games[t] = new Game(rules);
        }
        BatchedSearch first = TestEvaluators.search(gumbel, rules, trees, TestEvaluators.hashed(rules), 100);
        BatchedSearch second = TestEvaluators.search(gumbel, rules, trees, TestEvaluators.hashed(rules), 101);
        first.search(games);
        second.search(games);
        int same = 0;
        for (int t = 1; t < trees; t++) {
            if (java.util.Arrays.equals(first.result(t).priors(), second.result(t - 1).priors())
                    && java.util.Arrays.equals(first.result(t).visits(), second.result(t - 1).visits())
                    && first.result(t).action() == second.result(t - 1).action()) {
                same++;
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(0, same, "searches replayed each other's Gumbel draws");
    }
}
