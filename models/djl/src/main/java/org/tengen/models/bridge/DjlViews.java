package org.tengen.models.bridge;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.FloatBuffer;
import org.tengen.env.vec.VecEnv;
import org.tengen.models.eval.InputSpec;

/**
 * DJL arrays over the env's observation buffer without copying.
 *
 * <p>Measured with the PyTorch engine (DJL 0.35.1): {@code NDManager.create(Buffer, Shape)} shares memory only for
 * a <em>direct ByteBuffer</em> (it calls {@code torch::from_blob}). A direct FloatBuffer, which is what the env
 * hands out, is copied, and the copy also advances the buffer's position. So the view here re-wraps the float
 * buffer's memory as a ByteBuffer (through JavaCPP) before handing it to DJL: zero-copy, writes on either side are
 * seen by the other, and closing the NDArray never frees the env's memory.
 */
public final class DjlViews {
    private DjlViews() {
    }

    /**
     * Positions {@code 0 .. batch-1} of {@code observations} as a FLOAT32 array of shape
     * {@code (batch, planes, height, width)} that shares the buffer's memory (no copy). The buffer must be direct
     * and in native byte order; it must stay reachable while the array is used (the env owns it for its lifetime).
     */
    public static NDArray observations(NDManager manager, FloatBuffer observations, int batch, InputSpec spec) {
        FloatBuffer window = NativeBuffers.batchWindow(observations, batch, spec);
        Shape shape = new Shape(batch, spec.planes(), spec.height(), spec.width());
        return manager.create(NativeBuffers.bytes(window), shape, DataType.FLOAT32);
    }

    /**
     * Every game's current observation in {@code env}, {@code (numEnvs, planes, height, width)}, sharing the env's
     * buffer: each step of the env shows through, no copy is made.
     */
    public static NDArray observations(NDManager manager, VecEnv env) {
        return observations(manager, env.observations(), env.numEnvs(), InputSpec.of(env.features(), env.rules()));
    }
}
