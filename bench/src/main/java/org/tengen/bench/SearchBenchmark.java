package org.tengen.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.search.BatchedSearch;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchAlgorithm;
import org.tengen.search.SearchConfig;

/**
 * The search's own cost, without a network: one operation is one move of {@code trees} 9x9 games, each searched with
 * 400 simulations over the uniform evaluator (the leaf env still writes az17 observations, as for a network), then
 * played; the score times {@code trees * 400} is simulations per second. Run:
 * {@code java -jar bench/target/benchmarks.jar SearchBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SearchBenchmark {
    private static final int SIMULATIONS = 400;

    @Param({"PUCT", "GUMBEL"})
    SearchAlgorithm algorithm;

    @Param({"1", "16"})
    int trees;

    private Rules rules;
    private BatchedSearch search;
    private Game[] games;

    @Setup(Level.Trial)
    public void setUp() {
        rules = Rules.trompTaylor(9).withMaxMoves(2 * 81);
        FeatureSet features = FeatureSets.byId("az17");
        SearchConfig config = SearchConfig.builder().algorithm(algorithm).simulations(SIMULATIONS).build();
        search = new BatchedSearch(config, rules, trees, new NetworkLeafEvaluator(
                new UniformEvaluator(InputSpec.of(features, rules)), features, trees), 1);
        games = new Game[trees];
        for (int t = 0; t < trees; t++) {
            games[t] = new Game(rules);
        }
    }

    @Benchmark
    public void move(Blackhole bh) {
        search.search(games);
        for (int t = 0; t < trees; t++) {
            int action = search.result(t).action();
            games[t].play(action);
            if (games[t].isOver()) {
                games[t].reset();
            }
            bh.consume(action);
        }
    }
}
