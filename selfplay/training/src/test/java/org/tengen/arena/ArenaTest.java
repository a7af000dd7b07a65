package org.tengen.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.Referee;
import org.tengen.agent.SearchAgent;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Rules;
import org.tengen.sgf.GameRecord;

class ArenaTest {
    private static final Rules RULES = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(60);

    @Test
    void rolloutSearchBeatsRandomWithAlternatingColours() {
        List<GameRecord> records = new ArrayList<>();
        try (Agent mcts = SearchAgent.rollouts(48, 6, 3);
             Agent random = new RandomAgent(11)) {
            Arena.MatchResult result = Arena.play(mcts, random, RULES, FeatureSets.byId("none"), 12, 6,
                    Referee.AREA, records::add);
            assertEquals(12, result.games());
            assertEquals(12, result.results().size());
            assertEquals(12, records.size());
            assertTrue(result.winsA() >= 10, "mcts won only " + result.winsA() + " of 12");
            long mctsBlack = records.stream().filter(r -> "mcts-rollout".equals(r.blackPlayer())).count();
            assertEquals(6, mctsBlack, "colours alternate");
            assertTrue(result.ci95() > 0 && result.ci95() < 0.5);
        }
    }

    @Test
    void gamesCutByTheMoveCapAreReported() {
        try (Agent a = new RandomAgent(1); Agent b = new RandomAgent(2)) {
            List<GameRecord> records = new ArrayList<>();
            Arena.MatchResult capped = Arena.play(a, b, RULES.withMaxMoves(6), FeatureSets.byId("none"), 8, 4,
                    Referee.AREA, records::add);
            assertEquals(8, capped.cut(), "random players never pass within 6 turns on 5x5");
            int blackWins = 0;
            for (GameRecord record : records) {
                // No result, yet counted: the record says by what.
                assertEquals("Void", record.result());
                String counted = record.history().replay().score().result();
                assertEquals("Counted as it stood: " + counted, record.comment());
                boolean aBlack = record.blackPlayer().equals(a.name());
                blackWins += counted.startsWith("B+") == aBlack ? 1 : 0;
            }
            assertEquals(capped.winsA(), blackWins, "A's wins are the games counted for A");
            Arena.MatchResult open = Arena.play(a, b, RULES.withMaxMoves(1000), FeatureSets.byId("none"), 8, 4,
                    Referee.AREA, r -> { });
            assertEquals(0, open.cut());
        }
    }

    /** Always plays the first legal point, passing only when there is none: every game it plays is the same. */
    private static final class FirstLegalPoint implements Agent {
        @Override
        public String name() {
            return "first-legal";
        }

        @Override
        public void act(Game[] games, int[] actions, Budget budget) {
            for (int i = 0; i < games.length; i++) {
                if (games[i] != null) {
                    int pass = games[i].rules().passAction();
                    int a = 0;
                    while (a < pass && !games[i].isLegal(a)) {
                        a++;
                    }
                    actions[i] = a;
                }
            }
        }
    }

    @Test
    void aRandomOpeningMakesDeterministicPlayersPlayDistinctGamesAndIsRecordedAsSetUp() {
        try (Agent a = new FirstLegalPoint(); Agent b = new FirstLegalPoint()) {
            Set<String> plain = new HashSet<>();
            Arena.play(a, b, RULES, FeatureSets.byId("none"), 8, 4, Referee.AREA,
                    r -> plain.add(r.history().moves().toString()));
            assertEquals(1, plain.size(), "without an opening a deterministic pair repeats one game");

            List<GameRecord> records = new ArrayList<>();
            Arena.MatchResult r = Arena.play(a, b, RULES, FeatureSets.byId("none"), 8, 4, new Arena.Opening(4, 9),
                    Referee.AREA, records::add);
            assertEquals(8, r.games());
            Set<List<Integer>> openings = new HashSet<>();
            for (GameRecord record : records) {
                GameHistory h = record.history();
                assertEquals(2, h.blackStones().size(), "Black's two opening stones are set-up");
                assertEquals(2, h.whiteStones().size(), "White's two opening stones are set-up");
                assertEquals(Stone.BLACK, h.firstPlayer());
                assertTrue(h.moveCount() > 0 && h.replay().board().stoneCount() > 0, "the players' moves replay");
                List<Integer> stones = new ArrayList<>(h.blackStones());
                stones.addAll(h.whiteStones());
                openings.add(stones);
            }
            assertTrue(openings.size() >= 7, "8 games had only " + openings.size() + " distinct openings");
            List<GameRecord> again = new ArrayList<>();
            Arena.play(a, b, RULES, FeatureSets.byId("none"), 8, 4, new Arena.Opening(4, 9), Referee.AREA,
                    again::add);
            for (int i = 0; i < 8; i++) {
                assertEquals(records.get(i).history(), again.get(i).history(), "the same seed opens the same way");
            }
        }
    }
}
