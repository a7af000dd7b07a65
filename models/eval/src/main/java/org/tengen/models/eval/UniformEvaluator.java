package org.tengen.models.eval;

import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * Uniform priors over legal actions and value 0: a baseline, and a stand-in before any network exists. It predicts no
 * ownership (NaN when asked).
 */
public final class UniformEvaluator implements Evaluator {
    private final InputSpec spec;

    /** @param spec the positions it will be asked about */
    public UniformEvaluator(InputSpec spec) {
        this.spec = spec;
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score, float[] ownership) {
        spec.checkBatch(batch, observations, legal, policy, value, score, ownership);
        if (ownership != null) {
            Arrays.fill(ownership, 0, batch * spec.area(), Float.NaN);
        }
        int actions = spec.actionCount();
        for (int i = 0; i < batch; i++) {
            Policies.uniform(legal, i * actions, policy, i * actions, actions);
            value[i] = 0f;
            score[i] = 0f;
        }
    }
}
