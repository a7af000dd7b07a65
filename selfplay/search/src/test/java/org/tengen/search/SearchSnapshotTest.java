package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/** What analysis reads from a running search: snapshots, and an observer that watches and stops it. */
class SearchSnapshotTest {
    private static final Rules RULES = Rules.trompTaylor(5);

    private static SearchConfig.Builder quiet(int simulations) {
        return SearchConfig.builder().simulations(simulations).dirichletEpsilon(0f).temperatureMoves(0)
                .reuseTree(false);
    }

    @Test
    void aSnapshotAgreesWithTheSearchResult() {
        BatchedSearch search = TestEvaluators.search(quiet(200).build(), RULES, 1, TestEvaluators.hashed(RULES), 3);
        Game game = TestEvaluators.randomPosition(RULES, 6, 4);
        SearchResult result = TestEvaluators.searchOne(search, game);
        SearchSnapshot snapshot = search.snapshot(0, 8);
        assertEquals(game.toMove(), snapshot.player());
        assertEquals(201, snapshot.visits(), "the root's own evaluation and 200 simulations");
        assertEquals(1f, snapshot.utilityRange());
        assertEquals(result.rootValue(), snapshot.utility(), 1e-5);
        // Without a score utility, utility and win/loss value are the same.
        assertEquals(snapshot.utility(), snapshot.winLoss(), 1e-5);
        int legal = 0;
        for (int a = 0; a < RULES.actionCount(); a++) {
            legal += game.isLegal(a) ? 1 : 0;
        }
        assertEquals(legal, snapshot.candidates().size(), "every legal action");
        int previous = Integer.MAX_VALUE;
        int total = 0;
        for (SearchSnapshot.Candidate c : snapshot.candidates()) {
            assertTrue(c.visits() <= previous, "most visited first");
            previous = c.visits();
            total += c.visits();
            assertEquals(result.visits()[c.action()], c.visits());
            assertEquals(result.priors()[c.action()], c.prior());
            assertEquals(c.pv().length, c.pvVisits().length);
            assertTrue(c.pv().length >= 1 && c.pv().length <= 8);
            assertEquals(c.action(), c.pv()[0]);
            assertEquals(c.visits(), c.pvVisits()[0]);
            for (int i = 1; i < c.pvVisits().length; i++) {
                assertTrue(c.pvVisits()[i] > 0 && c.pvVisits()[i] < c.pvVisits()[i - 1], "down the visited path");
            }
            if (c.visits() > 0) {
                assertEquals(result.values()[c.action()], c.utility(), 1e-5);
                assertTrue(c.utilityRadius() > 0 && c.utilityRadius() < 10);
            } else {
                assertEquals(-1f, c.winLoss());
                assertEquals(10f, c.utilityRadius(), 1e-5, "KataGo's bound without visits: 2 x range x 5");
            }
        }
        assertEquals(200, total);
        // The pv replays legally.
        Game replay = new Game(RULES);
        replay.copyFrom(game);
        for (int a : snapshot.candidates().get(0).pv()) {
            assertTrue(replay.isLegal(a) && !replay.isOver());
            replay.playLegal(a);
        }
    }

    @Test
    void withAScoreUtilityTheWinLossValueAndTheScoreAreKeptApart() {
        int point = 12;
        SearchConfig config = quiet(100).scoreUtility(0.5f).build();
        BatchedSearch search = TestEvaluators.search(config, RULES, 1,
                TestEvaluators.pointIsWorthPoints(RULES, point), 1);
        TestEvaluators.searchOne(search, new Game(RULES));
        SearchSnapshot snapshot = search.snapshot(0, 4);
        assertEquals(1.5f, snapshot.utilityRange());
        SearchSnapshot.Candidate centre = snapshot.candidates().stream().filter(c -> c.action() == point)
                .findFirst().orElseThrow();
        // The evaluator's value is 0 everywhere, so only the utility sees the 3 points the centre is worth.
        assertEquals(0f, centre.winLoss(), 1e-6);
        assertTrue(centre.score() > 2.9f, "the centre's margin: " + centre.score());
        assertTrue(centre.utility() > 0f, "the score utility: " + centre.utility());
    }

    @Test
    void anObserverSeesEveryBatchAndCanStopTheSearch() {
        BatchedSearch search = TestEvaluators.search(quiet(500).build(), RULES, 1, TestEvaluators.hashed(RULES), 3);
        Game[] one = {TestEvaluators.randomPosition(RULES, 2, 9)};
        List<Integer> visits = new ArrayList<>();
        search.search(one, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE, (s, finished) -> {
            visits.add(s.snapshot(0, 1).visits());
            return visits.size() < 30;
        });
        assertEquals(30, visits.size());
        assertEquals(30, search.result(0).simulations(), "stopped after the 30th batch of one leaf");
        assertTrue(one[0].isLegal(search.result(0).action()), "and still chose a move");
        List<Boolean> finished = new ArrayList<>();
        search.search(one, 20, BatchedSearch.NO_DEADLINE, (s, last) -> finished.add(last));
        assertEquals(20, finished.size());
        assertArrayEquals(new Object[] {false, true}, new Object[] {finished.get(18), finished.get(19)});
    }
}
