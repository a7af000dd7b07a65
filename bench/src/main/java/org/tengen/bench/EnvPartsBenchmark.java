package org.tengen.bench;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * The two hot parts of a step, per position, over {@value #POSITIONS} positions sampled from random legal games:
 * the legal mask and the observation encoding. Average time per position.
 * Run: {@code java -jar bench/target/benchmarks.jar EnvPartsBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@OperationsPerInvocation(EnvPartsBenchmark.POSITIONS)
public class EnvPartsBenchmark {
    static final int POSITIONS = 64;

    @Param({"9", "19"})
    int size;

    private Game[] positions;
    private boolean[] mask;

    /** The encoder under test, a separate state so that only {@link #encode} varies with it. */
    @State(Scope.Thread)
    public static class Encoder {
        @Param({"az17", "rich"})
        String obs;

        FeatureSet features;
        FloatBuffer out;

        @Setup(Level.Trial)
        public void setUp(EnvPartsBenchmark positions) {
            features = FeatureSets.byId(obs);
            out = ByteBuffer.allocateDirect(4 * features.planes() * positions.size * positions.size)
                    .order(ByteOrder.nativeOrder()).asFloatBuffer();
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        Rules rules = Rules.trompTaylor(size).withMaxMoves(3 * size * size);
        mask = new boolean[rules.actionCount()];
        positions = new Game[POSITIONS];
        SplittableRandom random = new SplittableRandom(7);
        Game game = new Game(rules);
        for (int n = 0; n < POSITIONS; ) {
            if (game.isOver()) {
                game.reset();
            }
            int legal = game.legalMask(mask, 0);
            int pick = random.nextInt(legal);
            for (int a = 0; a < mask.length; a++) {
                if (mask[a] && pick-- == 0) {
                    game.playLegal(a);
                    break;
                }
            }
            if (random.nextInt(50) == 0) {
                positions[n++] = game.copy();
            }
        }
    }

    @Benchmark
    public int legalMask() {
        int sum = 0;
        for (Game g : positions) {
            sum += g.legalMask(mask, 0);
        }
        return sum;
    }

    @Benchmark
    public void encode(Encoder encoder, Blackhole bh) {
        for (Game g : positions) {
            encoder.features.encode(g, encoder.out, 0);
        }
        bh.consume(encoder.out);
    }
}
