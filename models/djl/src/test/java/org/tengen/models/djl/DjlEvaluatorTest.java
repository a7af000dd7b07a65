package org.tengen.models.djl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.eval.testing.Inputs;

class DjlEvaluatorTest {
    private static final NetConfig NET = new NetConfig(4, 9, 9, 2, 8, true, false, false);

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"9,9", "5,5", "7,5", "19,19"})
    void maskedPolicyIsADistributionOverLegalActions(int width, int height) {
        InputSpec spec = new InputSpec("t", 4, width, height);
        int batch = 3;
        int actions = spec.actionCount();
        boolean[] legal = Inputs.legal(spec, batch, 1);
        float[] policy = new float[batch * actions];
        float[] value = new float[batch];
        try (PolicyValueNet net = PolicyValueNet.create(NET); DjlEvaluator evaluator = new DjlEvaluator(net, spec)) {
            evaluator.evaluate(batch, Inputs.observations(spec, batch, 2), legal, policy, value, new float[value.length]);
        }
        for (int i = 0; i < batch; i++) {
            double sum = 0;
            for (int a = 0; a < actions; a++) {
                float p = policy[i * actions + a];
                if (legal[i * actions + a]) {
                    assertTrue(p > 0f, "legal action " + a + " has prior " + p);
                    sum += p;
                } else {
                    assertEquals(0f, p, "illegal action " + a);
                }
            }
            assertEquals(1.0, sum, 1e-5);
            assertTrue(value[i] >= -1f && value[i] <= 1f);
        }
    }

    @Test
    void batchedAndSingleCallsAgree() {
        InputSpec spec = new InputSpec("t", 4, 9, 9);
        int batch = 5;
        int actions = spec.actionCount();
        FloatBuffer observations = Inputs.observations(spec, batch, 3);
        boolean[] legal = Inputs.legal(spec, batch, 4);
        float[] policy = new float[batch * actions];
        float[] value = new float[batch];
        float[] onePolicy = new float[actions];
        float[] oneValue = new float[1];
        try (PolicyValueNet net = PolicyValueNet.create(NET); DjlEvaluator evaluator = DjlEvaluator.of(net, "t")) {
            evaluator.evaluate(batch, observations, legal, policy, value, new float[value.length]);
            for (int i = 0; i < batch; i++) {
                FloatBuffer one = observations.duplicate().position(i * spec.observationSize()).slice();
                boolean[] oneLegal = java.util.Arrays.copyOfRange(legal, i * actions, (i + 1) * actions);
                evaluator.evaluate(1, one, oneLegal, onePolicy, oneValue, new float[oneValue.length]);
                assertArrayEquals(java.util.Arrays.copyOfRange(policy, i * actions, (i + 1) * actions), onePolicy,
                        1e-5f);
                assertEquals(value[i], oneValue[0], 1e-5f);
            }
        }
    }

    @Test
    void badInputsAreClearErrors() {
        InputSpec spec = new InputSpec("t", 4, 9, 9);
        try (PolicyValueNet net = PolicyValueNet.create(NET); DjlEvaluator evaluator = DjlEvaluator.of(net, "t")) {
            IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> evaluator.evaluate(2,
                    FloatBuffer.allocate(10), new boolean[164], new float[164], new float[2], new float[2]));
            assertTrue(small.getMessage().contains("observations: room for 10"), small.getMessage());
            boolean[] none = new boolean[spec.actionCount()];
            IllegalArgumentException noLegal = assertThrows(IllegalArgumentException.class, () -> evaluator.evaluate(
                    1, Inputs.observations(spec, 1, 1), none, new float[82], new float[1], new float[1]));
            assertTrue(noLegal.getMessage().contains("no legal action"), noLegal.getMessage());
            IllegalArgumentException planes = assertThrows(IllegalArgumentException.class,
                    () -> new DjlEvaluator(net, new InputSpec("az17", 17, 9, 9)));
            assertTrue(planes.getMessage().contains("17 planes but the network takes 4"), planes.getMessage());
        }
    }
}
