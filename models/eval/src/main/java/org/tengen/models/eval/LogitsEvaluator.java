package org.tengen.models.eval;

import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * An evaluator over a network that outputs policy logits: it checks the caller's buffers, lets the backend run the
 * network, then turns the logits into priors with {@link Policies#maskedSoftmax}. Every network backend extends it,
 * so they all post-process alike and differ only in how the forward pass runs.
 */
public abstract class LogitsEvaluator implements Evaluator {
    private final InputSpec spec;
    private final boolean predictsScore;
    private float[] logits = new float[0];

    /**
     * @param spec          the positions this evaluator receives
     * @param predictsScore whether {@link #forward} writes scores; without, they are 0 as {@link Evaluator} says
     */
    protected LogitsEvaluator(InputSpec spec, boolean predictsScore) {
        this.spec = spec;
        this.predictsScore = predictsScore;
    }

    @Override
    public final InputSpec spec() {
        return spec;
    }

    @Override
    public final void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                               float[] score) {
        spec.checkBatch(batch, observations, legal, policy, value, score);
        int actions = spec.actionCount();
        if (logits.length < batch * actions) {
            logits = new float[batch * actions];
        }
        forward(batch, observations, logits, value, score);
        if (!predictsScore) {
            Arrays.fill(score, 0, batch, 0f);
        }
        for (int i = 0; i < batch; i++) {
            Policies.maskedSoftmax(logits, i * actions, legal, i * actions, policy, i * actions, actions);
        }
    }

    /**
     * Runs the network on positions {@code 0 .. batch-1} of {@code observations} (already checked against the spec):
     * writes {@code batch * actionCount} logits (points row-major, then pass), {@code batch} values and, if it
     * predicts them, {@code batch} scores.
     */
    protected abstract void forward(int batch, FloatBuffer observations, float[] logits, float[] value,
                                    float[] score);
}
