package org.tengen.bench.models;

import ai.djl.engine.Engine;
import ai.djl.pytorch.jni.JniUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.tengen.models.inference.CpuFeatures;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

/**
 * Speed of the networks on this machine: forward positions per second on each {@link InferenceBackend}, through our
 * evaluator and through a bare call of the same library on the same network, optimiser steps per second, and the
 * batching service against direct batched calls.
 *
 * <p>Each rate is the median over several short rounds; the rounds of all loops of one net and batch alternate so
 * background load hits them alike. Compare ratios within one run, not absolute numbers across runs. Inputs are
 * random binary planes with about half the points legal.
 *
 * <p>Forward speeds through the evaluator are also given per second of the process's CPU time, which on a shared
 * machine does not count the time other processes took; as arithmetic rate (GFLOP per CPU second: twice the
 * multiply-adds of the convolutions and dense layers per position); and as a share of a measured fp32 peak, the
 * faster of two large ONNX Runtime kernels (a MatMul and a 3x3 convolution) on the same number of threads, also per
 * CPU second, best round.
 *
 * <p>Each job has its class: {@link ForwardSpeed}, {@link TrainingSpeed}, {@link BatchingSpeed}, {@link Fp32Peak} and
 * {@link Flops}, all timed by {@link Timing}.
 */
public final class ModelBenchmark {
    /** The small net: 4 blocks of 32 channels, 9x9, 17 planes. */
    public static final NetConfig SMALL = NetConfig.of(17, 9, 9, 4, 32);
    /** The medium net: 6 blocks of 64 channels, 9x9, 17 planes. */
    public static final NetConfig MEDIUM = NetConfig.of(17, 9, 9, 6, 64);
    /** The large net: 10 blocks of 128 channels, 9x9, 17 planes. */
    public static final NetConfig LARGE = NetConfig.of(17, 9, 9, 10, 128);
    /** Forward batch sizes of {@link Options#standard(int, Duration)}. */
    public static final int[] STANDARD_BATCHES = {1, 8, 64, 256};
    /** How the training speed is measured: the learner's SGD; only its cost matters, not its rate. */
    public static final TrainConfig TRAINING = TrainConfig.sgd(1e-3f);

    private final Options options;
    private final Timing timing;

    /**
     * @param threads     intra-op threads of each backend
     * @param round       length of one timed round
     * @param rounds      timed rounds per measurement (the median is reported)
     * @param batches     forward batch sizes
     * @param trainBatch  batch size of the training-step measurement
     */
    public record Options(int threads, Duration round, int rounds, int[] batches, int trainBatch) {
        public Options {
            if (threads < 1 || rounds < 1 || trainBatch < 1 || batches.length == 0 || round.isNegative()
                    || round.isZero() || Arrays.stream(batches).anyMatch(b -> b < 1)) {
                throw new IllegalArgumentException("benchmark options must be positive: threads=" + threads
                        + " rounds=" + rounds + " round=" + round + " batches=" + Arrays.toString(batches)
                        + " trainBatch=" + trainBatch);
            }
        }

        /** Batches 1, 8, 64, 256, train batch 256, three rounds of {@code round}. */
        public static Options standard(int threads, Duration round) {
            return standard(threads, round, STANDARD_BATCHES);
        }

        /** Forward {@code batches}, train batch 256, three rounds of {@code round}. */
        public static Options standard(int threads, Duration round, int[] batches) {
            return new Options(threads, round, 3, batches, 256);
        }
    }

    /**
     * Forward speed of one backend at one batch size; {@code ratio} is our evaluator over a bare call of the backend.
     *
     * @param evaluatorPositionsPerCpuSecond positions through the evaluator per second of this process's CPU time
     * @param flopsPerPosition               floating-point operations of one position's forward pass
     *                                       ({@link Flops#perPosition})
     */
    public record ForwardResult(String net, InferenceBackend backend, int batch, double evaluatorPositionsPerSecond,
            double barePositionsPerSecond, double evaluatorPositionsPerCpuSecond, double flopsPerPosition) {
        public double ratio() {
            return evaluatorPositionsPerSecond / barePositionsPerSecond;
        }

        /** Arithmetic rate through the evaluator, GFLOP per CPU second. */
        public double gigaflops() {
            return evaluatorPositionsPerCpuSecond * flopsPerPosition / 1e9;
        }
    }

    /**
     * What the forward speeds are measured against.
     *
     * @param cpu           the CPU model and the vector extensions it has among those that matter to inference
     *                      (from /proc/cpuinfo; reported only, never required)
     * @param peakGigaflops fp32 GFLOP per CPU second of the faster of two large ONNX Runtime kernels on the
     *                      benchmark's threads
     * @param peakOp        the kernel that reached it
     */
    public record Machine(String cpu, double peakGigaflops, String peakOp) {
    }

    /**
     * Training speed: optimiser steps per second of {@link #TRAINING} at {@code batch}.
     *
     * @param parameters the network's trainable scalars ({@link PolicyValueNet#parameterCount()}), by which a peer
     *                   implementation shows it trains the same network
     */
    public record TrainResult(NetConfig config, int batch, long parameters, double stepsPerSecond) {
        /** The net in the tables' short form. */
        public String net() {
            return describe(config);
        }

        public double millisecondsPerStep() {
            return 1000.0 / stepsPerSecond;
        }

        /** Floating-point operations per second, counting a step as three forward passes (forward and backward). */
        public double gigaflops() {
            return 3 * Flops.perPosition(config) * batch * stepsPerSecond / 1e9;
        }
    }

    /**
     * Batching service with {@code clients} threads submitting one position at a time, against direct calls at batch
     * {@code min(clients, maxBatch)}.
     */
    public record BatchingResult(String net, int clients, int maxBatch, Duration maxWait, double positionsPerSecond,
            double meanBatch, double directPositionsPerSecond) {
    }

    /** Everything one run measured. */
    public record Report(int threads, Machine machine, List<ForwardResult> forward, List<TrainResult> train,
            List<BatchingResult> batching) {
        /** A plain-text table for logs and the CLI. */
        public String table() {
            StringBuilder out = new StringBuilder();
            out.append(String.format("CPU: %s%n", machine.cpu()));
            out.append(String.format("fp32 peak: %.1f GFLOP per CPU second (ONNX Runtime %s), intra-op threads: %d%n",
                    machine.peakGigaflops(), machine.peakOp(), threads));
            out.append(String.format("%-20s %-8s %6s %12s %12s %6s %10s %9s %7s%n", "net", "backend", "batch",
                    "evaluator/s", "bare/s", "ratio", "ev/CPU-s", "GFLOP/CPU-s", "of peak"));
            for (ForwardResult r : forward) {
                out.append(String.format("%-20s %-8s %6d %12.0f %12.0f %6.2f %10.0f %11.1f %6.1f%%%n", r.net(),
                        r.backend().id(), r.batch(), r.evaluatorPositionsPerSecond(), r.barePositionsPerSecond(),
                        r.ratio(), r.evaluatorPositionsPerCpuSecond(), r.gigaflops(),
                        100 * r.gigaflops() / machine.peakGigaflops()));
            }
            // Training keeps every intra-op thread busy, so its CPU seconds are its wall seconds times the threads.
            out.append(String.format("%-28s %6s %14s %14s %10s %8s %7s%n", "net", "batch", "train steps/s", "ms/step",
                    "params", "GFLOP/s", "of peak"));
            for (TrainResult r : train) {
                out.append(String.format("%-28s %6d %14.2f %14.0f %10d %8.1f %6.1f%%%n", r.net(), r.batch(),
                        r.stepsPerSecond(), r.millisecondsPerStep(), r.parameters(), r.gigaflops(),
                        100 * r.gigaflops() / (threads * machine.peakGigaflops())));
            }
            if (!batching.isEmpty()) {
                out.append(String.format("%-28s %7s %8s %9s %12s %9s %12s%n", "net", "clients", "maxBatch",
                        "maxWait", "batched/s", "mean b", "direct/s"));
                for (BatchingResult r : batching) {
                    out.append(String.format("%-28s %7d %8d %9s %12.0f %9.1f %12.0f%n", r.net(), r.clients(),
                            r.maxBatch(), r.maxWait().toNanos() / 1000 + "us", r.positionsPerSecond(),
                            r.meanBatch(), r.directPositionsPerSecond()));
                }
            }
            return out.toString();
        }
    }

    public ModelBenchmark(Options options) {
        this.options = options;
        this.timing = new Timing(options.round(), options.rounds());
    }

    /** Forward speed on every backend and training speed of each net. */
    public Report run(List<NetConfig> nets) {
        return run(nets, nets);
    }

    /** Forward speed on every backend of {@code nets}, and training speed of {@code trainNets}. */
    public Report run(List<NetConfig> nets, List<NetConfig> trainNets) {
        setThreads();
        Fp32Peak peakBefore = Fp32Peak.measure(options.threads(), timing);
        List<ForwardResult> forward = new ArrayList<>();
        for (NetConfig config : nets) {
            forward.addAll(ForwardSpeed.measure(config, options.batches(), options.threads(), timing));
        }
        List<TrainResult> train = train(trainNets);
        // Measured before and after, and the better kept: on a shared machine a peak can only be underestimated.
        Fp32Peak peakAfter = Fp32Peak.measure(options.threads(), timing);
        Fp32Peak best = peakBefore.gigaflops() >= peakAfter.gigaflops() ? peakBefore : peakAfter;
        Machine machine = new Machine(CpuFeatures.detect().describe(), best.gigaflops(), best.op());
        return new Report(options.threads(), machine, forward, train, List.of());
    }

    /** Training speed of each net alone, without the forward measurements and the peak. */
    public List<TrainResult> train(List<NetConfig> nets) {
        setThreads();
        List<TrainResult> results = new ArrayList<>();
        for (NetConfig config : nets) {
            try (PolicyValueNet net = PolicyValueNet.create(config)) {
                results.add(TrainingSpeed.measure(net, options.trainBatch(), timing));
            }
        }
        return results;
    }

    /** The three standard nets ({@link #SMALL}, {@link #MEDIUM}, {@link #LARGE}) on a board of {@code size}. */
    public static List<NetConfig> standardNets(int width, int height) {
        return Stream.of(SMALL, MEDIUM, LARGE).map(c -> NetConfig.of(c.inputPlanes(), width, height, c.blocks(),
                c.channels())).toList();
    }

    /**
     * The batching service for each client count and wait, against direct calls at the largest batch those clients
     * can form, {@code min(clients, maxBatch)}.
     */
    public List<BatchingResult> batching(NetConfig config, int[] clientCounts, int maxBatch, Duration[] waits) {
        setThreads();
        return BatchingSpeed.measure(config, clientCounts, maxBatch, waits, timing);
    }

    /**
     * libtorch's intra-op thread count, changed only when it differs: on an AVX-512 CPU (libtorch 2.7.1, 2026-11-27)
     * every call, even with the count it already had, left later training steps of the process with NaN gradients
     * about half the time. The CLI sets the count before the engine starts ({@code ai.djl.pytorch.num_threads}).
     */
    private void setThreads() {
        Engine.getEngine("PyTorch"); // loads libtorch before the JNI calls below
        if (JniUtils.getNumThreads() != options.threads()) {
            JniUtils.setNumThreads(options.threads());
        }
    }

    /** The net in the tables' short form. */
    static String describe(NetConfig config) {
        return config.describe().replace(" planes", "p");
    }

    /**
     * Runs the standard measurement (forward on {@link #SMALL}, {@link #MEDIUM} and {@link #LARGE}, training on the
     * first two) and prints the table. Arguments, all
     * optional: intra-op threads (1), milliseconds per round (1000), rounds (3), and the word {@code batching} to add
     * the batching-service comparison on the small net.
     */
    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Duration round = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 1000);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        ModelBenchmark bench = new ModelBenchmark(new Options(threads, round, rounds, new int[] {1, 8, 64, 256}, 256));
        Report report = bench.run(List.of(SMALL, MEDIUM, LARGE), List.of(SMALL, MEDIUM));
        if (args.length > 3 && args[3].equals("batching")) {
            List<BatchingResult> batching = bench.batching(SMALL, new int[] {16, 64}, 64,
                    new Duration[] {Duration.ZERO, Duration.ofNanos(200_000), Duration.ofMillis(1)});
            report = new Report(report.threads(), report.machine(), report.forward(), report.train(), batching);
        }
        System.out.print(report.table());
    }
}
