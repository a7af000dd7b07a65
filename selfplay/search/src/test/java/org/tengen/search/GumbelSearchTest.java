package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

class GumbelSearchTest {

    private static SearchConfig.Builder gumbel(int simulations, int considered) {
        return SearchConfig.builder().algorithm(SearchAlgorithm.GUMBEL).simulations(simulations)
                .consideredActions(considered);
    }

    @Test
    void sequentialHalvingScheduleMatchesMctx() {
        // Worked by hand from mctx's get_sequence_of_considered_visits.
        assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, Gumbel.consideredVisits(4, 16));
        assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2, 3, 3}, Gumbel.consideredVisits(2, 8));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, Gumbel.consideredVisits(1, 5));
        assertArrayEquals(new int[] {0, 0}, Gumbel.consideredVisits(16, 2));
        int[][] table = Gumbel.consideredVisitTable(3, 6);
        assertEquals(4, table.length);
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 2}, table[3]);
    }

    @ParameterizedTest(name = "target {0}, {1} simulations")
    @CsvSource({"4, 10", "0, 10", "8, 10", "4, 40", "2, 40", "7, 40"})
    void findsTheBestArmWhenEveryConsideredActionIsVisited(int target, int simulations) {
        // 3x3: ten legal actions, all considered; the value says owning the target point is good. No Gumbel
        // noise, so only the completed Q separates the arms.
        Rules rules = Rules.trompTaylor(3);
        BatchedSearch search = TestEvaluators.search(gumbel(simulations, 16).gumbelScale(0f).build(), rules, 1,
                TestEvaluators.pointIsGood(rules, target), 1);
        SearchResult result = TestEvaluators.searchOne(search, new Game(rules));
        assertEquals(target, result.action());
        float[] policy = result.policy();
        for (int a = 0; a < policy.length; a++) {
            if (a != target) {
                assertTrue(policy[target] > policy[a], "improved policy should favour the target over " + a);
            }
        }
    }

    @Test
    void withGumbelNoiseTheBestArmWinsAlmostAlways() {
        // sigma(q) = (50 + 1) * 0.1 = 5.1 for the best arm; a Gumbel gap beats that with probability ~e^-5.1 per
        // rival, so a few percent of searches may sample another arm (measured ~3% at 40 simulations).
        Rules rules = Rules.trompTaylor(3);
        int wins = 0;
        for (int seed = 0; seed < 100; seed++) {
            int target = seed % 9;
            BatchedSearch search = TestEvaluators.search(gumbel(40, 16).build(), rules, 1,
                    TestEvaluators.pointIsGood(rules, target), seed);
            wins += TestEvaluators.searchOne(search, new Game(rules)).action() == target ? 1 : 0;
        }
        assertTrue(wins >= 90, wins + " of 100");
    }

    @ParameterizedTest(name = "{0}x{0}, m = {1}, {2} leaves per tree")
    @CsvSource({"3, 4, 1", "4, 8, 1", "5, 16, 1", "5, 4, 3"})
    void completedQTargetIsADistributionOverLegalActions(int size, int considered, int leaves) {
        Rules rules = Rules.trompTaylor(size);
        Game game = TestEvaluators.randomPosition(rules, 3, size);
        BatchedSearch search = TestEvaluators.search(gumbel(48, considered).leavesPerTree(leaves).build(), rules, 1,
                TestEvaluators.hashed(rules), 2);
        SearchResult result = TestEvaluators.searchOne(search, game);
        boolean[] legal = new boolean[rules.actionCount()];
        game.legalMask(legal, 0);
        double sum = 0;
        for (int a = 0; a < legal.length; a++) {
            float p = result.policy()[a];
            assertTrue(legal[a] ? p > 0f : p == 0f, "action " + a + " legal " + legal[a] + " p " + p);
            sum += p;
        }
        assertEquals(1.0, sum, 1e-5);
        assertEquals(48, Arrays.stream(result.visits()).sum());
        long visited = Arrays.stream(result.visits()).filter(v -> v > 0).count();
        assertEquals(Math.min(considered, game.legalMask(legal, 0)), visited, "only considered actions are visited");
        assertTrue(result.visits()[result.action()] == Arrays.stream(result.visits()).max().orElseThrow());
    }

    @Test
    void withoutGumbelNoiseTheSearchIsDeterministic() {
        Rules rules = Rules.trompTaylor(4);
        SearchConfig config = gumbel(32, 8).gumbelScale(0f).build();
        Game game = TestEvaluators.randomPosition(rules, 2, 1);
        SearchResult a = TestEvaluators.searchOne(
                TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 1), game);
        int action = a.action();
        float[] policy = a.policy().clone();
        SearchResult b = TestEvaluators.searchOne(
                TestEvaluators.search(config, rules, 1, TestEvaluators.hashed(rules), 99), game);
        assertEquals(action, b.action());
        assertArrayEquals(policy, b.policy());
    }
}
