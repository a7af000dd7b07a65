package org.tengen.models.throughput;

import ai.djl.engine.Engine;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.translate.NoopTranslator;
import ai.djl.translate.TranslateException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.BatchingEvaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.learn.TrainingBatch;

/**
 * Speed of the networks on this machine: forward positions per second through {@link DjlEvaluator} and through a
 * bare DJL predictor on the same network, optimiser steps per second, and the batching service against direct
 * batched calls.
 *
 * <p>Each rate is the median over several short rounds; evaluator and bare rounds alternate so background load
 * hits both alike. Compare ratios within one run, not absolute numbers across runs. Inputs are random binary planes
 * with about half the points legal.
 */
public final class ModelBenchmark {
    /** The small net: 4 blocks of 32 channels, 9x9, 17 planes. */
    public static final NetConfig SMALL = NetConfig.of(17, 9, 9, 4, 32);
    /** The medium net: 6 blocks of 64 channels, 9x9, 17 planes. */
    public static final NetConfig MEDIUM = NetConfig.of(17, 9, 9, 6, 64);

    private final Options options;

    /**
     * @param threads     intra-op threads for libtorch
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
            return new Options(threads, round, 3, new int[] {1, 8, 64, 256}, 256);
        }
    }

    /** Forward speed at one batch size; {@code ratio} is evaluator over bare DJL. */
    public record ForwardResult(String net, int batch, double evaluatorPositionsPerSecond,
            double barePositionsPerSecond) {
        public double ratio() {
            return evaluatorPositionsPerSecond / barePositionsPerSecond;
        }
    }

    /** Training speed: optimiser steps per second at {@code batch}. */
    public record TrainResult(String net, int batch, double stepsPerSecond) {
        public double millisecondsPerStep() {
            return 1000.0 / stepsPerSecond;
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
    public record Report(int threads, List<ForwardResult> forward, List<TrainResult> train,
            List<BatchingResult> batching) {
        /** A plain-text table for logs and the CLI. */
        public String table() {
            StringBuilder out = new StringBuilder();
            out.append(String.format("libtorch intra-op threads: %d%n", threads));
            out.append(String.format("%-28s %6s %14s %14s %7s%n", "net", "batch", "evaluator/s", "bare DJL/s",
                    "ratio"));
            for (ForwardResult r : forward) {
                out.append(String.format("%-28s %6d %14.0f %14.0f %7.2f%n", r.net(), r.batch(),
                        r.evaluatorPositionsPerSecond(), r.barePositionsPerSecond(), r.ratio()));
            }
            out.append(String.format("%-28s %6s %14s %14s%n", "net", "batch", "train steps/s", "ms/step"));
            for (TrainResult r : train) {
                out.append(String.format("%-28s %6d %14.2f %14.0f%n", r.net(), r.batch(), r.stepsPerSecond(),
                        r.millisecondsPerStep()));
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
    }

    /** Forward and training speed of each net. */
    public Report run(List<NetConfig> nets) {
        setThreads();
        List<ForwardResult> forward = new ArrayList<>();
        List<TrainResult> train = new ArrayList<>();
        for (NetConfig config : nets) {
            try (PolicyValueNet net = PolicyValueNet.create(config)) {
                for (int batch : options.batches()) {
                    forward.add(forward(net, batch));
                }
                train.add(train(net, options.trainBatch()));
            }
        }
        return new Report(options.threads(), forward, train, List.of());
    }

    /**
     * The batching service for each client count and wait, against direct calls at the largest batch those clients
     * can form, {@code min(clients, maxBatch)}.
     */
    public List<BatchingResult> batching(NetConfig config, int[] clientCounts, int maxBatch, Duration[] waits) {
        setThreads();
        List<BatchingResult> results = new ArrayList<>();
        try (PolicyValueNet net = PolicyValueNet.create(config)) {
            InputSpec spec = spec(config);
            for (int clients : clientCounts) {
                int fullBatch = Math.min(clients, maxBatch);
                double direct;
                try (DjlEvaluator evaluator = new DjlEvaluator(net, spec)) {
                    direct = median(measure(evaluatorLoop(evaluator, spec, fullBatch), fullBatch));
                }
                for (Duration wait : waits) {
                    results.add(batchingRun(net, spec, clients, maxBatch, wait, direct));
                }
            }
        }
        return results;
    }

    private BatchingResult batchingRun(PolicyValueNet net, InputSpec spec, int clients, int maxBatch, Duration wait,
            double direct) {
        try (BatchingEvaluator service = new BatchingEvaluator(new DjlEvaluator(net, spec), maxBatch, wait)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong done = new AtomicLong();
            CountDownLatch finished = new CountDownLatch(clients);
            for (int c = 0; c < clients; c++) {
                Inputs in = new Inputs(spec, 1, c);
                Thread thread = new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            service.evaluate(1, in.observations, in.legal, in.policy, in.value, in.score);
                            done.incrementAndGet();
                        }
                    } finally {
                        finished.countDown();
                    }
                }, "bench-client-" + c);
                thread.setDaemon(true);
                thread.start();
            }
            sleep(options.round()); // warm-up
            double[] rates = new double[options.rounds()];
            long batchesBefore = service.batches();
            long positionsBefore = service.positions();
            for (int r = 0; r < rates.length; r++) {
                long before = done.get();
                long start = System.nanoTime();
                sleep(options.round());
                rates[r] = (done.get() - before) * 1e9 / (System.nanoTime() - start);
            }
            double meanBatch = (double) (service.positions() - positionsBefore)
                    / Math.max(1, service.batches() - batchesBefore);
            stop.set(true);
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new BatchingResult(describe(net.config()), clients, maxBatch, wait, median(rates), meanBatch,
                    direct);
        }
    }

    private ForwardResult forward(PolicyValueNet net, int batch) {
        InputSpec spec = spec(net.config());
        double[] evaluatorRates = new double[options.rounds()];
        double[] bareRates = new double[options.rounds()];
        try (DjlEvaluator evaluator = new DjlEvaluator(net, spec);
                Predictor<NDList, NDList> predictor = net.model().newPredictor(new NoopTranslator())) {
            Runnable viaEvaluator = evaluatorLoop(evaluator, spec, batch);
            Runnable bare = bareLoop(net, predictor, spec, batch);
            timeFor(viaEvaluator, options.round().multipliedBy(2));
            timeFor(bare, options.round().multipliedBy(2));
            for (int r = 0; r < options.rounds(); r++) {
                // Alternate which goes first so drifting background load favours neither.
                if (r % 2 == 0) {
                    evaluatorRates[r] = rate(viaEvaluator, batch);
                    bareRates[r] = rate(bare, batch);
                } else {
                    bareRates[r] = rate(bare, batch);
                    evaluatorRates[r] = rate(viaEvaluator, batch);
                }
            }
        }
        return new ForwardResult(describe(net.config()), batch, median(evaluatorRates), median(bareRates));
    }

    private TrainResult train(PolicyValueNet net, int batch) {
        InputSpec spec = spec(net.config());
        Inputs in = new Inputs(spec, batch, 7);
        int area = spec.width() * spec.height();
        float[] policy = new float[batch * (area + 1)];
        float[] value = new float[batch];
        for (int i = 0; i < batch; i++) {
            policy[i * (area + 1) + i % (area + 1)] = 1f;
            value[i] = i % 2 == 0 ? 1f : -1f;
        }
        TrainingBatch data = new TrainingBatch(batch, spec.width(), spec.height(), in.observations, policy, value,
                net.config().ownershipHead() ? new float[batch * area] : null,
                net.config().scoreHead() ? new float[batch] : null);
        double[] rates = new double[options.rounds()];
        try (Learner learner = new Learner(net, TrainConfig.sgd(1e-3f))) {
            Runnable step = () -> learner.trainStep(data);
            step.run();
            for (int r = 0; r < rates.length; r++) {
                rates[r] = rate(step, 1);
            }
        }
        return new TrainResult(describe(net.config()), batch, median(rates));
    }

    private static Runnable evaluatorLoop(DjlEvaluator evaluator, InputSpec spec, int batch) {
        Inputs in = new Inputs(spec, batch, batch);
        return () -> evaluator.evaluate(batch, in.observations, in.legal, in.policy, in.value, in.score);
    }

    /** What a caller of plain DJL would do: array from a native buffer, predict, read policy and value back. */
    private static Runnable bareLoop(PolicyValueNet net, Predictor<NDList, NDList> predictor, InputSpec spec,
            int batch) {
        Inputs in = new Inputs(spec, batch, batch);
        ByteBuffer input = ByteBuffer.allocateDirect(batch * spec.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder());
        input.asFloatBuffer().put(in.observations);
        Shape shape = new Shape(batch, spec.planes(), spec.height(), spec.width());
        return () -> {
            try (NDManager manager = net.model().getNDManager().newSubManager()) {
                NDList out = predictor.predict(new NDList(manager.create(input.clear(), shape, DataType.FLOAT32)));
                out.get(0).toByteBuffer(true).asFloatBuffer().get(in.policy);
                out.get(1).toByteBuffer(true).asFloatBuffer().get(in.value);
            } catch (TranslateException e) {
                throw new IllegalStateException("bare DJL forward failed", e);
            }
        };
    }

    /** Items per second over one round of {@code options.round()}. */
    private double rate(Runnable body, int itemsPerCall) {
        long[] calls = timeFor(body, options.round());
        return calls[0] * itemsPerCall * 1e9 / calls[1];
    }

    private double[] measure(Runnable body, int itemsPerCall) {
        timeFor(body, options.round());
        double[] rates = new double[options.rounds()];
        for (int r = 0; r < rates.length; r++) {
            rates[r] = rate(body, itemsPerCall);
        }
        return rates;
    }

    /** Runs {@code body} until {@code length} has passed (at least once); returns {calls, nanoseconds}. */
    private static long[] timeFor(Runnable body, Duration length) {
        long start = System.nanoTime();
        long end = start + length.toNanos();
        long calls = 0;
        long now;
        do {
            body.run();
            calls++;
            now = System.nanoTime();
        } while (now < end);
        return new long[] {calls, now - start};
    }

    private void setThreads() {
        Engine.getEngine("PyTorch"); // loads libtorch before the JNI call below
        JniUtils.setNumThreads(options.threads());
    }

    private static InputSpec spec(NetConfig config) {
        return new InputSpec("bench", config.inputPlanes(), config.width(), config.height());
    }

    private static String describe(NetConfig config) {
        return config.describe().replace(" planes", "p");
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Random binary planes, about half the points legal, pass legal; output arrays sized to match. */
    private static final class Inputs {
        final FloatBuffer observations;
        final boolean[] legal;
        final float[] policy;
        final float[] value;
        final float[] score;

        Inputs(InputSpec spec, int batch, long seed) {
            Random random = new Random(seed);
            float[] planes = new float[batch * spec.observationSize()];
            for (int i = 0; i < planes.length; i++) {
                planes[i] = random.nextInt(3) == 0 ? 1f : 0f;
            }
            observations = FloatBuffer.wrap(planes);
            int actions = spec.actionCount();
            legal = new boolean[batch * actions];
            for (int i = 0; i < legal.length; i++) {
                legal[i] = i % actions == actions - 1 || random.nextBoolean();
            }
            policy = new float[batch * actions];
            value = new float[batch];
            score = new float[batch];
        }
    }

    /**
     * Runs the standard measurement on {@link #SMALL} and {@link #MEDIUM} and prints the table. Arguments, all
     * optional: intra-op threads (1), milliseconds per round (1000), rounds (3), and the word {@code batching} to add
     * the batching-service comparison on the small net.
     */
    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Duration round = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 1000);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        ModelBenchmark bench = new ModelBenchmark(new Options(threads, round, rounds, new int[] {1, 8, 64, 256}, 256));
        Report report = bench.run(List.of(SMALL, MEDIUM));
        if (args.length > 3 && args[3].equals("batching")) {
            List<BatchingResult> batching = bench.batching(SMALL, new int[] {16, 64}, 64,
                    new Duration[] {Duration.ZERO, Duration.ofNanos(200_000), Duration.ofMillis(1)});
            report = new Report(report.threads(), report.forward(), report.train(), batching);
        }
        System.out.print(report.table());
    }
}
