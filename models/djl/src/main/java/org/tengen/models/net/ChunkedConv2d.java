package org.tengen.models.net;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A {@link Conv2d} that steers libtorch around channel counts it was seen to get wrong: the same parameters, saved
 * form and function as the plain convolution, computed by other libtorch calls.
 *
 * <p>Why: on a 2-core AMD EPYC with AVX-512 (2026-11-27) libtorch 2.7.1 gave wrong results, off by up to 4 and
 * sometimes NaN, for 3x3 convolutions over a batch of two or more positions in two cases (1x1 kernels, one position
 * and the weight gradients were right):
 * <ul>
 *   <li>the <b>forward</b> pass, when the input had more than 16 channels but not a multiple of 16 (the 17-plane
 *       features' stem). Convolving groups of 16 input channels and the rest, and adding them, gave the exact result
 *       (also with oneDNN capped at AVX2, which on that CPU got counts above 8 that are not a multiple of 8 wrong,
 *       9 among them, where AVX2-only machines are right);
 *   <li>the <b>gradient of the input</b>, when the output had a channel count that is not a multiple of 16 (8, 12,
 *       24). In training, the filters are padded with zero filters to a multiple of 16 and the extra outputs dropped.
 * </ul>
 * {@code ConvolutionOracleTest} checks outputs and gradients against plain loops, and {@code docs/networks.md} tells
 * the story.
 */
final class ChunkedConv2d extends Conv2d {
    private static final int SAFE_MULTIPLE = 16;

    ChunkedConv2d(Builder builder) {
        super(builder);
    }

    @Override
    protected NDList forwardInternal(ParameterStore store, NDList inputs, boolean training,
                                     PairList<String, Object> params) {
        NDArray x = inputs.head();
        if (groups != 1) {
            return super.forwardInternal(store, inputs, training, params);
        }
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
}
