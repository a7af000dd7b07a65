package org.tengen.models.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.testing.Inputs;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

class OnnxExportTest {
    /** Largest difference allowed between DJL's and ONNX Runtime's outputs. */
    static final double TOLERANCE = 1e-4;

    /** Every combination of the options, on a 3-block net (pooling in blocks 0 and 2). */
    static Stream<Arguments> configs() {
        Stream.Builder<Arguments> all = Stream.builder();
        for (int options = 0; options < 8; options++) {
            all.add(Arguments.of(new NetConfig(5, 7, 7, 3, 8, (options & 1) != 0, (options & 2) != 0,
                    (options & 4) != 0)));
        }
        // The features' plane counts: 17 planes is a channel count libtorch once got wrong (see ChunkedConv2d).
        all.add(Arguments.of(new NetConfig(17, 7, 7, 2, 16, true, true, true)));
        all.add(Arguments.of(new NetConfig(9, 7, 7, 2, 16, true, true, true)));
        return all.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void onnxRuntimeComputesWhatDjlComputes(NetConfig config) throws OrtException {
        try (PolicyValueNet net = PolicyValueNet.create(config)) {
            randomiseWeights(net, 11);
            byte[] model = OnnxExport.toBytes(net);
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession session = env.createSession(model, new OrtSession.SessionOptions())) {
                // The board the net was built for, a smaller and a rectangular one: the model's H and W are dynamic.
                for (int[] board : new int[][] {{7, 7}, {5, 5}, {9, 6}}) {
                    double diff = maxDifference(net, session, new InputSpec("t", config.inputPlanes(), board[0], board[1]), 6);
                    System.out.printf("%s on %dx%d: max abs diff %.3g%n", config.describe(), board[0], board[1], diff);
                    assertTrue(diff < TOLERANCE, config.describe() + " on " + board[0] + "x" + board[1]
                            + ": outputs differ by " + diff);
                }
            }
        }
    }

    /** Largest absolute difference over every output of a random batch. */
    static double maxDifference(PolicyValueNet net, OrtSession session, InputSpec spec, int batch)
            throws OrtException {
        FloatBuffer observations = Inputs.observations(spec, batch, 3);
        long[] shape = {batch, spec.planes(), spec.height(), spec.width()};
        List<String> names = outputNames(net.config());
        double worst = 0;
        try (NDManager manager = NDManager.newBaseManager();
             OnnxTensor input = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), observations, shape);
             OrtSession.Result result = session.run(Map.of(OnnxExport.INPUT, input))) {
            NDList expected = net.forward(manager.create(observations.array(), new Shape(shape)));
            assertEquals(names.size(), expected.size());
            assertEquals(names.size(), result.size());
            for (int o = 0; o < names.size(); o++) {
                NDArray want = expected.get(o);
                OnnxTensor got = (OnnxTensor) result.get(names.get(o)).orElseThrow();
                assertEquals(want.getShape(), new Shape(got.getInfo().getShape()), names.get(o));
                float[] w = want.toFloatArray();
                FloatBuffer g = got.getFloatBuffer();
                for (int i = 0; i < w.length; i++) {
                    worst = Math.max(worst, Math.abs(w[i] - g.get(i)));
                }
            }
        }
        return worst;
    }

    static List<String> outputNames(NetConfig config) {
        List<String> names = new java.util.ArrayList<>(List.of(OnnxExport.POLICY, OnnxExport.VALUE));
        if (config.ownershipHead()) {
            names.add(OnnxExport.OWNERSHIP);
        }
        if (config.scoreHead()) {
            names.add(OnnxExport.SCORE);
        }
        return names;
    }

    /**
     * Replaces every parameter with random values (variances positive), so that batch norm, biases and pooling all
     * matter: a fresh net has zero biases and identity batch norms, which would hide mistakes in folding them.
     */
    static void randomiseWeights(PolicyValueNet net, long seed) {
        Random random = new Random(seed);
        net.model().getBlock().getParameters().forEach(p -> {
            NDArray array = p.getValue().getArray();
            float[] values = new float[Math.toIntExact(array.size())];
            boolean variance = p.getKey().endsWith("runningVar");
            // Kernels of variance 1/fan-in keep activations of order 1 through the blocks, as in a trained network:
            // weights of order 1 grew them about 5x a convolution, until backends' float rounding (oneDNN's AVX-512
            // kernels against ONNX Runtime's) differed by 0.02 in the policy.
            long[] shape = array.getShape().getShape();
            double half = shape.length >= 2 ? Math.sqrt(3.0 * shape[0] / array.size()) : 0.5;
            for (int i = 0; i < values.length; i++) {
                values[i] = variance ? 0.5f + random.nextFloat() : (float) ((2 * random.nextDouble() - 1) * half);
            }
            array.set(FloatBuffer.wrap(values));
        });
    }
}
