package org.tengen.search;

import org.tengen.models.eval.UniformEvaluator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.VecEnv;
import org.tengen.models.eval.InputSpec;

class NetworkLeafEvaluatorTest {
    private final Rules rules = Rules.trompTaylor(3);

    /** Two observed leaf slots: the position after the centre point, and the empty board. */
    private VecEnv leafEnv(Rules r) {
        VecEnv env = VecEnv.slots(r, 2, TestFeatures.INSTANCE, 1);
        Game empty = new Game(r, 1);
        env.load(0, empty);
        env.play(0, 4);
        env.load(1, empty);
        env.observe(0);
        env.observe(1);
        return env;
    }

    @Test
    void passesTheLeafEnvsBuffersOn() {
        NetworkLeafEvaluator leaves = TestEvaluators.leaves(TestEvaluators.pointIsGood(rules, 4), 2);
        VecEnv env = leafEnv(rules);
        float[] policy = new float[2 * rules.actionCount()];
        float[] value = new float[2];
        leaves.evaluate(2, env, policy, value, new float[value.length], null);
        assertEquals(-0.9f, value[0], 1e-6, "white to move, black owns the point");
        assertEquals(0f, value[1]);
        assertEquals(0f, policy[4], "occupied point");
        assertEquals(1f / 9, policy[0], 1e-6);
    }

    @Test
    void mismatchesAreNamed() {
        InputSpec other = new InputSpec("az17", 17, 3, 3);
        assertMessage("the evaluator expects feature set 'az17' but the search was given 'az3'",
                () -> new NetworkLeafEvaluator(new UniformEvaluator(other), TestFeatures.INSTANCE, 1));
        InputSpec planes = new InputSpec("az3", 5, 3, 3);
        assertMessage("the evaluator expects 5 planes but feature set 'az3' writes 3",
                () -> new NetworkLeafEvaluator(new UniformEvaluator(planes), TestFeatures.INSTANCE, 1));
        NetworkLeafEvaluator leaves = TestEvaluators.leaves(TestEvaluators.uniform(rules), 1);
        VecEnv big = leafEnv(Rules.trompTaylor(4));
        assertMessage("the evaluator is for 3x3 boards, the game is 4x4", () -> leaves.evaluate(1, big,
                new float[34], new float[2], new float[2], null));
        assertMessage("batch 2 exceeds maxBatch 1", () -> leaves.evaluate(2, leafEnv(rules), new float[20],
                new float[2], new float[2], null));
    }

    private static void assertMessage(String prefix, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    }
}
