package org.tengen.models.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;
import org.tengen.models.net.NetConfig;

/** Unknown targets (NaN: games cut by the move cap, scores of resigned games) add no loss. */
class PolicyValueLossTest {
    private static final NetConfig NET = new NetConfig(4, 2, 1, 1, 8, false, true, true);
    private static final PolicyValueLoss LOSS = new PolicyValueLoss(NET, TrainConfig.sgd(0.01f));
    private static final float NAN = Float.NaN;

    @Test
    void unknownTargetsAreLeftOutOfTheMeans() {
        try (NDManager m = NDManager.newBaseManager()) {
            // Two positions of a 2x1 board; the second knows nothing but its policy target.
            float[] terms = terms(m, new float[] {0.5f, -0.5f}, new float[] {1f, NAN},
                    new float[] {1f, -1f, NAN, NAN}, new float[] {3f, NAN});
            // Only position 0 counts: value (0.5 - 1)^2, ownership mean of (0.2-1)^2 and (0.2+1)^2, score (2-3)^2/2.
            assertEquals(0.25f, terms[1], 1e-6f);
            assertEquals((0.64f + 1.44f) / 2, terms[2], 1e-6f);
            assertEquals(0.5f, terms[3], 1e-6f);
        }
    }

    @Test
    void withEveryTargetKnownItIsThePlainMeanSquaredError() {
        try (NDManager m = NDManager.newBaseManager()) {
            float[] terms = terms(m, new float[] {0.5f, -0.5f}, new float[] {1f, 1f},
                    new float[] {1f, -1f, 1f, -1f}, new float[] {3f, 2f});
            assertEquals((0.25f + 2.25f) / 2, terms[1], 1e-6f);
            assertEquals((0.64f + 1.44f + 0.64f + 1.44f) / 4, terms[2], 1e-6f);
            assertEquals((1f + 0f) / 2 / 2, terms[3], 1e-6f);
        }
    }

    private static float[] terms(NDManager m, float[] value, float[] valueTarget, float[] ownershipTarget,
                                 float[] scoreTarget) {
        NDList predictions = new NDList(m.zeros(new Shape(2, 3)), m.create(value), m.full(new Shape(2, 2), 0.2f),
                m.create(new float[] {2f, 2f}));
        NDArray policy = m.create(new float[] {0, 0, 1, 0, 0, 1}, new Shape(2, 3));
        policy.setName(PolicyValueLoss.POLICY);
        NDArray v = m.create(valueTarget);
        v.setName(PolicyValueLoss.VALUE);
        NDArray own = m.create(ownershipTarget, new Shape(2, 2));
        own.setName(PolicyValueLoss.OWNERSHIP);
        NDArray score = m.create(scoreTarget);
        score.setName(PolicyValueLoss.SCORE);
        NDArray[] t = LOSS.terms(new NDList(policy, v, own, score), predictions);
        float[] out = new float[4];
        for (int i = 0; i < 4; i++) {
            out[i] = t[i].getFloat();
        }
        return out;
    }
}
