package org.tengen.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.tengen.env.rules.Rules;
import org.tengen.search.RandomPlayer;
import org.tengen.search.RolloutLeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.sgf.GameRecord;
import org.junit.jupiter.api.Test;

class ArenaTest {
    private static final Rules RULES = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(60);

    @Test
    void rolloutSearchBeatsRandomWithAlternatingColours() {
        SearchConfig config = SearchConfig.builder().simulations(48).dirichletEpsilon(0f).temperatureMoves(0)
                .fpuReduction(0f).build();
        List<GameRecord> records = new ArrayList<>();
        try (MatchPlayer mcts = new SearchMatchPlayer("mcts", config, RULES, new RolloutLeafEvaluator(1, 7), 6, 3,
                null);
             MatchPlayer random = new SingleGameMatchPlayer(new RandomPlayer(11))) {
            Arena.MatchResult result = Arena.play(mcts, random, RULES, 12, 6, records::add);
            assertEquals(12, result.games());
            assertEquals(12, result.results().size());
            assertEquals(12, records.size());
            assertTrue(result.winsA() >= 10, "mcts won only " + result.winsA() + " of 12");
            long mctsBlack = records.stream().filter(r -> "mcts".equals(r.blackPlayer())).count();
            assertEquals(6, mctsBlack, "colours alternate");
            assertTrue(result.ci95() > 0 && result.ci95() < 0.5);
        }
    }
}
