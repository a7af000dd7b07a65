package org.tengen.models.bridge;

import java.nio.FloatBuffer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.indexer.FloatIndexer;
import org.nd4j.linalg.api.buffer.DataBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.tengen.env.vec.VecEnv;
import org.tengen.models.eval.InputSpec;

/**
 * ND4J arrays over the env's observation buffer without copying: a JavaCPP pointer to the direct buffer wrapped as
 * an ND4J data buffer. ({@code Nd4j.create(float[], ..)} would copy.) The array keeps the buffer reachable.
 */
public final class Nd4jViews {
    private Nd4jViews() {
    }

    /**
     * Positions {@code 0 .. batch-1} of {@code observations} as a FLOAT array of shape
     * {@code [batch, planes, height, width]} in C order that shares the buffer's memory. The buffer must be direct
     * and in native byte order.
     */
    public static INDArray observations(FloatBuffer observations, int batch, InputSpec spec) {
        FloatPointer pointer = NativeBuffers.pointer(NativeBuffers.batchWindow(observations, batch, spec));
        DataBuffer data = Nd4j.createBuffer(pointer, DataType.FLOAT, pointer.limit(), FloatIndexer.create(pointer));
        return Nd4j.create(data, batch, spec.planes(), spec.height(), spec.width());
    }

    /**
     * Every game's current observation in {@code env}, {@code [numEnvs, planes, height, width]}, sharing the env's
     * buffer: each step of the env shows through, no copy is made.
     */
    public static INDArray observations(VecEnv env) {
        return observations(env.observations(), env.numEnvs(), InputSpec.of(env.features(), env.rules()));
    }
}
