package org.tengen.models.bridge;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bytedeco.javacpp.BooleanPointer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.indexer.BooleanIndexer;
import org.nd4j.linalg.api.buffer.DataBuffer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Legal masks as boolean tensors. The env's masks are {@code boolean[]}, which no engine can share, so they are
 * copied once (one byte per action) into a native buffer allocated here once; the DJL and ND4J arrays are views of
 * that buffer. Each {@link #copy} overwrites it: arrays from an earlier copy then read the new masks.
 */
public final class LegalMasks {
    private final int capacity;
    private final int actionCount;
    private final ByteBuffer bytes;
    private int batch;

    /** Room for {@code capacity} positions of {@code actionCount} actions each (points, then pass). */
    public LegalMasks(int capacity, int actionCount) {
        if (capacity < 1 || actionCount < 1) {
            throw new IllegalArgumentException("capacity and actionCount must be positive: " + capacity + ", "
                    + actionCount);
        }
        this.capacity = capacity;
        this.actionCount = actionCount;
        this.bytes = ByteBuffer.allocateDirect(Math.multiplyExact(capacity, actionCount))
                .order(ByteOrder.nativeOrder());
    }

    /** Copies the masks of positions {@code 0 .. batch-1} ({@code legal[i * actionCount + a]}). */
    public void copy(boolean[] legal, int batch) {
        if (batch < 1 || batch > capacity) {
            throw new IllegalArgumentException("batch must be in 1.." + capacity + ", got " + batch);
        }
        int n = batch * actionCount;
        if (legal.length < n) {
            throw new IllegalArgumentException("a batch of " + batch + " needs " + n + " mask entries, got "
                    + legal.length);
        }
        for (int i = 0; i < n; i++) {
            bytes.put(i, legal[i] ? (byte) 1 : (byte) 0);
        }
        this.batch = batch;
    }

    /** Positions in the last copy. */
    public int batch() {
        return batch;
    }

    /** The last copy as a DJL BOOLEAN array of shape {@code (batch, actionCount)} sharing this object's buffer. */
    public NDArray djl(NDManager manager) {
        return manager.create(window(), new Shape(batch, actionCount), DataType.BOOLEAN);
    }

    /** The last copy as an ND4J BOOL array of shape {@code [batch, actionCount]} sharing this object's buffer. */
    public INDArray nd4j() {
        BytePointer pointer = new BytePointer(window());
        DataBuffer data = Nd4j.createBuffer(pointer, org.nd4j.linalg.api.buffer.DataType.BOOL, pointer.limit(),
                BooleanIndexer.create(new BooleanPointer(pointer)));
        return Nd4j.create(data, batch, actionCount);
    }

    private ByteBuffer window() {
        if (batch == 0) {
            throw new IllegalStateException("no masks copied yet: call copy(legal, batch) first");
        }
        return bytes.slice(0, batch * actionCount).order(ByteOrder.nativeOrder());
    }
}
