package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

class PlayersTest {

    /** Plays one game (Game.play rejects illegal moves); returns the winner. */
    private static int play(Rules rules, Player black, Player white) {
        Game game = new Game(rules);
        while (!game.isOver()) {
            Player mover = game.toMove() == Stone.BLACK ? black : white;
            game.play(mover.selectAction(game));
            game.board().checkConsistency();
        }
        return game.winner();
    }

    @Test
    void randomPlayersFinishLegalGames() {
        Rules rules = Rules.trompTaylor(5).withMaxMoves(200);
        for (long seed = 0; seed < 10; seed++) {
            play(rules, new RandomPlayer(seed), new RandomPlayer(seed + 100));
        }
    }

    @Test
    void rolloutMctsBeatsRandom() {
        Rules rules = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(150);
        int wins = 0;
        for (int g = 0; g < 4; g++) {
            try (MctsPlayer mcts = MctsPlayer.rollouts(rules, 100, 1, g)) {
                RandomPlayer random = new RandomPlayer(g);
                boolean mctsBlack = g % 2 == 0;
                int winner = mctsBlack ? play(rules, mcts, random) : play(rules, random, mcts);
                wins += winner == (mctsBlack ? Stone.BLACK : Stone.WHITE) ? 1 : 0;
            }
        }
        assertTrue(wins >= 3, "mcts-rollout won " + wins + " of 4 against random");
    }

    @Test
    void networkMctsPlayersReuseTreesThroughAWholeGame() {
        Rules rules = Rules.trompTaylor(4).withMaxMoves(60);
        SearchConfig config = SearchConfig.builder().simulations(24).build();
        try (MctsPlayer black = new MctsPlayer("a", config, rules, TestEvaluators.leaves(TestEvaluators.hashed(rules), 1), 1);
             MctsPlayer white = new MctsPlayer("b", config, rules, TestEvaluators.leaves(TestEvaluators.hashed(rules), 1), 2)) {
            play(rules, black, white);
            assertEquals(24, black.lastResult().simulations());
            assertEquals("a", black.name());
        }
    }
}
