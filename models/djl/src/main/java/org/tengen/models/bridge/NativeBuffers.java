package org.tengen.models.bridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.tengen.models.eval.InputSpec;

/** Checks on the env's observation buffer and raw aliases of its memory. */
final class NativeBuffers {
    private NativeBuffers() {
    }

    /**
     * The first {@code batch} positions of {@code observations} as a buffer of its own (position 0, same memory),
     * after checking it is direct, in native byte order and large enough. Indexing is absolute from 0, whatever the
     * caller's position, and the caller's position and limit are left alone.
     */
    static FloatBuffer batchWindow(FloatBuffer observations, int batch, InputSpec spec) {
        if (!observations.isDirect()) {
            throw new IllegalArgumentException("the observation buffer must be direct (ByteBuffer.allocateDirect"
                    + "(..).order(ByteOrder.nativeOrder()).asFloatBuffer()); a heap buffer cannot be shared");
        }
        if (observations.order() != ByteOrder.nativeOrder()) {
            throw new IllegalArgumentException("the observation buffer must be in native byte order ("
                    + ByteOrder.nativeOrder() + "), got " + observations.order());
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1, got " + batch);
        }
        long floats = (long) batch * spec.observationSize();
        if (floats > observations.capacity()) {
            throw new IllegalArgumentException("a batch of " + batch + " needs " + floats + " floats ("
                    + spec.planes() + "x" + spec.height() + "x" + spec.width() + " each), the buffer holds "
                    + observations.capacity());
        }
        return observations.slice(0, (int) floats);
    }

    /** A JavaCPP pointer to {@code window}'s memory; it keeps {@code window} (and so its memory) reachable. */
    static FloatPointer pointer(FloatBuffer window) {
        return new FloatPointer(window);
    }

    /**
     * A direct ByteBuffer over the same memory as {@code window}. It does not keep {@code window} reachable: the
     * caller must hold the original buffer for as long as the alias is used.
     */
    static ByteBuffer bytes(FloatBuffer window) {
        long bytes = (long) window.capacity() * Float.BYTES;
        return new BytePointer(pointer(window)).capacity(bytes).asByteBuffer().order(ByteOrder.nativeOrder());
    }
}
