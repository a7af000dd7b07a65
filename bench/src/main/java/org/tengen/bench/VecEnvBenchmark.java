package org.tengen.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.RandomLegalSampler;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;

/**
 * Game steps per second of a {@link VecEnv} of {@value #ENVS} games under random legal play: one operation is one
 * game step (a batch step counts {@value #ENVS}), legal masks always computed, observations {@code az17} or
 * {@code none}. The timed method also draws the next random actions, on the env's threads as each game is stepped.
 * With {@code groups} 8 the games are stepped asynchronously ({@link VecEnv#send}, {@link VecEnv#recv}), every group
 * in flight: an invocation hands back and sends again 8 groups, {@value #ENVS} game steps on average.
 * Run: {@code java -jar bench/target/benchmarks.jar VecEnvBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@OperationsPerInvocation(VecEnvBenchmark.ENVS)
public class VecEnvBenchmark {
    static final int ENVS = 256;

    @Param({"9", "19"})
    int size;

    @Param({"az17", "none"})
    String obs;

    @Param({"1", "2"})
    int threads;

    @Param({"1", "8"})
    int groups;

    private VecEnv env;
    private RandomLegalSampler sampler;
    private int[] actions;

    @Setup(Level.Trial)
    public void setUp() {
        env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(size), ENVS).withFeatures(FeatureSets.byId(obs))
                .withThreads(threads).withGroups(groups));
        sampler = new RandomLegalSampler(env);
        actions = new int[ENVS];
        sampler.sample(env, actions);
        if (groups > 1) {
            for (int g = 0; g < groups; g++) {
                env.send(g, actions, sampler);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        env.close();
    }

    @Benchmark
    public void step(Blackhole bh) {
        if (groups == 1) {
            env.step(actions, sampler);
        } else {
            for (int k = 0; k < groups; k++) {
                env.send(env.recv(), actions, sampler);
            }
        }
        bh.consume(env.rewards());
        bh.consume(env.legalCounts());
    }
}
