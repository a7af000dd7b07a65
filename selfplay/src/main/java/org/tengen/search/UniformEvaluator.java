package org.tengen.search;

import java.nio.FloatBuffer;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/** Uniform priors over legal actions and value 0: a network-free baseline for benchmarks and tests. */
public final class UniformEvaluator implements Evaluator {
    private final InputSpec spec;

    public UniformEvaluator(InputSpec spec) {
        this.spec = spec;
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value) {
        int actions = spec.actionCount();
        for (int i = 0; i < batch; i++) {
            int offset = i * actions;
            int count = 0;
            for (int a = 0; a < actions; a++) {
                if (legal[offset + a]) {
                    count++;
                }
            }
            float p = count == 0 ? 0f : 1f / count;
            for (int a = 0; a < actions; a++) {
                policy[offset + a] = legal[offset + a] ? p : 0f;
            }
            value[i] = 0f;
        }
    }
}
