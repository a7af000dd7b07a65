package org.tengen.run;

import java.nio.FloatBuffer;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/** Passes evaluations through and counts calls, positions and time spent in the network. */
final class TimedEvaluator implements Evaluator {
    private final Evaluator inner;
    private long nanos;
    private long positions;
    private long calls;

    TimedEvaluator(Evaluator inner) {
        this.inner = inner;
    }

    @Override
    public InputSpec spec() {
        return inner.spec();
    }

    @Override
    public boolean predictsOwnership() {
        return inner.predictsOwnership();
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score, float[] ownership) {
        long start = System.nanoTime();
        inner.evaluate(batch, observations, legal, policy, value, score, ownership);
        nanos += System.nanoTime() - start;
        positions += batch;
        calls++;
    }

    double seconds() {
        return nanos / 1e9;
    }

    long positions() {
        return positions;
    }

    long calls() {
        return calls;
    }
}
