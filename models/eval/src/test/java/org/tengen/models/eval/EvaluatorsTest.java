package org.tengen.models.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.tengen.models.eval.testing.Inputs;

/** Pure-Java evaluators, driven by a deterministic fake network. */
class EvaluatorsTest {
    private static final InputSpec SPEC = new InputSpec("t", 2, 3, 3);

    @Test
    void uniformSpreadsOverLegalActions() {
        boolean[] legal = new boolean[10];
        legal[0] = legal[4] = legal[9] = true;
        float[] policy = new float[10];
        float[] value = {7f};
        new UniformEvaluator(SPEC).evaluate(1, FloatBuffer.allocate(18), legal, policy, value, new float[value.length]);
        assertArrayEquals(new float[] {1 / 3f, 0, 0, 0, 1 / 3f, 0, 0, 0, 0, 1 / 3f}, policy);
        assertEquals(0f, value[0]);
    }

    @Test
    void uniformPredictsNoOwnership() {
        UniformEvaluator uniform = new UniformEvaluator(SPEC);
        float[] ownership = new float[2 * SPEC.area()];
        boolean[] legal = new boolean[20];
        legal[9] = legal[19] = true;
        uniform.evaluate(2, FloatBuffer.allocate(36), legal, new float[20], new float[2], new float[2], ownership);
        assertTrue(!uniform.predictsOwnership());
        for (float o : ownership) {
            assertTrue(Float.isNaN(o), "unknown: NaN");
        }
        assertThrows(IllegalArgumentException.class, () -> uniform.evaluate(2, FloatBuffer.allocate(36),
                legal, new float[20], new float[2], new float[2], new float[SPEC.area()]),
                "an ownership buffer too small for the batch");
    }

    @Test
    void ownershipGoesPastTheCacheToTheInner() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        int batch = 3;
        FloatBuffer observations = Inputs.observations(SPEC, batch, 5);
        boolean[] legal = Inputs.legal(SPEC, batch, 6);
        float[] direct = new float[batch * SPEC.area()];
        inner.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch], direct);
        try (CachedEvaluator cached = new CachedEvaluator(inner, 100)) {
            assertTrue(cached.predictsOwnership());
            float[] owned = new float[batch * SPEC.area()];
            cached.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch]);
            cached.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch],
                    owned);
            assertArrayEquals(direct, owned);
            assertEquals(2 * batch, inner.ownershipPositions, "the cache keeps no ownership: asked again");
        }
    }

    @Test
    void maskedSoftmaxIsExactOnIllegalActionsAndStable() {
        float[] logits = {1000f, 0f, 999f, -5f};
        boolean[] legal = {true, true, true, false};
        float[] out = new float[4];
        Policies.maskedSoftmax(logits, 0, legal, 0, out, 0, 4);
        assertEquals(0f, out[3]);
        assertEquals(1f / (1f + (float) Math.exp(-1)), out[0], 1e-6f);
        assertEquals(1.0, out[0] + out[1] + out[2], 1e-6);
    }

    @Test
    void cacheAnswersRepeatsWithoutCallingTheInner() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        int batch = 4;
        FloatBuffer observations = Inputs.observations(SPEC, batch, 5);
        boolean[] legal = Inputs.legal(SPEC, batch, 6);
        float[] direct = new float[batch * 10];
        float[] directValue = new float[batch];
        inner.evaluate(batch, observations, legal, direct, directValue, new float[directValue.length]);
        inner.positions = 0;
        try (CachedEvaluator cached = new CachedEvaluator(inner, 100)) {
            float[] policy = new float[batch * 10];
            float[] value = new float[batch];
            cached.evaluate(batch, observations, legal, policy, value, new float[value.length]);
            cached.evaluate(batch, observations, legal, policy, value, new float[value.length]);
            assertArrayEquals(direct, policy);
            assertArrayEquals(directValue, value);
            assertEquals(batch, inner.positions);
            assertEquals(2 * batch, cached.lookups());
            assertEquals(batch, cached.hits());
            boolean[] otherMask = legal.clone();
            otherMask[0] = !otherMask[0];
            cached.evaluate(1, observations, otherMask, policy, value, new float[value.length]);
            assertEquals(batch + 1, inner.positions, "a different legal mask is a different key");
        }
    }

    @Test
    void cacheStaysBounded() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        try (CachedEvaluator cached = new CachedEvaluator(inner, 3)) {
            float[] policy = new float[10];
            float[] value = new float[1];
            boolean[] legal = Inputs.legal(SPEC, 1, 1);
            for (int i = 0; i < 100; i++) {
                cached.evaluate(1, Inputs.observations(SPEC, 1, i), legal, policy, value, new float[value.length]);
            }
            assertTrue(cached.hits() < 5);
            assertThrows(IllegalArgumentException.class, () -> new CachedEvaluator(inner, 0));
        }
    }

    /**
     * Priors, values and ownership (the tanh of each point's first plane) from a fixed function of the observation;
     * counts positions evaluated, and those asked for ownership.
     */
    static final class CountingEvaluator implements Evaluator {
        final InputSpec spec;
        volatile long positions;
        volatile long ownershipPositions;
        volatile boolean closed;

        CountingEvaluator(InputSpec spec) {
            this.spec = spec;
        }

        @Override
        public InputSpec spec() {
            return spec;
        }

        @Override
        public boolean predictsOwnership() {
            return true;
        }

        @Override
        public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                             float[] score, float[] ownership) {
            spec.checkBatch(batch, observations, legal, policy, value, score, ownership);
            int obs = spec.observationSize();
            int actions = spec.actionCount();
            float[] logits = new float[actions];
            for (int i = 0; i < batch; i++) {
                float sum = 0;
                for (int k = 0; k < obs; k++) {
                    sum += observations.get(i * obs + k) * (k + 1);
                }
                for (int a = 0; a < actions; a++) {
                    logits[a] = (float) Math.sin(sum + a);
                }
                Policies.maskedSoftmax(logits, 0, legal, i * actions, policy, i * actions, actions);
                value[i] = (float) Math.tanh(sum / 10);
                for (int p = 0; ownership != null && p < spec.area(); p++) {
                    ownership[i * spec.area() + p] = (float) Math.tanh(observations.get(i * obs + p));
                }
            }
            positions += batch;
            ownershipPositions += ownership == null ? 0 : batch;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
