package org.tengen.env.vec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RandomLegalSamplerTest {

    @Test
    void drawsOnlyLegalActionsUniformlyAndReproducibly() {
        int actions = 10;
        boolean[] mask = new boolean[2 * actions];
        int[] counts = {3, 1};
        mask[2] = mask[5] = mask[9] = true; // game 0: three legal actions
        mask[actions + 7] = true;           // game 1: only one, so the sampler must fall back to counting
        RandomLegalSampler sampler = new RandomLegalSampler(2, actions, 42);
        int[] hits = new int[actions];
        int[] out = new int[2];
        for (int n = 0; n < 30_000; n++) {
            sampler.sample(mask, counts, out);
            assertTrue(mask[out[0]], "illegal draw " + out[0]);
            assertEquals(7, out[1]);
            hits[out[0]]++;
        }
        for (int a : new int[] {2, 5, 9}) {
            assertTrue(Math.abs(hits[a] - 10_000) < 600, "not uniform: " + java.util.Arrays.toString(hits));
        }
        RandomLegalSampler again = new RandomLegalSampler(2, actions, 42);
        RandomLegalSampler fresh = new RandomLegalSampler(2, actions, 42);
        int[] a = new int[2];
        int[] b = new int[2];
        for (int n = 0; n < 100; n++) {
            again.sample(mask, counts, a);
            fresh.sample(mask, counts, b);
            assertArrayEquals(a, b);
        }
    }
}
