package org.tengen.models.eval.testing;

import java.nio.FloatBuffer;
import java.util.Random;
import org.tengen.models.eval.InputSpec;

/** Deterministic random inputs and legal masks for evaluator and model tests. */
public final class Inputs {
    private Inputs() {
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

}
