package org.tengen.models.net;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Conv2d} that steers libtorch around channel counts it gets wrong on some CPUs: the same parameters, saved
 * form and function as the plain convolution, computed by other libtorch calls where a self-check finds the plain
 * ones wrong.
 *
 * <p>Why: on a 2-core AMD EPYC with AVX-512 (2026-11-27) libtorch 2.7.1 gave wrong results, off by up to 4 and
 * sometimes NaN, for 3x3 convolutions over a batch of two or more positions in two cases (1x1 kernels, one position
 * and the weight gradients were right):
 * <ul>
 *   <li>the <b>forward</b> pass, when the input had more than 16 channels but not a multiple of 16 (the 17-plane
 *       features' stem). Convolving groups of 16 input channels and the rest, and adding them, gave the exact result
 *       (also with oneDNN capped at AVX2, which on that CPU got counts above 8 that are not a multiple of 8 wrong,
 *       9 among them, where AVX2-only machines are right);</li>
 *   <li>the <b>gradient of the input</b>, when the output had a channel count that is not a multiple of 16 (8, 12,
 *       24). In training, the filters are padded with zero filters to a multiple of 16 and the extra outputs
 *       dropped.</li>
 * </ul>
 * The workaround costs time (a fifth of a 4x32 learner's steps on that machine), so it runs only where a check,
 * made once per process when the first network is made, finds libtorch wrong on a 17-channel input or an 8-channel
 * gradient. {@code
 * ConvolutionOracleTest} checks outputs and gradients against plain loops with and without it, and {@code
 * docs/networks.md} tells the story.
 */
final class ChunkedConv2d extends Conv2d {
    private static final int SAFE_MULTIPLE = 16;
    private static final Logger LOG = LoggerFactory.getLogger(ChunkedConv2d.class);

    /** Whether this instance always takes the workaround (for tests), or only where libtorch fails the check. */
    private final boolean always;

    ChunkedConv2d(Builder builder) {
        this(builder, false);
    }

    ChunkedConv2d(Builder builder, boolean always) {
        super(builder);
        this.always = always;
    }

    /**
     * Runs the self-check if it has not run yet. Called when a network is made, before any training: the check
     * collects gradients of its own, which must not happen inside a training step's collection.
     */
    static void checkEngine() {
        if (Check.LIBTORCH_WRONG) {
            LOG.debug("grouped convolutions in use");
        }
    }

    @Override
    protected NDList forwardInternal(ParameterStore store, NDList inputs, boolean training,
                                     PairList<String, Object> params) {
        if (groups != 1 || !(always || Check.LIBTORCH_WRONG)) {
            return super.forwardInternal(store, inputs, training, params);
        }
        NDArray x = inputs.head();
        NDArray w = store.getValue(weight, x.getDevice(), training);
        NDArray b = includeBias ? store.getValue(bias, x.getDevice(), training) : null;
        // Arrays derived from the parameters belong to the parameters' manager unless moved to the input's, which
        // the caller frees after the step.
        NDManager manager = x.getManager();
        int extra = training && kernelShape.get(0) > 1 ? Math.floorMod(-filters, SAFE_MULTIPLE) : 0;
        if (extra > 0) {
            Shape s = w.getShape();
            w = owned(w.concat(manager.zeros(new Shape(extra, s.get(1), s.get(2), s.get(3))), 0), manager);
            b = b == null ? null : owned(b.concat(manager.zeros(new Shape(extra)), 0), manager);
        }
        long channels = x.getShape().get(1);
        NDArray out = null;
        long group = channels > SAFE_MULTIPLE && channels % SAFE_MULTIPLE != 0 ? SAFE_MULTIPLE : channels;
        for (long from = 0; from < channels; from += group) {
            NDIndex slice = new NDIndex(":, {}:{}", from, Math.min(channels, from + group));
            NDArray part = group == channels ? conv2d(x, w, b, stride, padding, dilation, 1).head()
                    : conv2d(x.get(slice), owned(w.get(slice), manager), from == 0 ? b : null, stride, padding,
                    dilation, 1).head();
            out = out == null ? part : out.add(part);
        }
        return new NDList(extra > 0 ? out.get(new NDIndex(":, 0:{}", filters)) : out);
    }

    private static NDArray owned(NDArray array, NDManager manager) {
        array.attach(manager);
        return array;
    }

    /** The self-check, run once per process: 17 to 16 and 16 to 8 channels, outputs and input gradients. */
    private static final class Check {
        static final boolean LIBTORCH_WRONG = libtorchWrong();

        private static boolean libtorchWrong() {
            Random random = new Random(1);
            try (NDManager manager = NDManager.newBaseManager()) {
                boolean wrong = differs(manager, random, 17, 16) || differs(manager, random, 16, 8);
                if (wrong) {
                    LOG.info("libtorch's 3x3 convolutions fail the self-check on this CPU; computing them in channel"
                            + " groups instead (docs/networks.md)");
                }
                return wrong;
            }
        }

        /**
         * Whether a plain 3x3 convolution of {@code in} to {@code out} channels over two 5x5 positions, or the
         * gradient of the sum of its outputs with respect to its input, differs from a loop.
         */
        private static boolean differs(NDManager manager, Random random, int in, int out) {
            int batch = 2;
            int side = 5;
            int area = side * side;
            float[] xs = values(random, batch * in * area);
            float[] w = values(random, out * in * 9);
            NDArray x = manager.create(xs, new Shape(batch, in, side, side));
            x.setRequiresGradient(true);
            float[] got;
            float[] gotGradient;
            try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                NDArray y = conv2d(x, manager.create(w, new Shape(out, in, 3, 3)), null, new Shape(1, 1),
                        new Shape(1, 1), new Shape(1, 1), 1).head();
                got = y.toFloatArray();
                collector.backward(y.sum());
                gotGradient = x.getGradient().toFloatArray();
            }
            double[] output = new double[got.length];
            double[] gradient = new double[xs.length];
            for (int b = 0; b < batch; b++) {
                for (int o = 0; o < out; o++) {
                    for (int p = 0; p < area; p++) {
                        for (int c = 0; c < in; c++) {
                            for (int k = 0; k < 9; k++) {
                                int y = p / side + k / 3 - 1;
                                int xx = p % side + k % 3 - 1;
                                if (y >= 0 && y < side && xx >= 0 && xx < side) {
                                    int at = ((b * in + c) * side + y) * side + xx;
                                    output[(b * out + o) * area + p] += w[(o * in + c) * 9 + k] * xs[at];
                                    gradient[at] += w[(o * in + c) * 9 + k];
                                }
                            }
                        }
                    }
                }
            }
            return differs(output, got) || differs(gradient, gotGradient);
        }

        private static boolean differs(double[] want, float[] got) {
            for (int i = 0; i < want.length; i++) {
                if (!(Math.abs(want[i] - got[i]) < 1e-3)) {
                    return true;
                }
            }
            return false;
        }

        private static float[] values(Random random, int n) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = random.nextInt(3) == 0 ? 1f : random.nextFloat() - 0.5f;
            }
            return v;
        }
    }
}
