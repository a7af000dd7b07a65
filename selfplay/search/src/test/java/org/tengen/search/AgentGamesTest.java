package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.SearchAgent;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.Evaluator;

class AgentGamesTest {

    /** Plays one game between two agents of one slot (Game.play rejects illegal moves); returns the winner. */
    private static int play(Rules rules, Agent black, Agent white, java.util.function.Consumer<Agent> afterMove) {
        Game game = new Game(rules);
        Game[] one = new Game[1];
        int[] action = new int[1];
        while (!game.isOver()) {
            Agent mover = game.toMove() == Stone.BLACK ? black : white;
            one[0] = game;
            mover.act(one, action, Budget.UNLIMITED);
            game.play(action[0]);
            game.board().checkConsistency();
            afterMove.accept(mover);
        }
        return game.winner();
    }

    @Test
    void randomAgentsFinishLegalGames() {
        Rules rules = Rules.trompTaylor(5).withMaxMoves(200);
        for (long seed = 0; seed < 10; seed++) {
            play(rules, new RandomAgent(seed), new RandomAgent(seed + 100), a -> { });
        }
    }

    @Test
    void rolloutSearchBeatsRandom() {
        Rules rules = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(150);
        int wins = 0;
        for (int g = 0; g < 4; g++) {
            try (SearchAgent mcts = SearchAgent.rollouts(100, 1, g)) {
                RandomAgent random = new RandomAgent(g);
                boolean mctsBlack = g % 2 == 0;
                int winner = mctsBlack ? play(rules, mcts, random, a -> { }) : play(rules, random, mcts, a -> { });
                wins += winner == (mctsBlack ? Stone.BLACK : Stone.WHITE) ? 1 : 0;
            }
        }
        assertTrue(wins >= 3, "mcts-rollout won " + wins + " of 4 against random");
    }

    /** A whole game between two network search agents; per move, the root visits the search reports. */
    private static void wholeGame(boolean reuse, int simulations, long[] maxRootVisits) {
        Rules rules = Rules.trompTaylor(4).withMaxMoves(60);
        SearchConfig config = SearchConfig.builder().simulations(simulations).reuseTree(reuse).build();
        Evaluator evaluator = TestEvaluators.hashed(rules);
        try (SearchAgent black = new SearchAgent("a", config, 1, (r, n) -> TestEvaluators.leaves(evaluator, n), 1);
             SearchAgent white = new SearchAgent("b", config, 1, (r, n) -> TestEvaluators.leaves(evaluator, n), 2)) {
            assertEquals("a", black.name());
            play(rules, black, white, mover -> {
                SearchResult r = ((SearchAgent) mover).result(0);
                assertEquals(simulations, r.simulations());
                maxRootVisits[0] = Math.max(maxRootVisits[0], IntStream.of(r.visits()).sum());
            });
        }
    }

    @Test
    void searchAgentsReuseTheirTreesThroughAWholeGame() {
        long[] reusedVisits = {0};
        long[] freshVisits = {0};
        wholeGame(true, 24, reusedVisits);
        wholeGame(false, 24, freshVisits);
        // Without reuse a root holds exactly the new simulations; with it, the subtree kept from earlier moves too.
        assertEquals(24, freshVisits[0]);
        assertTrue(reusedVisits[0] > 24, "no search started from a reused subtree: " + reusedVisits[0]);
    }
}
