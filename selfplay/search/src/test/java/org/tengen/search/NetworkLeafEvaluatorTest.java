package org.tengen.search;

import org.tengen.models.eval.UniformEvaluator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.InputSpec;

class NetworkLeafEvaluatorTest {
    private final Rules rules = Rules.trompTaylor(3);

    @Test
    void encodesTheBatchAndPassesItOn() {
        Game game = new Game(rules);
        game.play(4);
        NetworkLeafEvaluator leaves = TestEvaluators.leaves(TestEvaluators.pointIsGood(rules, 4), 2);
        boolean[] legal = new boolean[2 * rules.actionCount()];
        game.legalMask(legal, 0);
        new Game(rules).legalMask(legal, rules.actionCount());
        float[] policy = new float[legal.length];
        float[] value = new float[2];
        leaves.evaluate(2, new Game[] {game, new Game(rules)}, legal, policy, value);
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
        Rules big = Rules.trompTaylor(4);
        assertMessage("the evaluator is for 3x3 boards, the game is 4x4", () -> leaves.evaluate(1,
                new Game[] {new Game(big)}, new boolean[17], new float[17], new float[1]));
        assertMessage("batch 2 exceeds maxBatch 1", () -> leaves.evaluate(2,
                new Game[] {new Game(rules), new Game(rules)}, new boolean[20], new float[20], new float[2]));
    }

    private static void assertMessage(String prefix, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    }
}
