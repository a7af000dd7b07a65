package org.tengen.search;

import java.nio.FloatBuffer;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/**
 * A test network with an ownership head: {@code inner}'s priors, values and scores, and every point's ownership given
 * by a {@link Rule} in Black's view, turned to the player to move read from the colour plane of {@code az<2k+1>}
 * features (their last plane: all 1 when Black is to move). It sums what it returned, in Black's view.
 */
public final class OwningEvaluator implements Evaluator {
    /** Black's view of a point's ownership in one position of a batch. */
    @FunctionalInterface
    public interface Rule {
        float blackOwnership(FloatBuffer observations, int position, int point, InputSpec spec);
    }

    private final Evaluator inner;
    private final Rule rule;
    /** Sum over every position evaluated with an ownership buffer of its ownership, Black's view. */
    final float[] seen;
    /** Positions evaluated with an ownership buffer, and without. */
    int withOwnership;
    int withoutOwnership;

    public OwningEvaluator(Evaluator inner, Rule rule) {
        this.inner = inner;
        this.rule = rule;
        this.seen = new float[inner.spec().area()];
    }

    @Override
    public InputSpec spec() {
        return inner.spec();
    }

    @Override
    public boolean predictsOwnership() {
        return true;
    }

    @Override
    public void evaluate(int batch, FloatBuffer obs, boolean[] legal, float[] policy, float[] value, float[] score,
                         float[] ownership) {
        inner.evaluate(batch, obs, legal, policy, value, score);
        if (ownership == null) {
            withoutOwnership += batch;
            return;
        }
        InputSpec spec = spec();
        int area = spec.area();
        for (int i = 0; i < batch; i++) {
            boolean blackToMove = obs.get(i * spec.observationSize() + (spec.planes() - 1) * area) == 1f;
            for (int p = 0; p < area; p++) {
                float black = rule.blackOwnership(obs, i, p, spec);
                seen[p] += black;
                ownership[i * area + p] = blackToMove ? black : -black;
            }
        }
        withOwnership += batch;
    }
}
