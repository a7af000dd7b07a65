package org.tengen.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.ObservationFormat;
import org.tengen.env.vec.RandomLegalSampler;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;

/**
 * Measures environment throughput: random legal play in a {@link VecEnv} (legal masks always computed,
 * observations as configured, each next action drawn by the env's threads), counted in game steps per second over all
 * threads: the CLI's {@code bench} command.
 * {@link VecEnvBenchmark} measures the same loop under JMH.
 */
public final class EnvThroughput {
    /** A warm-up window (at most the warm-up asked for) in which the JIT compiled nothing ends the warm-up. */
    private static final double JIT_QUIET_SECONDS = 0.25;
    /** The longest warm-up, as a multiple of the one asked for, for a JIT that does not go quiet. */
    private static final double MAX_WARMUP_FACTOR = 10;

    private EnvThroughput() {
    }

    /**
     * A configuration to measure.
     *
     * @param rules    the rules (board size from them)
     * @param envs     games stepped together
     * @param threads  threads stepping them
     * @param features the observations' feature set
     * @param format   floats or bits
     */
    public record Setup(Rules rules, int envs, int threads, FeatureSet features, ObservationFormat format) {
    }

    /**
     * One measurement of a configuration.
     *
     * @param rules          the rules (board size from them)
     * @param envs           games stepped together
     * @param threads        threads stepping them
     * @param obs            feature set id, {@code none} without observations, {@code :bits} added when packed
     * @param steps          game steps measured (a batch step of N games counts N)
     * @param seconds        wall time of the measurement
     * @param warmupSeconds  wall time of the warm-up before it
     * @param peakHeapBytes  peak heap use during the configuration (the heap pools' peaks, summed)
     * @param bufferBytes    the env's direct observation buffers (current and final observations)
     */
    public record Result(Rules rules, int envs, int threads, String obs, long steps, double seconds,
                         double warmupSeconds, long peakHeapBytes, long bufferBytes) {
        public double stepsPerSecond() {
            return steps / seconds;
        }
    }

    /**
     * The measurements of one configuration, one per round.
     *
     * @param results in round order
     */
    public record Rounds(List<Result> results) {
        /** {@return the median steps per second over the rounds} */
        public double stepsPerSecond() {
            return median(results.stream().mapToDouble(Result::stepsPerSecond).toArray());
        }

        /**
         * {@return the median over rounds of this configuration's rate divided by {@code base}'s in the same
         * round}: a ratio of two configurations measured side by side, which a machine's slower stretches
         * mostly cancel out of
         *
         * @param base measured in the same rounds
         */
        public double ratioTo(Rounds base) {
            double[] ratios = new double[results.size()];
            for (int r = 0; r < ratios.length; r++) {
                ratios[r] = results.get(r).stepsPerSecond() / base.results.get(r).stepsPerSecond();
            }
            return median(ratios);
        }

        /** {@return the first round's result, for what does not change from round to round} */
        public Result first() {
            return results.get(0);
        }

        /** {@code board=9x9 envs=256 threads=2 obs=az17 steps_per_s=1234567 rounds=3}, the median rate. */
        public String machineLine() {
            Result r = first();
            return String.format(Locale.ROOT, "board=%dx%d envs=%d threads=%d obs=%s steps_per_s=%d rounds=%d",
                    r.rules().width(), r.rules().height(), r.envs(), r.threads(), r.obs(),
                    Math.round(stepsPerSecond()), results.size());
        }

        private static double median(double[] values) {
            double[] v = values.clone();
            Arrays.sort(v);
            int n = v.length;
            return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        }
    }

    /**
     * Measures every setup {@code rounds} times, all setups in turn within a round, so that a slower stretch of a
     * shared machine falls on all of them rather than on one.
     *
     * @param setups        what to measure
     * @param rounds        rounds, at least 1
     * @param warmupSeconds warm-up of each measurement
     * @param seconds       each measurement
     * @param progress      told of each measurement as it ends
     * @return each setup's rounds, in the setups' order
     */
    public static List<Rounds> alternate(List<Setup> setups, int rounds, double warmupSeconds, double seconds,
                                         Consumer<Result> progress) {
        List<List<Result>> results = new ArrayList<>();
        setups.forEach(s -> results.add(new ArrayList<>()));
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < setups.size(); k++) {
                Result r = measure(setups.get(k), warmupSeconds, seconds);
                results.get(k).add(r);
                progress.accept(r);
            }
        }
        return results.stream().map(r -> new Rounds(List.copyOf(r))).toList();
    }

    /**
     * Plays random legal games in the setup's env for {@code warmupSeconds}, then measures for {@code seconds}. The
     * env, its buffers and the sampler are built before timing starts.
     */
    public static Result measure(Setup setup, double warmupSeconds, double seconds) {
        int envs = setup.envs();
        ObservationFormat format = setup.format();
        VecEnvConfig config = VecEnvConfig.of(setup.rules(), envs).withFeatures(setup.features())
                .withThreads(setup.threads()).withObservationFormat(format);
        // Start each configuration from a collected heap, so its peak is its own (untimed).
        System.gc();
        resetPeakHeap();
        try (VecEnv env = new VecEnv(config)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[envs];
            sampler.sample(env, actions);
            double warmed = warmUp(env, sampler, actions, warmupSeconds);
            long start = System.nanoTime();
            long batches = run(env, sampler, actions, seconds);
            double elapsed = (System.nanoTime() - start) / 1e9;
            boolean bits = format == ObservationFormat.BITS;
            long positionBytes = bits ? (long) Long.BYTES * env.observationWords()
                    : (long) Float.BYTES * env.observationSize();
            return new Result(env.rules(), envs, env.threads(),
                    setup.features().id() + (bits ? ObservationFormat.BITS_SUFFIX : ""),
                    batches * envs, elapsed, warmed, peakHeap(), 2L * envs * positionBytes);
        }
    }

    /**
     * Plays for {@code seconds}, then on while the JIT still compiles, up to {@link #MAX_WARMUP_FACTOR} times
     * {@code seconds} in all; returns the seconds played. The compiler shares the cores with the env's threads and a
     * new thread count recompiles the step: measured before it is done, a cold 9x9 {@code az17} run on two threads
     * read 1.1-1.3 M steps/s after 1 s where it made 1.3-1.7 M later.
     */
    private static double warmUp(VecEnv env, RandomLegalSampler sampler, int[] actions, double seconds) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long start = System.nanoTime();
        run(env, sampler, actions, seconds);
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            long deadline = start + (long) (MAX_WARMUP_FACTOR * seconds * 1e9);
            double window = Math.min(JIT_QUIET_SECONDS, seconds);
            long compiled = jit.getTotalCompilationTime();
            while (System.nanoTime() < deadline) {
                run(env, sampler, actions, window);
                long now = jit.getTotalCompilationTime();
                if (now == compiled) {
                    break;
                }
                compiled = now;
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * Steps until {@code seconds} have passed (checking the clock every few batches); returns batches. The env draws
     * each game's next action right after stepping it, on its own threads, as a player that needs only the mask can.
     */
    private static long run(VecEnv env, RandomLegalSampler sampler, int[] actions, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long batches = 0;
        do {
            for (int k = 0; k < 8; k++) {
                env.step(actions, sampler);
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
