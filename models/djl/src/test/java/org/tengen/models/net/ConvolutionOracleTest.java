package org.tengen.models.net;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The network's convolutions against plain loops, outputs and both gradients: the oracle that caught libtorch
 * dropping channels on one CPU (see {@link ChunkedConv2d}). Sizes cover the features' plane counts, test-sized and
 * real trunk widths, one position and many.
 */
class ConvolutionOracleTest {
    private static final int SIDE = 9;

    /** As when a network is made: the engine's check runs before any gradient is collected. */
    @BeforeAll
    static void checkTheEngine() {
        Engine.getInstance();
        ChunkedConv2d.checkEngine();
    }

    /** Both ways: as the network runs it (the workaround where libtorch fails its check) and always worked around. */
    @ParameterizedTest(name = "{0} -> {1} channels, {2}x{2} kernel, batch {3}, workaround always {4}")
    @CsvSource({"9, 16, 3, 2, false", "17, 16, 3, 2, false", "17, 64, 3, 64, false", "18, 32, 3, 8, false",
            "24, 16, 3, 2, false", "33, 16, 3, 2, false", "8, 8, 3, 8, false", "32, 24, 3, 8, false",
            "64, 12, 3, 2, false", "32, 32, 3, 8, false", "17, 16, 3, 1, false", "32, 8, 1, 4, false",
            "17, 16, 3, 2, true", "33, 16, 3, 8, true", "8, 8, 3, 8, true", "32, 24, 3, 8, true", "32, 32, 3, 8, true",
            "32, 8, 1, 4, true"})
    void convolvesAndDifferentiatesAsTheDefinitionSays(int in, int out, int kernel, int batch, boolean always) {
        Random random = new Random(in * 100L + out * 10L + batch);
        float[] x = new float[batch * in * SIDE * SIDE];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextInt(3) == 0 ? 1f : 0f; // planes of stones, as the features give
        }
        float[] upstream = new float[batch * out * SIDE * SIDE];
        for (int i = 0; i < upstream.length; i++) {
            upstream[i] = random.nextFloat() - 0.5f;
        }
        try (NDManager manager = NDManager.newBaseManager()) {
            Conv2d conv = new ChunkedConv2d(Conv2d.builder().setKernelShape(new Shape(kernel, kernel))
                    .optPadding(new Shape(kernel / 2, kernel / 2)).setFilters(out).optBias(false), always);
            Shape inputShape = new Shape(batch, in, SIDE, SIDE);
            conv.initialize(manager, DataType.FLOAT32, inputShape);
            NDArray weights = conv.getParameters().get("weight").getArray();
            float[] w = weights.toFloatArray();
            Reference want = new Reference(x, w, upstream, batch, in, out, kernel);
            for (boolean training : new boolean[] {false, true}) {
                NDArray input = manager.create(x, inputShape);
                input.setRequiresGradient(training);
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    NDArray y = conv.forward(new ParameterStore(manager, false), new NDList(input), training).head();
                    check("output (training " + training + ")", want.output, y.toFloatArray());
                    if (training) {
                        collector.backward(y.mul(manager.create(upstream, y.getShape())).sum());
                        check("input gradient", want.inputGradient, input.getGradient().toFloatArray());
                        check("weight gradient", want.weightGradient, weights.getGradient().toFloatArray());
                    }
                }
            }
        }
    }

    private static void check(String what, double[] want, float[] got) {
        double worst = 0;
        for (int i = 0; i < want.length; i++) {
            worst = Math.max(worst, Math.abs(want[i] - got[i]) / (1 + Math.abs(want[i])));
        }
        assertTrue(worst < 1e-4, what + " differs from its definition by " + worst);
    }

    /** Cross-correlation with zero padding, and the gradients of {@code sum(output * upstream)}, by loops. */
    private static final class Reference {
        final double[] output;
        final double[] inputGradient;
        final double[] weightGradient;

        Reference(float[] x, float[] w, float[] upstream, int batch, int in, int out, int kernel) {
            output = new double[upstream.length];
            inputGradient = new double[x.length];
            weightGradient = new double[w.length];
            int pad = kernel / 2;
            for (int b = 0; b < batch; b++) {
                for (int o = 0; o < out; o++) {
                    for (int row = 0; row < SIDE; row++) {
                        for (int col = 0; col < SIDE; col++) {
                            int at = ((b * out + o) * SIDE + row) * SIDE + col;
                            for (int c = 0; c < in; c++) {
                                for (int ky = 0; ky < kernel; ky++) {
                                    for (int kx = 0; kx < kernel; kx++) {
                                        int y = row + ky - pad;
                                        int xx = col + kx - pad;
                                        if (y >= 0 && y < SIDE && xx >= 0 && xx < SIDE) {
                                            int wi = ((o * in + c) * kernel + ky) * kernel + kx;
                                            int xi = ((b * in + c) * SIDE + y) * SIDE + xx;
                                            output[at] += w[wi] * x[xi];
                                            inputGradient[xi] += upstream[at] * w[wi];
                                            weightGradient[wi] += upstream[at] * x[xi];
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
