package org.tengen.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.ObservationFormat;
import org.tengen.env.vec.RandomLegalSampler;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;

/**
 * Measures environment throughput: random legal play in a {@link VecEnv} (legal masks always computed,
 * observations as configured), counted in game steps per second over all threads: the CLI's {@code bench} command.
 * {@link VecEnvBenchmark} measures the same loop under JMH.
 */
public final class EnvThroughput {
    private EnvThroughput() {
    }

    /**
     * One measured configuration.
     *
     * @param rules          the rules (board size from them)
     * @param envs           games stepped together
     * @param threads        threads stepping them
     * @param obs            feature set id, {@code none} without observations, {@code :bits} added when packed
     * @param steps          game steps measured (a batch step of N games counts N)
     * @param seconds        wall time of the measurement
     * @param peakHeapBytes  peak heap use during the configuration (the heap pools' peaks, summed)
     * @param bufferBytes    the env's direct observation buffers (current and final observations)
     */
    public record Result(Rules rules, int envs, int threads, String obs, long steps, double seconds,
                         long peakHeapBytes, long bufferBytes) {
        public double stepsPerSecond() {
            return steps / seconds;
        }

        /** {@code board=9x9 envs=256 threads=2 obs=az17 steps_per_s=1234567}. */
        public String machineLine() {
            return String.format(Locale.ROOT, "board=%dx%d envs=%d threads=%d obs=%s steps_per_s=%d",
                    rules.width(), rules.height(), envs, threads, obs, Math.round(stepsPerSecond()));
        }
    }

    /**
     * Plays random legal games in {@code envs} environments (observations in {@code format}) for {@code warmupSeconds},
     * then measures for
     * {@code seconds}. The env, its buffers and the sampler are built before timing starts.
     */
    public static Result measure(Rules rules, int envs, int threads, FeatureSet features, ObservationFormat format,
                                 double warmupSeconds, double seconds) {
        VecEnvConfig config = VecEnvConfig.of(rules, envs).withFeatures(features).withThreads(threads)
                .withObservationFormat(format);
        // Start each configuration from a collected heap, so its peak is its own (untimed).
        System.gc();
        resetPeakHeap();
        try (VecEnv env = new VecEnv(config)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[envs];
            run(env, sampler, actions, warmupSeconds);
            long start = System.nanoTime();
            long batches = run(env, sampler, actions, seconds);
            double elapsed = (System.nanoTime() - start) / 1e9;
            boolean bits = format == ObservationFormat.BITS;
            long positionBytes = bits ? (long) Long.BYTES * env.observationWords()
                    : (long) Float.BYTES * env.observationSize();
            return new Result(env.rules(), envs, env.threads(), features.id() + (bits ? ObservationFormat.BITS_SUFFIX : ""),
                    batches * envs, elapsed, peakHeap(), 2L * envs * positionBytes);
        }
    }

    /** Steps until {@code seconds} have passed (checking the clock every few batches); returns batches. */
    private static long run(VecEnv env, RandomLegalSampler sampler, int[] actions, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long batches = 0;
        do {
            for (int k = 0; k < 8; k++) {
                sampler.sample(env, actions);
                env.step(actions);
            }
            batches += 8;
        } while (System.nanoTime() < end);
        return batches;
    }

    private static void resetPeakHeap() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
