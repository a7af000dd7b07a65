package org.tengen.models.testing;

import java.util.Random;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.testing.Inputs;
import org.tengen.models.learn.TrainingBatch;

/** Deterministic training batches for model tests (inputs and masks: {@link Inputs}). */
public final class Fixtures {
    private Fixtures() {
    }

    /**
     * A batch whose targets are random but fixed: policy a two-point distribution, value +-1, ownership +-1 per point,
     * score a few points either way.
     */
    public static TrainingBatch batch(InputSpec spec, int size, long seed, boolean auxiliary) {
        Random random = new Random(seed);
        int area = spec.width() * spec.height();
        float[] policy = new float[size * (area + 1)];
        float[] value = new float[size];
        float[] ownership = new float[size * area];
        float[] score = new float[size];
        for (int i = 0; i < size; i++) {
            policy[i * (area + 1) + random.nextInt(area + 1)] += 0.75f;
            policy[i * (area + 1) + random.nextInt(area + 1)] += 0.25f;
            value[i] = random.nextBoolean() ? 1f : -1f;
            for (int p = 0; p < area; p++) {
                ownership[i * area + p] = random.nextBoolean() ? 1f : -1f;
            }
            score[i] = random.nextInt(21) - 10;
        }
        return new TrainingBatch(size, spec.width(), spec.height(), Inputs.observations(spec, size, seed + 1), policy,
                value, auxiliary ? ownership : null, auxiliary ? score : null);
    }
}
