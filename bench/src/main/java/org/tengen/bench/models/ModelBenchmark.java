package org.tengen.bench.models;

import ai.djl.engine.Engine;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.translate.NoopTranslator;
import ai.djl.translate.TranslateException;
import ai.onnx.proto.OnnxMl;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.BatchingEvaluator;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.inference.CpuFeatures;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.inference.Int8Net;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.process.ProcessCpuTime;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.learn.TrainingBatch;
import org.tengen.models.onnx.OnnxExport;
import org.tengen.models.onnx.OnnxModel;

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
 */
public final class ModelBenchmark {
    /** The small net: 4 blocks of 32 channels, 9x9, 17 planes. */
    public static final NetConfig SMALL = NetConfig.of(17, 9, 9, 4, 32);
    /** The medium net: 6 blocks of 64 channels, 9x9, 17 planes. */
    public static final NetConfig MEDIUM = NetConfig.of(17, 9, 9, 6, 64);
    /** The large net: 10 blocks of 128 channels, 9x9, 17 planes. */
    public static final NetConfig LARGE = NetConfig.of(17, 9, 9, 10, 128);
    /** Side of the square matrices whose product measures the fp32 peak: large enough to amortise packing. */
    private static final int PEAK_SIDE = 1024;
    /** Forward batch sizes of {@link Options#standard(int, Duration)}. */
    public static final int[] STANDARD_BATCHES = {1, 8, 64, 256};
    /** How the training speed is measured: the learner's SGD; only its cost matters, not its rate. */
    public static final TrainConfig TRAINING = TrainConfig.sgd(1e-3f);
    /** Backends benchmarked, in table order. */
    private static final List<InferenceBackend> BACKENDS = List.of(InferenceBackend.LIBTORCH, InferenceBackend.ONNX,
            InferenceBackend.INT8);

    private final Options options;

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
     * @param flopsPerPosition               floating-point operations of one position's forward pass ({@link #flops})
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
            out.append(String.format("%-28s %6s %14s %14s %10s%n", "net", "batch", "train steps/s", "ms/step",
                    "params"));
            for (TrainResult r : train) {
                out.append(String.format("%-28s %6d %14.2f %14.0f %10d%n", r.net(), r.batch(), r.stepsPerSecond(),
                        r.millisecondsPerStep(), r.parameters()));
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

    /** Forward speed on every backend and training speed of each net. */
    public Report run(List<NetConfig> nets) {
        return run(nets, nets);
    }

    /** Forward speed on every backend of {@code nets}, and training speed of {@code trainNets}. */
    public Report run(List<NetConfig> nets, List<NetConfig> trainNets) {
        setThreads();
        Peak peakBefore = peak();
        List<ForwardResult> forward = new ArrayList<>();
        for (NetConfig config : nets) {
            try (PolicyValueNet net = PolicyValueNet.create(config);
                 OnnxModel onnx = OnnxModel.load(OnnxExport.toBytes(net), options.threads());
                 OnnxModel int8 = int8(onnx, OnnxExport.toBytes(net), config)) {
                for (int batch : options.batches()) {
                    forward.addAll(forward(net, onnx, int8, batch));
                }
            }
        }
        List<TrainResult> train = train(trainNets);
        // Measured before and after, and the better kept: on a shared machine a peak can only be underestimated.
        Peak peakAfter = peak();
        Peak best = peakBefore.gigaflops() >= peakAfter.gigaflops() ? peakBefore : peakAfter;
        Machine machine = new Machine(CpuFeatures.detect().describe(), best.gigaflops(), best.op());
        return new Report(options.threads(), machine, forward, train, List.of());
    }

    /** Training speed of each net alone, without the forward measurements and the peak. */
    public List<TrainResult> train(List<NetConfig> nets) {
        setThreads();
        List<TrainResult> results = new ArrayList<>();
        for (NetConfig config : nets) {
            try (PolicyValueNet net = PolicyValueNet.create(config)) {
                results.add(train(net, options.trainBatch()));
            }
        }
        return results;
    }

    /** The three standard nets ({@link #SMALL}, {@link #MEDIUM}, {@link #LARGE}) on a board of {@code size}. */
    public static List<NetConfig> standardNets(int width, int height) {
        return java.util.stream.Stream.of(SMALL, MEDIUM, LARGE).map(c -> NetConfig.of(c.inputPlanes(), width, height,
                c.blocks(), c.channels())).toList();
    }

    /** The int8 model of a (random) net, calibrated on its own games under Tromp-Taylor rules. */
    private OnnxModel int8(OnnxModel onnx, byte[] fp32, NetConfig config) {
        Rules rules = Preset.TROMP_TAYLOR.rules(config.width(), config.height());
        return Int8Net.quantize(onnx, fp32, rules, FeatureSets.byId("az" + config.inputPlanes()), options.threads())
                .model();
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

    /** Evaluator and bare loops of every backend, their rounds interleaved. */
    private List<ForwardResult> forward(PolicyValueNet net, OnnxModel onnx, OnnxModel int8, int batch) {
        InputSpec spec = spec(net.config());
        int loops = 2 * BACKENDS.size();
        double[][] rates = new double[loops][options.rounds()];
        double[][] cpuRates = new double[loops][options.rounds()];
        try (Evaluator libtorch = new DjlEvaluator(net, spec);
             Evaluator ort = onnx.evaluator(spec);
             Predictor<NDList, NDList> predictor = net.model().newPredictor(new NoopTranslator());
             BareOnnx bareOnnx = new BareOnnx(onnx.session(), spec, batch);
             Evaluator ortInt8 = int8.evaluator(spec);
             BareOnnx bareInt8 = new BareOnnx(int8.session(), spec, batch)) {
            // Evaluator and bare loop of each backend, in BACKENDS order.
            Runnable[] bodies = {evaluatorLoop(libtorch, spec, batch), bareLoop(net, predictor, spec, batch),
                evaluatorLoop(ort, spec, batch), bareOnnx, evaluatorLoop(ortInt8, spec, batch), bareInt8};
            for (Runnable body : bodies) {
                timeFor(body, options.round().multipliedBy(2));
            }
            for (int r = 0; r < options.rounds(); r++) {
                // Rotate which goes first so drifting background load favours none.
                for (int k = 0; k < loops; k++) {
                    int loop = (k + r) % loops;
                    double[] both = rates(bodies[loop], batch);
                    rates[loop][r] = both[0];
                    cpuRates[loop][r] = both[1];
                }
            }
        }
        List<ForwardResult> results = new ArrayList<>();
        for (int b = 0; b < BACKENDS.size(); b++) {
            results.add(new ForwardResult(describe(net.config()), BACKENDS.get(b), batch, median(rates[2 * b]),
                    median(rates[2 * b + 1]), median(cpuRates[2 * b]), flops(net.config())));
        }
        return results;
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
        try (Learner learner = new Learner(net, TRAINING)) {
            Runnable step = () -> learner.trainStep(data);
            step.run();
            for (int r = 0; r < rates.length; r++) {
                rates[r] = rate(step, 1);
            }
        }
        return new TrainResult(net.config(), batch, net.parameterCount(), median(rates));
    }

    private static Runnable evaluatorLoop(Evaluator evaluator, InputSpec spec, int batch) {
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

    /** What a caller of plain ONNX Runtime would do: one input tensor over a direct buffer, run, read outputs back. */
    private static final class BareOnnx implements Runnable, AutoCloseable {
        private final OrtSession session;
        private final OnnxTensor input;
        private final Inputs in;

        BareOnnx(OrtSession session, InputSpec spec, int batch) {
            this.session = session;
            this.in = new Inputs(spec, batch, batch);
            FloatBuffer direct = ByteBuffer.allocateDirect(batch * spec.observationSize() * Float.BYTES)
                    .order(ByteOrder.nativeOrder()).asFloatBuffer();
            direct.put(in.observations).flip();
            try {
                input = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), direct,
                        new long[] {batch, spec.planes(), spec.height(), spec.width()});
            } catch (OrtException e) {
                throw new IllegalStateException("cannot create an ONNX Runtime tensor", e);
            }
        }

        @Override
        public void run() {
            try (OrtSession.Result out = session.run(Map.of(OnnxExport.INPUT, input),
                    java.util.Set.of(OnnxExport.POLICY, OnnxExport.VALUE))) {
                ((OnnxTensor) out.get(OnnxExport.POLICY).orElseThrow()).getFloatBuffer().get(in.policy);
                ((OnnxTensor) out.get(OnnxExport.VALUE).orElseThrow()).getFloatBuffer().get(in.value);
            } catch (OrtException e) {
                throw new IllegalStateException("bare ONNX Runtime forward failed", e);
            }
        }

        @Override
        public void close() {
            input.close();
        }
    }

    /**
     * Floating-point operations of one position's forward pass: twice the multiply-adds of every convolution and
     * dense layer (batch norm is folded, activations and pooling are left out as negligible).
     */
    public static double flops(NetConfig c) {
        double area = c.width() * c.height();
        int ch = c.channels();
        int head = c.headChannels();
        long pooledBlocks = java.util.stream.IntStream.range(0, c.blocks()).filter(c::poolsInBlock).count();
        double macs = area * c.inputPlanes() * ch * 9              // stem
                + c.blocks() * 2 * area * ch * ch * 9              // residual blocks
                + pooledBlocks * 3.0 * ch * ch                     // their pooling biases
                + 2 * area * ch * head                             // policy and value head 1x1 convolutions
                + (c.globalPooling() ? 3.0 * head * head : 0)      // policy head pooling bias
                + area * head + 3.0 * head                         // point logits, pass logit
                + 3.0 * head * c.valueHidden() + c.valueHidden() * (c.scoreHead() ? 2 : 1)
                + (c.ownershipHead() ? area * head : 0);
        return 2 * macs;
    }

    /**
     * The better of two fp32 kernels large enough to run at full speed, on the benchmark's threads, in GFLOP per CPU
     * second: ONNX Runtime's MatMul of two 1024-square matrices (SGEMM) and its 3x3 convolution of 256 to 256 channels
     * on 8 boards of 19x19 (the kernel the networks' trunks use, which beats SGEMM on AVX-512 machines).
     */
    private Peak peak() {
        int n = PEAK_SIDE;
        Peak matMul = new Peak("MatMul " + n + "x" + n + " by " + n + "x" + n, opGigaflops("MatMul", new long[] {n, n},
                new long[] {n, n}, 2.0 * n * n * n));
        int c = 256;
        int boards = 8;
        Peak conv = new Peak("Conv 3x3 " + c + "->" + c + " on " + boards + "x19x19", opGigaflops("Conv",
                new long[] {boards, c, 19, 19}, new long[] {c, c, 3, 3}, 2.0 * boards * 361 * c * c * 9,
                OnnxMl.AttributeProto.newBuilder().setName("pads").setType(OnnxMl.AttributeProto.AttributeType.INTS)
                        .addAllInts(List.of(1L, 1L, 1L, 1L)).build()));
        return matMul.gigaflops() >= conv.gigaflops() ? matMul : conv;
    }

    /** A measured peak and the operation that reached it. */
    private record Peak(String op, double gigaflops) {
    }

    /** GFLOP per CPU second of {@code op(a, b)}, {@code b} a constant, best round (load only slows a peak down). */
    private double opGigaflops(String op, long[] aShape, long[] bShape, double flops,
                               OnnxMl.AttributeProto... attributes) {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Random random = new Random(1);
        float[] a = new float[Math.toIntExact(Arrays.stream(aShape).reduce(1, (x, y) -> x * y))];
        float[] b = new float[Math.toIntExact(Arrays.stream(bShape).reduce(1, (x, y) -> x * y))];
        for (float[] values : new float[][] {a, b}) {
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextFloat() - 0.5f;
            }
        }
        try (OrtSession.SessionOptions sessionOptions = new OrtSession.SessionOptions()) {
            sessionOptions.setIntraOpNumThreads(options.threads());
            sessionOptions.setInterOpNumThreads(1);
            try (OrtSession session = env.createSession(oneOpModel(op, aShape, b, bShape, attributes), sessionOptions);
                 OnnxTensor input = OnnxTensor.createTensor(env, FloatBuffer.wrap(a), aShape)) {
                Runnable run = () -> {
                    try {
                        session.run(Map.of("a", input)).close();
                    } catch (OrtException e) {
                        throw new IllegalStateException(op + " failed", e);
                    }
                };
                timeFor(run, options.round());
                double runs = 0;
                for (int r = 0; r < options.rounds(); r++) {
                    runs = Math.max(runs, rates(run, 1)[1]);
                }
                return runs * flops / 1e9;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("cannot measure the fp32 peak: " + e.getMessage(), e);
        }
    }

    /** {@code c = op(a, b)}: {@code a} an input, {@code b} a constant. */
    private static byte[] oneOpModel(String op, long[] aShape, float[] b, long[] bShape,
                                     OnnxMl.AttributeProto... attributes) {
        ByteBuffer bytes = ByteBuffer.allocate(b.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(b);
        int floatType = OnnxMl.TensorProto.DataType.FLOAT.getNumber();
        OnnxMl.TensorShapeProto.Builder shape = OnnxMl.TensorShapeProto.newBuilder();
        for (long d : aShape) {
            shape.addDim(OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        OnnxMl.TypeProto.Builder inputType = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor
                .newBuilder().setElemType(floatType).setShape(shape));
        OnnxMl.TypeProto.Builder outputType = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor
                .newBuilder().setElemType(floatType));
        OnnxMl.TensorProto.Builder constant = OnnxMl.TensorProto.newBuilder().setName("b").setDataType(floatType)
                .setRawData(ByteString.copyFrom(bytes.array()));
        for (long d : bShape) {
            constant.addDims(d);
        }
        OnnxMl.GraphProto graph = OnnxMl.GraphProto.newBuilder().setName("peak")
                .addInput(OnnxMl.ValueInfoProto.newBuilder().setName("a").setType(inputType))
                .addOutput(OnnxMl.ValueInfoProto.newBuilder().setName("c").setType(outputType))
                .addInitializer(constant)
                .addNode(OnnxMl.NodeProto.newBuilder().setOpType(op).addInput("a").addInput("b").addOutput("c")
                        .addAllAttribute(List.of(attributes)))
                .build();
        return OnnxMl.ModelProto.newBuilder().setIrVersion(8)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setVersion(17)).setGraph(graph).build()
                .toByteArray();
    }

    /** Items per second over one round of {@code options.round()}. */
    private double rate(Runnable body, int itemsPerCall) {
        return rates(body, itemsPerCall)[0];
    }

    /** Items per second of wall time and per second of this process's CPU time, over one round. */
    private double[] rates(Runnable body, int itemsPerCall) {
        long[] calls = timeFor(body, options.round());
        return new double[] {calls[0] * itemsPerCall * 1e9 / calls[1],
            calls[0] * itemsPerCall * 1e9 / Math.max(1, calls[2])};
    }

    private double[] measure(Runnable body, int itemsPerCall) {
        timeFor(body, options.round());
        double[] rates = new double[options.rounds()];
        for (int r = 0; r < rates.length; r++) {
            rates[r] = rate(body, itemsPerCall);
        }
        return rates;
    }

    /**
     * Runs {@code body} until {@code length} has passed (at least once); returns {calls, wall nanoseconds, process CPU
     * nanoseconds}.
     */
    private static long[] timeFor(Runnable body, Duration length) {
        long cpuStart = ProcessCpuTime.nanos();
        long start = System.nanoTime();
        long end = start + length.toNanos();
        long calls = 0;
        long now;
        do {
            body.run();
            calls++;
            now = System.nanoTime();
        } while (now < end);
        return new long[] {calls, now - start, ProcessCpuTime.nanos() - cpuStart};
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
