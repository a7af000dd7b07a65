package org.tengen.models.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.features.Symmetries;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.junit.jupiter.api.Test;

class SymmetricEvaluatorTest {
    private static final Rules RULES = Rules.trompTaylor(5);
    private static final FeatureSet FEATURES = FeatureSets.byId("az3");
    private static final InputSpec SPEC = new InputSpec("az3", 3, 5, 5);

    /** A deliberately lopsided evaluator: prefers low action indices, value from the first plane's top row. */
    private static final class Lopsided implements Evaluator {
        @Override
        public InputSpec spec() {
            return SPEC;
        }

        @Override
        public void evaluate(int batch, FloatBuffer obs, boolean[] legal, float[] policy, float[] value,
                                 float[] score, float[] ownership) {
            int actions = SPEC.actionCount();
            for (int i = 0; i < batch; i++) {
                float sum = 0;
                for (int a = 0; a < actions; a++) {
                    float p = legal[i * actions + a] ? 1f / (1 + a) : 0f;
                    policy[i * actions + a] = p;
                    sum += p;
                }
                for (int a = 0; a < actions; a++) {
                    policy[i * actions + a] /= sum;
                }
                float top = 0;
                for (int x = 0; x < 5; x++) {
                    top += obs.get(i * SPEC.observationSize() + x);
                }
                value[i] = top / 5;
            }
        }
    }

    /** Ownership of each point from its own planes alone (own stone +0.9, opponent's -0.9): equivariant. */
    private static final class StoneOwnership implements Evaluator {
        @Override
        public InputSpec spec() {
            return SPEC;
        }

        @Override
        public boolean predictsOwnership() {
            return true;
        }

        @Override
        public void evaluate(int batch, FloatBuffer obs, boolean[] legal, float[] policy, float[] value,
                             float[] score, float[] ownership) {
            new UniformEvaluator(SPEC).evaluate(batch, obs, legal, policy, value, score);
            int area = SPEC.area();
            for (int i = 0; i < batch && ownership != null; i++) {
                int base = i * SPEC.observationSize();
                for (int p = 0; p < area; p++) {
                    ownership[i * area + p] = 0.9f * (obs.get(base + p) - obs.get(base + area + p));
                }
            }
        }
    }

    @Test
    void ownershipIsMappedBackToTheBoardUnderEverySymmetry() {
        Game game = new Game(RULES);
        for (int a : new int[] {0, 7, 13, 21, 3}) {
            game.play(a);   // an irregular position: each symmetry moves it elsewhere
        }
        boolean[] legal = new boolean[SPEC.actionCount()];
        game.legalMask(legal, 0);
        float[] direct = new float[SPEC.area()];
        new StoneOwnership().evaluate(1, encode(game), legal, new float[SPEC.actionCount()], new float[1],
                new float[1], direct);
        for (SymmetricEvaluator.Mode mode : new SymmetricEvaluator.Mode[] {SymmetricEvaluator.Mode.RANDOM,
                SymmetricEvaluator.Mode.ALL}) {
            for (long seed = 0; seed < 8; seed++) {
                Evaluator symmetric = SymmetricEvaluator.under(new StoneOwnership(), mode, 1, seed);
                assertTrue(symmetric.predictsOwnership());
                float[] owned = new float[SPEC.area()];
                symmetric.evaluate(1, encode(game), legal, new float[SPEC.actionCount()], new float[1],
                        new float[1], owned);
                assertArrayEquals(direct, owned, 1e-6f, mode + " seed " + seed);
            }
        }
        float[] unknown = new float[SPEC.area()];
        new SymmetricEvaluator(new Lopsided(), SymmetricEvaluator.Mode.ALL, 1, 1).evaluate(1, encode(game), legal,
                new float[SPEC.actionCount()], new float[1], new float[1], unknown);
        assertTrue(Float.isNaN(unknown[0]), "no ownership head inside: NaN");
    }

    private static FloatBuffer encode(Game game) {
        FloatBuffer buf = ByteBuffer.allocateDirect(SPEC.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        FEATURES.encode(game, buf, 0);
        return buf;
    }

    @Test
    void averagingOverAllSymmetriesMakesTheOutputEquivariant() {
        Game game = new Game(RULES);
        game.play(0);   // black in the top-left corner
        game.play(12);  // white in the centre
        boolean[] legal = new boolean[SPEC.actionCount()];
        game.legalMask(legal, 0);
        float[] policy = new float[SPEC.actionCount()];
        float[] value = new float[1];
        SymmetricEvaluator all = new SymmetricEvaluator(new Lopsided(), SymmetricEvaluator.Mode.ALL, 4, 1);
        all.evaluate(1, encode(game), legal, policy, value, new float[value.length]);

        float sum = 0;
        for (int a = 0; a < policy.length; a++) {
            sum += policy[a];
            if (!legal[a]) {
                assertEquals(0f, policy[a], "illegal action " + a);
            }
        }
        assertEquals(1f, sum, 1e-5);
        // The position is symmetric under the transpose, so the averaged policy must be too: (x, y) ~ (y, x).
        for (int y = 0; y < 5; y++) {
            for (int x = 0; x < 5; x++) {
                assertEquals(policy[y * 5 + x], policy[x * 5 + y], 1e-6, "point " + x + "," + y);
            }
        }
        // Black to move: its corner stone lands on the top row under 4 of the 8 symmetries, worth 1/5 there.
        assertEquals(0.1f, value[0], 1e-6);
    }

    @Test
    void randomModeGivesAValidDistributionAndChunksLargeBatches() {
        Game game = new Game(RULES);
        Symmetries symmetries = new Symmetries(5, 5);
        int batch = 5;
        FloatBuffer obs = ByteBuffer.allocateDirect(batch * SPEC.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        boolean[] legal = new boolean[batch * SPEC.actionCount()];
        for (int i = 0; i < batch; i++) {
            FEATURES.encode(game, obs, i * SPEC.observationSize());
            game.legalMask(legal, i * SPEC.actionCount());
        }
        float[] policy = new float[batch * SPEC.actionCount()];
        float[] value = new float[batch];
        new SymmetricEvaluator(new Lopsided(), SymmetricEvaluator.Mode.RANDOM, 2, 7)
                .evaluate(batch, obs, legal, policy, value, new float[value.length]);
        for (int i = 0; i < batch; i++) {
            float sum = 0;
            for (int a = 0; a < SPEC.actionCount(); a++) {
                sum += policy[i * SPEC.actionCount() + a];
            }
            assertEquals(1f, sum, 1e-5, "position " + i);
        }
        assertEquals(8, symmetries.count());
    }
}
