package org.tengen.models.djl;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.Policies;
import org.tengen.models.net.PolicyValueNet;

/**
 * Runs a {@link PolicyValueNet} forward and turns its logits into priors: softmax over the legal actions only
 * (exactly 0 elsewhere, normalised to 1), values from the side to move.
 *
 * <p>Observations are copied into a native buffer the tensor reads in place, and the outputs are read straight from
 * native memory; every array of a call lives in a sub-manager closed before returning. Buffers grow to the largest
 * batch seen and are then reused. The network is shared, not owned: {@link #close()} leaves it open. Single-threaded
 * like every {@link Evaluator}; share it through a {@code BatchingEvaluator}.
 */
public final class DjlEvaluator implements Evaluator {
    private final PolicyValueNet net;
    private final InputSpec spec;
    private ByteBuffer input = ByteBuffer.allocateDirect(0);
    private FloatBuffer inputFloats = input.asFloatBuffer();
    private float[] logits = new float[0];

    /**
     * @param net  the network; its weights fit any board size
     * @param spec the positions this evaluator receives; its planes must match the network's input planes
     */
    public DjlEvaluator(PolicyValueNet net, InputSpec spec) {
        if (spec.planes() != net.config().inputPlanes()) {
            throw new IllegalArgumentException("feature set " + spec.featureSet() + " has " + spec.planes()
                    + " planes but the network takes " + net.config().inputPlanes());
        }
        this.net = net;
        this.spec = spec;
    }

    /** An evaluator for the board size the network was configured with. */
    public static DjlEvaluator of(PolicyValueNet net, String featureSet) {
        return new DjlEvaluator(net, new InputSpec(featureSet, net.config().inputPlanes(), net.config().width(),
                net.config().height()));
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score) {
        spec.checkBatch(batch, observations, legal, policy, value, score);
        int floats = batch * spec.observationSize();
        int actions = spec.actionCount();
        ensureCapacity(floats, batch * actions);
        inputFloats.put(0, observations, 0, floats);
        input.clear().limit(floats * Float.BYTES);
        try (NDManager manager = net.model().getNDManager().newSubManager()) {
            NDList out = net.forward(manager.create(input, new Shape(batch, spec.planes(), spec.height(), spec.width()),
                    DataType.FLOAT32));
            out.get(0).toByteBuffer(true).asFloatBuffer().get(logits, 0, batch * actions);
            out.get(1).toByteBuffer(true).asFloatBuffer().get(value, 0, batch);
            if (net.config().scoreHead()) {
                out.get(net.config().scoreIndex()).toByteBuffer(true).asFloatBuffer().get(score, 0, batch);
            } else {
                Arrays.fill(score, 0, batch, 0f);
            }
        }
        for (int i = 0; i < batch; i++) {
            Policies.maskedSoftmax(logits, i * actions, legal, i * actions, policy, i * actions, actions);
        }
    }

    private void ensureCapacity(int floats, int policyFloats) {
        if (input.capacity() < floats * Float.BYTES) {
            input = ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder());
            inputFloats = input.asFloatBuffer();
        }
        if (logits.length < policyFloats) {
            logits = new float[policyFloats];
        }
    }
}
