package org.tengen.models.djl;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.LogitsEvaluator;
import org.tengen.models.net.PolicyValueNet;

/**
 * Runs a {@link PolicyValueNet} forward with libtorch; {@link LogitsEvaluator} turns its logits into priors: softmax
 * over the legal actions only (exactly 0 elsewhere, normalised to 1), values from the side to move.
 *
 * <p>Observations are copied into a native buffer the tensor reads in place, and the outputs are read straight from
 * native memory; every array of a call lives in a sub-manager closed before returning. Buffers grow to the largest
 * batch seen and are then reused. The network is shared, not owned: {@link #close()} leaves it open. Single-threaded
 * like every {@link Evaluator}; share it through a {@code BatchingEvaluator}.
 */
public final class DjlEvaluator extends LogitsEvaluator {
    private final PolicyValueNet net;
    private ByteBuffer input = ByteBuffer.allocateDirect(0);
    private FloatBuffer inputFloats = input.asFloatBuffer();

    /**
     * @param net  the network; its weights fit any board size
     * @param spec the positions this evaluator receives; its planes must match the network's input planes
     */
    public DjlEvaluator(PolicyValueNet net, InputSpec spec) {
        super(spec, net.config().scoreHead(), net.config().ownershipHead());
        if (spec.planes() != net.config().inputPlanes()) {
            throw new IllegalArgumentException("feature set " + spec.featureSet() + " has " + spec.planes()
                    + " planes but the network takes " + net.config().inputPlanes());
        }
        this.net = net;
    }

    /** An evaluator for the board size the network was configured with. */
    public static DjlEvaluator of(PolicyValueNet net, String featureSet) {
        return new DjlEvaluator(net, new InputSpec(featureSet, net.config().inputPlanes(), net.config().width(),
                net.config().height()));
    }

    @Override
    protected void forward(int batch, FloatBuffer observations, float[] logits, float[] value, float[] score,
                           float[] ownership) {
        InputSpec spec = spec();
        int floats = batch * spec.observationSize();
        ensureCapacity(floats);
        inputFloats.put(0, observations, 0, floats);
        input.clear().limit(floats * Float.BYTES);
        try (NDManager manager = net.model().getNDManager().newSubManager()) {
            NDList out = net.forward(manager.create(input, new Shape(batch, spec.planes(), spec.height(), spec.width()),
                    DataType.FLOAT32));
            out.get(0).toByteBuffer(true).asFloatBuffer().get(logits, 0, batch * spec.actionCount());
            out.get(1).toByteBuffer(true).asFloatBuffer().get(value, 0, batch);
            if (net.config().scoreHead()) {
                out.get(net.config().scoreIndex()).toByteBuffer(true).asFloatBuffer().get(score, 0, batch);
            }
            if (ownership != null) {
                out.get(net.config().ownershipIndex()).toByteBuffer(true).asFloatBuffer()
                        .get(ownership, 0, batch * spec.area());
            }
        }
    }

    private void ensureCapacity(int floats) {
        if (input.capacity() < floats * Float.BYTES) {
            input = ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder());
            inputFloats = input.asFloatBuffer();
        }
    }
}
