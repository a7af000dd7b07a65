package org.tengen.models.net;

import ai.djl.ndarray.NDArray;

/**
 * Multiplication by a Java number that is safe inside a graph that will be back-propagated.
 *
 * <p>DJL's PyTorch {@code NDArray.mul(Number)} and {@code div(Number)} wrap the number in a scalar tensor over a
 * Java direct buffer and close it right after the operation, but autograd keeps that tensor to compute the gradient.
 * Once the garbage collector frees the buffer, backward reads freed memory: rare, timing-dependent, enormous
 * gradients that wreck the weights (seen here as sudden NaN during training). Here the scalar belongs to the
 * operand's manager instead, so it lives until that manager (a step's or a call's) is closed.
 */
public final class Scalars {
    private Scalars() {
    }

    /** {@code x * factor}, with the factor kept alive as long as {@code x}'s manager. */
    public static NDArray times(NDArray x, float factor) {
        return x.mul(x.getManager().create(factor));
    }
}
