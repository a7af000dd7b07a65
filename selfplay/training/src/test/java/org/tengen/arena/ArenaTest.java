package org.tengen.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.agent.Agent;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.Referee;
import org.tengen.agent.SearchAgent;
import org.tengen.env.features.FeatureSets;
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
            Arena.MatchResult capped = Arena.play(a, b, RULES.withMaxMoves(6), FeatureSets.byId("none"), 8, 4,
                    Referee.AREA, r -> { });
            assertEquals(8, capped.cut(), "random players never pass within 6 turns on 5x5");
            Arena.MatchResult open = Arena.play(a, b, RULES.withMaxMoves(1000), FeatureSets.byId("none"), 8, 4,
                    Referee.AREA, r -> { });
            assertEquals(0, open.cut());
        }
    }
}
