package org.tengen.models.testing;

import java.nio.FloatBuffer;
import java.util.Random;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.train.TrainingBatch;

/** Deterministic random inputs, masks and training batches for model tests. */
public final class Fixtures {
    private Fixtures() {
    }

    /** Binary planes, as real feature planes are. */
    public static FloatBuffer observations(InputSpec spec, int batch, long seed) {
        Random random = new Random(seed);
        float[] data = new float[batch * spec.observationSize()];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextInt(3) == 0 ? 1f : 0f;
        }
        return FloatBuffer.wrap(data);
    }

    /** About half the points legal, pass always legal. */
    public static boolean[] legal(InputSpec spec, int batch, long seed) {
        Random random = new Random(seed);
        int actions = spec.actionCount();
        boolean[] legal = new boolean[batch * actions];
        for (int i = 0; i < batch; i++) {
            for (int a = 0; a < actions - 1; a++) {
                legal[i * actions + a] = random.nextBoolean();
            }
            legal[i * actions + actions - 1] = true;
        }
        return legal;
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
        return new TrainingBatch(size, spec.width(), spec.height(), observations(spec, size, seed + 1), policy,
                value, auxiliary ? ownership : null, auxiliary ? score : null);
    }
}
