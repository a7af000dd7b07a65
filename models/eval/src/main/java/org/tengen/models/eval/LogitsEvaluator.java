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
    private final boolean predictsOwnership;
    private float[] logits = new float[0];

    /**
     * @param spec              the positions this evaluator receives
     * @param predictsScore     whether {@link #forward} writes scores; without, they are 0 as {@link Evaluator} says
     * @param predictsOwnership whether {@link #forward} writes ownership when asked; without, it is NaN
     */
    protected LogitsEvaluator(InputSpec spec, boolean predictsScore, boolean predictsOwnership) {
        this.spec = spec;
        this.predictsScore = predictsScore;
        this.predictsOwnership = predictsOwnership;
    }

    @Override
    public final boolean predictsOwnership() {
        return predictsOwnership;
    }

    @Override
    public final InputSpec spec() {
        return spec;
    }

    @Override
    public final void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                               float[] score, float[] ownership) {
        spec.checkBatch(batch, observations, legal, policy, value, score, ownership);
        int actions = spec.actionCount();
        if (logits.length < batch * actions) {
            logits = new float[batch * actions];
        }
        forward(batch, observations, logits, value, score, predictsOwnership ? ownership : null);
        if (!predictsScore) {
            Arrays.fill(score, 0, batch, 0f);
        }
        if (ownership != null && !predictsOwnership) {
            Arrays.fill(ownership, 0, batch * spec.area(), Float.NaN);
        }
        for (int i = 0; i < batch; i++) {
            Policies.maskedSoftmax(logits, i * actions, legal, i * actions, policy, i * actions, actions);
        }
    }

    /**
     * Runs the network on positions {@code 0 .. batch-1} of {@code observations} (already checked against the spec):
     * writes {@code batch * actionCount} logits (points row-major, then pass), {@code batch} values and, if it
     * predicts them, {@code batch} scores, and when {@code ownership} is not null (only if it predicts ownership),
     * {@code batch * area} ownership values (tanh, from the side to move).
     *
     * @param batch        positions to run
     * @param observations their planes
     * @param logits       receives their policy logits
     * @param value        receives their values
     * @param score        receives their scores, if predicted
     * @param ownership    receives their ownership, or null when not asked
     */
    protected abstract void forward(int batch, FloatBuffer observations, float[] logits, float[] value,
                                    float[] score, float[] ownership);
}
