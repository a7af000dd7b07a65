package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.agent.Budget;
import org.tengen.agent.SearchAgent;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Rules;

class PuctSearchTest {
    /** Black captures six stones on the right at action 12, their only liberty, and wins. */
    static final String CAPTURE = """
            . O X O O
            O O X O O
            . X . O O
            X . X X X
            . X X X .
            """;
    /** Black's three stones bottom left are in atari; capturing five white stones at action 23 saves them. */
    static final String SAVE = """
            . . . . .
            X X X X .
            O O O X .
            X X O X .
            . X O . .
            """;

    private static SearchConfig.Builder quiet(int simulations) {
        return SearchConfig.builder().simulations(simulations).dirichletEpsilon(0f).temperatureMoves(0)
                .reuseTree(false);
    }

    private static Game position(Rules rules, String diagram) {
        Game game = new Game(rules);
        game.board().setFromDiagram(diagram);
        return game;
    }

    /**
     * Forced playouts (KataGo): with one clearly good point, every other root child still gets about sqrt(k P N)
     * visits, which plain PUCT does not give it; policy target pruning then takes the forced visits back, so the
     * target concentrates on the good point at least as much as the visit counts do and drops children that only had
     * forced visits.
     */
    @Test
    void forcedPlayoutsVisitEveryChildAndPruningTakesTheVisitsBack() {
        Rules rules = Rules.trompTaylor(5);
        int target = 12;
        float k = 2f;
        int simulations = 400;
        SearchResult plain = TestEvaluators.searchOne(TestEvaluators.search(quiet(simulations).build(), rules, 1,
                TestEvaluators.pointIsGood(rules, target), 1), new Game(rules));
        SearchResult forced = TestEvaluators.searchOne(TestEvaluators.search(quiet(simulations).forcedPlayouts(k)
                .build(), rules, 1, TestEvaluators.pointIsGood(rules, target), 1), new Game(rules));

        int total = Arrays.stream(forced.visits()).sum();
        int starvedWithout = 0;
        int pruned = 0;
        for (int a = 0; a < rules.actionCount(); a++) {
            double floor = Math.floor(Puct.forcedVisits(k, forced.priors()[a], total)) - 1;
            assertTrue(forced.visits()[a] >= floor, a + ": " + forced.visits()[a] + " visits, forced " + floor);
            starvedWithout += plain.visits()[a] < floor ? 1 : 0;
            if (a != target) {
                assertTrue(forced.policy()[a] <= (float) forced.visits()[a] / total + 1e-6f, "pruning only removes");
                pruned += forced.visits()[a] > 0 && forced.policy()[a] == 0f ? 1 : 0;
            }
        }
        assertTrue(starvedWithout > 0, "plain PUCT should leave some child below the forced count");
        assertTrue(pruned > 0, "some child should have had forced visits only");
        assertEquals(1f, sum(forced.policy()), 1e-5f);
        assertTrue(forced.policy()[target] > (float) forced.visits()[target] / total, "the target concentrates");
        assertEquals(target, forced.action());
    }

    private static float sum(float[] values) {
        float s = 0;
        for (float v : values) {
            s += v;
        }
        return s;
    }

    @ParameterizedTest(name = "{0} seed {3}")
    @CsvSource({"capture, 12, 2.5, 1", "capture, 12, 2.5, 2", "capture, 12, 2.5, 3", "save, 23, 7.5, 1",
        "save, 23, 7.5, 2", "save, 23, 7.5, 3"})
    void rolloutSearchFindsTheDecisiveMove(String name, int expected, double komi, long seed) {
        Rules rules = Rules.trompTaylor(5).withKomi(komi);
        Game game = position(rules, name.equals("capture") ? CAPTURE : SAVE);
        try (SearchAgent agent = SearchAgent.rollouts(400, 1, seed)) {
            int[] action = new int[1];
            agent.act(new Game[] {game}, action, Budget.UNLIMITED);
            assertEquals(expected, action[0], game.toString());
            assertTrue(agent.result(0).rootValue() > 0.5f, "black should expect to win");
        }
    }

    @Test
    void limitsCapSimulationsAndAPastDeadlineStillRunsOne() {
        Rules rules = Rules.trompTaylor(5);
        BatchedSearch search = TestEvaluators.search(quiet(64).build(), rules, 1, TestEvaluators.hashed(rules), 3);
        Game game = TestEvaluators.randomPosition(rules, 4, 5);
        Game[] one = {game};
        search.search(one, 10, BatchedSearch.NO_DEADLINE);
        assertEquals(10, search.result(0).simulations());
        assertEquals(10, Arrays.stream(search.result(0).visits()).sum());
        search.search(one, 1000, BatchedSearch.NO_DEADLINE);
        assertEquals(64, search.result(0).simulations(), "the config's budget still caps");
        search.search(one, 1000, System.nanoTime() - 1);
        SearchResult result = search.result(0);
        assertEquals(1, result.simulations());
        assertTrue(game.isLegal(result.action()));
        // Priors and child values come with the visits: a visited child has a value, every legal action a prior.
        float priors = 0f;
        for (int a = 0; a < rules.actionCount(); a++) {
            priors += result.priors()[a];
            assertEquals(game.isLegal(a), result.priors()[a] > 0, "prior of action " + a);
            if (result.visits()[a] == 0) {
                assertEquals(0f, result.values()[a]);
            }
        }
        assertEquals(1f, priors, 1e-5f);
    }

    @ParameterizedTest(name = "{0}x{0}, {1} leaves per tree")
    @CsvSource({"3, 1", "4, 1", "5, 1", "3, 4", "5, 8"})
    void rootVisitsSumToSimulations(int size, int leaves) {
        Rules rules = Rules.trompTaylor(size);
        SearchConfig config = SearchConfig.builder().simulations(64).leavesPerTree(leaves).reuseTree(false).build();
        BatchedSearch search = TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 7);
        SearchResult result = TestEvaluators.searchOne(search, TestEvaluators.randomPosition(rules, 2, size));
        assertEquals(64, Arrays.stream(result.visits()).sum());
        assertEquals(64, result.simulations());
        SearchTree tree = search.tree(0);
        assertEquals(65, tree.visits[SearchTree.ROOT], "simulations plus the root's own evaluation");
        float sum = 0f;
        for (int a = 0; a < result.policy().length; a++) {
            assertEquals(result.visits()[a] / 64f, result.policy()[a], 1e-6f);
            sum += result.policy()[a];
        }
        assertEquals(1f, sum, 1e-5f);
        for (int n = 0; n < tree.nodeCount; n++) {
            assertEquals(0, tree.inFlight[n], "virtual loss left at node " + n);
            assertTrue(!tree.isPending(n), "node " + n + " still pending");
        }
    }

    @Test
    void dirichletNoiseChangesRootPriorsButKeepsADistribution() {
        Rules rules = Rules.trompTaylor(5);
        Game game = TestEvaluators.randomPosition(rules, 3, 11);
        float[] clean = rootPriors(quiet(8).build(), rules, game);
        float[] noisy = rootPriors(quiet(8).dirichletEpsilon(0.25f).build(), rules, game);
        assertEquals(clean.length, noisy.length, "one edge per legal action either way");
        assertNotEquals(Arrays.toString(clean), Arrays.toString(noisy));
        double sum = 0;
        for (float p : noisy) {
            assertTrue(p >= 0f);
            sum += p;
        }
        assertEquals(1.0, sum, 1e-5);
    }

    private static float[] rootPriors(SearchConfig config, Rules rules, Game game) {
        BatchedSearch search = TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 3);
        TestEvaluators.searchOne(search, game);
        SearchTree tree = search.tree(0);
        int first = tree.firstEdge[SearchTree.ROOT];
        return Arrays.copyOfRange(tree.edgePrior, first, first + tree.edgeCount[SearchTree.ROOT]);
    }

    @ParameterizedTest
    @CsvSource({"0.03, 4000", "0.5, 4000", "2.0, 4000", "10.83, 2000"})
    void gammaSamplesHaveMeanAlpha(double alpha, int samples) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        double sum = 0;
        for (int i = 0; i < samples; i++) {
            double x = Puct.sampleGamma(alpha, random);
            assertTrue(x >= 0);
            sum += x;
        }
        // Standard deviation of the mean is sqrt(alpha / samples); allow five of them.
        assertEquals(alpha, sum / samples, 5 * Math.sqrt(alpha / samples));
    }

    @Test
    void terminalNodesAreScoredExactlyByTheRules() {
        // Black passed on an empty board: White's pass ends the game and wins by komi.
        Rules rules = Rules.trompTaylor(3).withKomi(7.5);
        Game game = new Game(rules);
        game.play(rules.passAction());
        BatchedSearch search = TestEvaluators.search(quiet(40).build(), rules, 1, TestEvaluators.uniform(rules), 1);
        SearchResult result = TestEvaluators.searchOne(search, game);
        SearchTree tree = search.tree(0);
        int child = tree.childFor(SearchTree.ROOT, rules.passAction());
        assertTrue(tree.isTerminal(child));
        assertEquals(Stone.BLACK, tree.player[child]);
        assertEquals(-1f, tree.rawValue[child], "black, to move after the game ended, has lost");
        assertEquals(1f, tree.meanValueFor(child, Stone.WHITE));
        assertEquals(rules.passAction(), result.action(), "an exact win beats the uniform evaluator's 0");
    }

    @Test
    void gameValuesFollowTheAreaCountAndResignation() {
        Rules rules = Rules.trompTaylor(3).withKomi(0.5);
        Game game = position(rules, """
                X O .
                X O .
                . O .
                """);
        // White: 3 stones and the right column, which touches only white; Black: 2 stones; komi 0.5.
        assertEquals(-1f, GameValues.outcome(game, Stone.BLACK));
        assertEquals(1f, GameValues.outcome(game, Stone.WHITE));
        Game tie = position(rules.withKomi(0), """
                X . O
                X . O
                X . O
                """);
        assertEquals(0f, GameValues.outcome(tie, Stone.WHITE), "3 to 3, the middle column is neutral");
        game.resign(Stone.WHITE);
        assertEquals(1f, GameValues.outcome(game, Stone.BLACK));
    }

    @Test
    void treeReuseKeepsTheSubtreeOfThePlayedMoves() {
        Rules rules = Rules.trompTaylor(5);
        SearchConfig config = quiet(200).reuseTree(true).build();
        BatchedSearch search = TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 1);
        Game game = new Game(rules);

        // Self-play flow: the chosen move is played, the same search continues one move down.
        int chosen = TestEvaluators.searchOne(search, game).action();
        int[] below = childVisits(search.tree(0), search.tree(0).childFor(SearchTree.ROOT, chosen), rules);
        int kept = search.tree(0).visits[search.tree(0).childFor(SearchTree.ROOT, chosen)];
        game.play(chosen);
        SearchResult next = TestEvaluators.searchOne(search, game);
        assertEquals(kept + 200, search.tree(0).visits[SearchTree.ROOT]);
        for (int a = 0; a < below.length; a++) {
            assertTrue(next.visits()[a] >= below[a], "visits of action " + a + " were lost");
        }
        assertEquals(Arrays.stream(below).sum() + 200, Arrays.stream(next.visits()).sum());

        // Player flow: our move, then the opponent's reply; the tree follows both.
        int ours = next.action();
        SearchTree tree = search.tree(0);
        int afterOurs = tree.childFor(SearchTree.ROOT, ours);
        int reply = mostVisited(childVisits(tree, afterOurs, rules));
        int grandchildVisits = tree.visits[tree.childFor(afterOurs, reply)];
        game.play(ours);
        game.play(reply);
        TestEvaluators.searchOne(search, game);
        assertEquals(grandchildVisits + 200, search.tree(0).visits[SearchTree.ROOT]);

        // A position the tree has not seen starts afresh.
        Game other = TestEvaluators.randomPosition(rules, 4, 99);
        TestEvaluators.searchOne(search, other);
        assertEquals(201, search.tree(0).visits[SearchTree.ROOT]);
    }

    private static int[] childVisits(SearchTree tree, int node, Rules rules) {
        int[] visits = new int[rules.actionCount()];
        for (int e = tree.firstEdge[node]; e < tree.firstEdge[node] + tree.edgeCount[node]; e++) {
            visits[tree.edgeAction[e]] = Puct.childVisits(tree, e);
        }
        return visits;
    }

    private static int mostVisited(int[] visits) {
        int best = 0;
        for (int a = 1; a < visits.length; a++) {
            if (visits[a] > visits[best]) {
                best = a;
            }
        }
        return best;
    }

    @ParameterizedTest(name = "handicap {0}")
    @CsvSource({"0", "2"})
    void valuesKeepTheirSignWhenTheSamePlayerMovesTwice(int handicap) {
        // With a free handicap Black moves twice: the child's value must not be negated.
        Rules rules = Rules.trompTaylor(3).withHandicap(handicap, HandicapPlacement.FREE);
        int target = 4;
        BatchedSearch search = TestEvaluators.search(quiet(60).build(), rules, 1,
                TestEvaluators.pointIsGood(rules, target), 1);
        SearchResult result = TestEvaluators.searchOne(search, new Game(rules));
        assertEquals(target, result.action());
        assertTrue(result.rootValue() > 0.5f, "root value " + result.rootValue());
    }

    @Test
    void playoutCapMixesFullAndCheapSearches() {
        Rules rules = Rules.trompTaylor(4);
        SearchConfig config = SearchConfig.builder().simulations(48).playoutCap(0.3, 6).reuseTree(false).build();
        BatchedSearch search = TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 5);
        float[] clean = rootPriors(quiet(6).build(), rules, new Game(rules));
        int full = 0;
        int searches = 60;
        for (int i = 0; i < searches; i++) {
            SearchResult r = TestEvaluators.searchOne(search, new Game(rules));
            assertEquals(r.isPolicyTarget() ? 48 : 6, r.simulations());
            assertEquals(r.simulations(), Arrays.stream(r.visits()).sum());
            SearchTree tree = search.tree(0);
            int first = tree.firstEdge[SearchTree.ROOT];
            float[] priors = Arrays.copyOfRange(tree.edgePrior, first, first + tree.edgeCount[SearchTree.ROOT]);
            assertEquals(!r.isPolicyTarget(), Arrays.equals(clean, priors), "noise only in full searches");
            full += r.isPolicyTarget() ? 1 : 0;
        }
        assertTrue(full > 5 && full < 35, full + " full searches out of " + searches + " at p = 0.3");
    }

    @Test
    void temperatureSamplesEarlyMovesAndIsGreedyLater() {
        Rules rules = Rules.trompTaylor(4);
        SearchConfig config = quiet(32).temperatureMoves(2).temperature(1f).build();
        BatchedSearch search = TestEvaluators.search(config, rules, 1, TestEvaluators.uniform(rules), 2);
        Game start = new Game(rules);
        java.util.Set<Integer> early = new java.util.HashSet<>();
        for (int i = 0; i < 20; i++) {
            early.add(TestEvaluators.searchOne(search, start).action());
        }
        assertTrue(early.size() > 3, "sampled openings " + early);
        Game later = TestEvaluators.randomPosition(rules, 2, 3);
        SearchResult r = TestEvaluators.searchOne(search, later);
        int best = Arrays.stream(r.visits()).max().orElseThrow();
        assertEquals(best, r.visits()[r.action()]);
    }
}
