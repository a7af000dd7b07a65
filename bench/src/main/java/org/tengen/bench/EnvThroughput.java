package org.tengen.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
     * @param split    the games as {@code threads} independent envs of one thread each, each stepped on a thread of
     *                 its own (no step waits for another thread), instead of one env on {@code threads} threads
     * @param groups   1 to step all games together ({@link VecEnv#step}); more to step them asynchronously in that
     *                 many groups ({@link VecEnv#send}, {@link VecEnv#recv}), all of them in flight
     */
    public record Setup(Rules rules, int envs, int threads, FeatureSet features, ObservationFormat format,
                        boolean split, int groups) {
        /** One env on {@code threads} threads, stepped synchronously. */
        public Setup(Rules rules, int envs, int threads, FeatureSet features, ObservationFormat format) {
            this(rules, envs, threads, features, format, false, 1);
        }
    }

    /**
     * One measurement of a configuration.
     *
     * @param rules          the rules (board size from them)
     * @param envs           games stepped together
     * @param threads        threads stepping them
     * @param split          whether the games were independent envs of one thread each ({@link Setup#split})
     * @param groups         asynchronous groups ({@link Setup#groups}), 1 for synchronous steps
     * @param obs            feature set id, {@code none} without observations, {@code :bits} added when packed
     * @param steps          game steps measured (a batch step of N games counts N)
     * @param seconds        wall time of the measurement
     * @param warmupSeconds  wall time of the warm-up before it
     * @param peakHeapBytes  peak heap use during the configuration (the heap pools' peaks, summed)
     * @param bufferBytes    the env's direct observation buffers (current and final observations)
     */
    public record Result(Rules rules, int envs, int threads, boolean split, int groups, String obs, long steps,
                         double seconds, double warmupSeconds, long peakHeapBytes, long bufferBytes) {
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

        /**
         * {@code board=9x9 envs=256 threads=2 obs=az17 steps_per_s=1234567 rounds=3}, the median rate; independent
         * envs have {@code split=true} after the threads, asynchronous groups {@code groups=G}.
         */
        public String machineLine() {
            Result r = first();
            return String.format(Locale.ROOT, "board=%dx%d envs=%d threads=%d%s%s obs=%s steps_per_s=%d rounds=%d",
                    r.rules().width(), r.rules().height(), r.envs(), r.threads(), r.split() ? " split=true" : "",
                    r.groups() > 1 ? " groups=" + r.groups() : "", r.obs(), Math.round(stepsPerSecond()),
                    results.size());
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
     * Plays random legal games in the setup's env (or, split, in each of its envs at once) for {@code warmupSeconds}
     * or more, then measures for {@code seconds}. The envs, their buffers and the samplers are built before timing
     * starts.
     */
    public static Result measure(Setup setup, double warmupSeconds, double seconds) {
        int count = setup.split() ? setup.threads() : 1;
        if (setup.envs() < count) {
            throw new IllegalArgumentException(setup.envs() + " games cannot be split into " + count + " envs");
        }
        ObservationFormat format = setup.format();
        // Start each configuration from a collected heap, so its peak is its own (untimed).
        System.gc();
        resetPeakHeap();
        VecEnv[] envs = new VecEnv[count];
        ExecutorService threads = count > 1 ? Executors.newFixedThreadPool(count) : null;
        try {
            for (int k = 0; k < count; k++) {
                // The games shared out as evenly as they go, each env with a seed of its own.
                int games = (int) ((long) setup.envs() * (k + 1) / count) - (int) ((long) setup.envs() * k / count);
                envs[k] = new VecEnv(VecEnvConfig.of(setup.rules(), games).withFeatures(setup.features())
                        .withThreads(setup.split() ? 1 : setup.threads()).withObservationFormat(format).withSeed(k)
                        .withGroups(setup.groups()));
            }
            long[][] parts = threads == null ? new long[][] {play(envs[0], warmupSeconds, seconds, null)}
                    : playTogether(envs, threads, warmupSeconds, seconds);
            long steps = 0;
            long warmNanos = 0;
            long nanos = 0;
            for (long[] p : parts) {
                steps += p[0];
                warmNanos = Math.max(warmNanos, p[1]);
                nanos = Math.max(nanos, p[2]);
            }
            VecEnv env = envs[0];
            boolean bits = format == ObservationFormat.BITS;
            long positionBytes = bits ? (long) Long.BYTES * env.observationWords()
                    : (long) Float.BYTES * env.observationSize();
            return new Result(env.rules(), setup.envs(), setup.split() ? count : env.threads(), setup.split(),
                    setup.groups(),
                    setup.features().id() + (bits ? ObservationFormat.BITS_SUFFIX : ""),
                    steps, nanos / 1e9, warmNanos / 1e9, peakHeap(), 2L * setup.envs() * positionBytes);
        } finally {
            if (threads != null) {
                threads.shutdownNow();
            }
            for (VecEnv env : envs) {
                if (env != null) {
                    env.close();
                }
            }
        }
    }

    /**
     * Plays each env on a thread of its own, the measurements starting together; each env's {@link #play}. The first
     * failure is thrown as soon as it happens (the caller's shutdown then interrupts the threads waiting to start).
     */
    private static long[][] playTogether(VecEnv[] envs, ExecutorService threads, double warmupSeconds,
                                         double seconds) {
        CyclicBarrier start = new CyclicBarrier(envs.length);
        CompletionService<long[]> done = new ExecutorCompletionService<>(threads);
        for (VecEnv env : envs) {
            done.submit(() -> play(env, warmupSeconds, seconds, start));
        }
        long[][] results = new long[envs.length][];
        try {
            for (int k = 0; k < envs.length; k++) {
                results[k] = done.take().get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a measuring thread failed: " + e.getCause(), e.getCause());
        }
        return results;
    }

    /**
     * Plays random legal games in {@code env}: a warm-up, then (after all players reach {@code start}, when given)
     * {@code seconds} measured; returns {@code {steps, warm-up nanos, measured nanos}}. The sampler and the actions
     * are made before the clock starts.
     */
    private static long[] play(VecEnv env, double warmupSeconds, double seconds, CyclicBarrier start) {
        RandomLegalSampler sampler = new RandomLegalSampler(env);
        int[] actions = new int[env.numEnvs()];
        sampler.sample(env, actions);
        long warmStart = System.nanoTime();
        warmUp(env, sampler, actions, warmupSeconds);
        long warmNanos = System.nanoTime() - warmStart;
        if (start != null) {
            try {
                start.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted before measuring", e);
            } catch (BrokenBarrierException e) {
                throw new IllegalStateException("another measuring thread failed", e);
            }
        }
        long begin = System.nanoTime();
        long steps = run(env, sampler, actions, seconds);
        return new long[] {steps, warmNanos, System.nanoTime() - begin};
    }

    /**
     * Plays for {@code seconds}, then on while the JIT still compiles, up to {@link #MAX_WARMUP_FACTOR} times
     * {@code seconds} in all. The compiler shares the cores with the env's threads and a
     * new thread count recompiles the step: measured before it is done, a cold 9x9 {@code az17} run on two threads
     * read 1.1-1.3 M steps/s after 1 s where it made 1.3-1.7 M later.
     */
    private static void warmUp(VecEnv env, RandomLegalSampler sampler, int[] actions, double seconds) {
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
    }

    /**
     * Steps until {@code seconds} have passed (checking the clock every few batches); returns game steps. The env
     * draws each game's next action right after stepping it, on its own threads, as a player that needs only the
     * mask can. With groups, every group is sent, and each one handed back is sent again at once; the groups still in
     * flight at the end are handed back and counted.
     */
    private static long run(VecEnv env, RandomLegalSampler sampler, int[] actions, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long steps = 0;
        if (env.groups() == 1) {
            do {
                for (int k = 0; k < 8; k++) {
                    env.step(actions, sampler);
                }
                steps += 8L * env.numEnvs();
            } while (System.nanoTime() < end);
            return steps;
        }
        for (int g = 0; g < env.groups(); g++) {
            env.send(g, actions, sampler);
        }
        do {
            for (int k = 0; k < 8; k++) {
                int g = env.recv();
                steps += env.groupStart(g + 1) - env.groupStart(g);
                env.send(g, actions, sampler);
            }
        } while (System.nanoTime() < end);
        for (int g = 0; g < env.groups(); g++) {
            int done = env.recv();
            steps += env.groupStart(done + 1) - env.groupStart(done);
        }
        return steps;
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
