package org.tengen.bench.models;

import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoopTranslator;
import ai.djl.translate.TranslateException;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.inference.Int8Net;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxExport;
import org.tengen.models.onnx.OnnxModel;

/**
 * Forward speed of one net on every backend: through our evaluator and through a bare call of the same library on the
 * same network, the rounds of all loops of one batch size interleaved so that background load hits them alike.
 */
final class ForwardSpeed {
    /** Backends benchmarked, in table order. */
    private static final List<InferenceBackend> BACKENDS = List.of(InferenceBackend.LIBTORCH, InferenceBackend.ONNX,
            InferenceBackend.INT8);

    private ForwardSpeed() {
    }

    /** A random net of {@code config} on every backend at each of {@code batches}, {@code threads} intra-op threads. */
    static List<ModelBenchmark.ForwardResult> measure(NetConfig config, int[] batches, int threads, Timing timing) {
        List<ModelBenchmark.ForwardResult> results = new ArrayList<>();
        try (PolicyValueNet net = PolicyValueNet.create(config);
             OnnxModel onnx = OnnxModel.load(OnnxExport.toBytes(net), threads);
             OnnxModel int8 = int8(onnx, OnnxExport.toBytes(net), config, threads)) {
            for (int batch : batches) {
                results.addAll(atBatch(net, onnx, int8, batch, timing));
            }
        }
        return results;
    }

    /** The int8 model of a (random) net, calibrated on its own games under Tromp-Taylor rules. */
    private static OnnxModel int8(OnnxModel onnx, byte[] fp32, NetConfig config, int threads) {
        Rules rules = Preset.TROMP_TAYLOR.rules(config.width(), config.height());
        return Int8Net.quantize(onnx, fp32, rules, FeatureSets.byId("az" + config.inputPlanes()), threads).model();
    }

    /** Evaluator and bare loops of every backend, their rounds interleaved. */
    private static List<ModelBenchmark.ForwardResult> atBatch(PolicyValueNet net, OnnxModel onnx, OnnxModel int8,
                                                              int batch, Timing timing) {
        InputSpec spec = RandomInputs.spec(net.config());
        int loops = 2 * BACKENDS.size();
        double[][] rates = new double[loops][timing.rounds()];
        double[][] cpuRates = new double[loops][timing.rounds()];
        try (Evaluator libtorch = new DjlEvaluator(net, spec);
             Evaluator ort = onnx.evaluator(spec);
             Predictor<NDList, NDList> predictor = net.model().newPredictor(new NoopTranslator());
             BareOnnx bareOnnx = new BareOnnx(onnx.session(), spec, batch);
             Evaluator ortInt8 = int8.evaluator(spec);
             BareOnnx bareInt8 = new BareOnnx(int8.session(), spec, batch)) {
            // Evaluator and bare loop of each backend, in BACKENDS order.
            Runnable[] bodies = {RandomInputs.evaluatorLoop(libtorch, spec, batch),
                bareLoop(net, predictor, spec, batch), RandomInputs.evaluatorLoop(ort, spec, batch), bareOnnx,
                RandomInputs.evaluatorLoop(ortInt8, spec, batch), bareInt8};
            for (Runnable body : bodies) {
                Timing.timeFor(body, timing.round().multipliedBy(2));
            }
            for (int r = 0; r < timing.rounds(); r++) {
                // Rotate which goes first so drifting background load favours none.
                for (int k = 0; k < loops; k++) {
                    int loop = (k + r) % loops;
                    double[] both = timing.rates(bodies[loop], batch);
                    rates[loop][r] = both[0];
                    cpuRates[loop][r] = both[1];
                }
            }
        }
        List<ModelBenchmark.ForwardResult> results = new ArrayList<>();
        for (int b = 0; b < BACKENDS.size(); b++) {
            results.add(new ModelBenchmark.ForwardResult(ModelBenchmark.describe(net.config()), BACKENDS.get(b), batch,
                    Timing.median(rates[2 * b]), Timing.median(rates[2 * b + 1]), Timing.median(cpuRates[2 * b]),
                    Flops.perPosition(net.config())));
        }
        return results;
    }

    /** What a caller of plain DJL would do: array from a native buffer, predict, read policy and value back. */
    private static Runnable bareLoop(PolicyValueNet net, Predictor<NDList, NDList> predictor, InputSpec spec,
                                     int batch) {
        RandomInputs in = new RandomInputs(spec, batch, batch);
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
        private final RandomInputs in;

        BareOnnx(OrtSession session, InputSpec spec, int batch) {
            this.session = session;
            this.in = new RandomInputs(spec, batch, batch);
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
                    Set.of(OnnxExport.POLICY, OnnxExport.VALUE))) {
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
}
