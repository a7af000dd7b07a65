package org.tengen.bench.models;

import java.nio.FloatBuffer;
import java.util.Random;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;

/** Random binary planes, about half the points legal, pass legal; output arrays sized to match. */
final class RandomInputs {
    final FloatBuffer observations;
    final boolean[] legal;
    final float[] policy;
    final float[] value;
    final float[] score;

    RandomInputs(InputSpec spec, int batch, long seed) {
        Random random = new Random(seed);
        float[] planes = new float[batch * spec.observationSize()];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = random.nextInt(3) == 0 ? 1f : 0f;
        }
        observations = FloatBuffer.wrap(planes);
        int actions = spec.actionCount();
        legal = new boolean[batch * actions];
        for (int i = 0; i < legal.length; i++) {
            legal[i] = i % actions == actions - 1 || random.nextBoolean();
        }
        policy = new float[batch * actions];
        value = new float[batch];
        score = new float[batch];
    }

    /** The inputs of a benchmark net. */
    static InputSpec spec(NetConfig config) {
        return new InputSpec("bench", config.inputPlanes(), config.width(), config.height());
    }

    /** One call of {@code evaluator} on a batch of random inputs, the same each time. */
    static Runnable evaluatorLoop(Evaluator evaluator, InputSpec spec, int batch) {
        RandomInputs in = new RandomInputs(spec, batch, batch);
        return () -> evaluator.evaluate(batch, in.observations, in.legal, in.policy, in.value, in.score);
    }
}
