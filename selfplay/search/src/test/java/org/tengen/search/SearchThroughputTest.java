package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * Prints simulations per second on 9x9 with the uniform evaluator (a measurement, not a check: run with
 * {@code -Dgroups=slow -Dtest=SearchThroughputTest}; the output lands in the surefire report).
 */
@Tag("slow")
class SearchThroughputTest {

    @ParameterizedTest(name = "{0}, {1} trees")
    @CsvSource({"PUCT, 1", "PUCT, 16", "GUMBEL, 16"})
    void selfPlayMovesOnNineByNine(SearchAlgorithm algorithm, int trees) {
        Rules rules = Rules.trompTaylor(9);
        SearchConfig config = SearchConfig.builder().algorithm(algorithm).simulations(400).build();
        BatchedSearch search = TestEvaluators.search(config, rules, trees, TestEvaluators.uniform(rules), 1);
        Game[] games = new Game[trees];
        for (int t = 0; t < trees; t++) {
            games[t] = new Game(rules);
        }
        long simulations = 0;
        long start = 0;
        int moves = 24;
        for (int move = 0; move < moves; move++) {
            if (move == 4) {
                start = System.nanoTime();
                simulations = 0;
            }
            search.search(games);
            for (int t = 0; t < trees; t++) {
                simulations += search.result(t).simulations();
                games[t].play(search.result(t).action());
                if (games[t].isOver()) {
                    games[t].reset();
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%s, %d trees: %.0f simulations/s (%d in %.2f s)%n", algorithm, trees,
                simulations / seconds, simulations, seconds);
        assertTrue(simulations > 0);
    }
}
