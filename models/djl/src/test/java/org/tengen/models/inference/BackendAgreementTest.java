package org.tengen.models.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The figures of {@link BackendAgreement} and the int8 check on them ({@link InferenceBackend#int8CloseEnough}). */
class BackendAgreementTest {
    private static final int ACTIONS = 82;
    private static final int POSITIONS = 500;

    @Test
    void totalVariationIsHalfTheSummedDifferencePerPosition() {
        BackendAgreement a = new BackendAgreement();
        float[] reference = {0.5f, 0.5f, 0f, 0.25f, 0.25f, 0.5f};
        float[] policy = {0.3f, 0.7f, 0f, 0.25f, 0.25f, 0.5f};
        a.add(2, 3, policy, new float[2], reference, new float[2]);
        assertEquals(0.1, a.policyTvMean(), 1e-6, "0.2 and 0");
        assertEquals(0.001, a.policyTvQuantile(0.5), 1e-12, "half the positions are within the first bin");
        assertEquals(0.201, a.policyTvQuantile(0.99), 0.0011, "rounded up to the bin's upper edge");
        assertEquals(0.5, a.topMoveAgreement(), "the first position's most probable move changed");
    }

    @Test
    void aFlatPolicyWithTinyDifferencesPassesAlthoughItsTopMoveOftenChanges() {
        SplittableRandom random = new SplittableRandom(1);
        float[] reference = flat(random);
        float[] policy = perturbed(reference, random, 0.02);
        BackendAgreement a = agreement(policy, new float[POSITIONS], reference, new float[POSITIONS]);
        BackendAgreement.Summary s = a.summary();
        assertTrue(s.topMoveAgreement() < 0.5, "the old top-move check would refuse it: " + s.describe());
        assertTrue(s.policyTvMean() < 0.01 && s.policyTvP99() < 0.02, s.describe());
        assertTrue(InferenceBackend.int8CloseEnough(s), s.describe());
    }

    @Test
    void largeDifferencesFail() {
        SplittableRandom random = new SplittableRandom(2);
        float[] reference = flat(random);
        float[] value = new float[POSITIONS];
        // A tenth of every position's probability moved to one move: a total variation of about 0.1 everywhere.
        float[] shifted = reference.clone();
        for (int i = 0; i < POSITIONS; i++) {
            for (int k = 0; k < ACTIONS; k++) {
                shifted[i * ACTIONS + k] *= 0.9f;
            }
            shifted[i * ACTIONS + i % ACTIONS] += 0.1f;
        }
        BackendAgreement.Summary everywhere = agreement(shifted, value, reference, value).summary();
        assertFalse(InferenceBackend.int8CloseEnough(everywhere), everywhere.describe());

        // Exact except 2% of positions whose policy is another move entirely: the mean passes, the quantile does not.
        float[] rare = reference.clone();
        for (int i = 0; i < POSITIONS; i += 50) {
            Arrays.fill(rare, i * ACTIONS, (i + 1) * ACTIONS, 0f);
            rare[i * ACTIONS] = 1f;
        }
        BackendAgreement.Summary few = agreement(rare, value, reference, value).summary();
        assertTrue(few.policyTvMean() <= InferenceBackend.INT8_MAX_POLICY_TV_MEAN, few.describe());
        assertFalse(InferenceBackend.int8CloseEnough(few), few.describe());

        // The same policies, values off by 0.1.
        float[] off = new float[POSITIONS];
        Arrays.fill(off, 0.1f);
        BackendAgreement.Summary values = agreement(reference, off, reference, value).summary();
        assertEquals(0, values.policyTvMean());
        assertFalse(InferenceBackend.int8CloseEnough(values), values.describe());
    }

    @Test
    void summariesRoundTripAndOldRecordsLackingTheTotalVariationAreRefused() {
        SplittableRandom random = new SplittableRandom(3);
        float[] reference = flat(random);
        float[] value = new float[POSITIONS];
        BackendAgreement.Summary s = agreement(perturbed(reference, random, 0.05), value, reference, value).summary();
        Map<String, Object> map = s.toMap();
        RuntimeException missing = new IllegalStateException("missing");
        assertEquals(s, BackendAgreement.Summary.fromMap(map, key -> missing));

        // As kept beside checkpoints before the total variation was measured: the caller derives the model again.
        Map<String, Object> old = new LinkedHashMap<>(map);
        old.remove("policyTvMean");
        old.remove("policyTvP99");
        assertSame(missing, assertThrows(IllegalStateException.class,
                () -> BackendAgreement.Summary.fromMap(old, key -> key.equals("policyTvMean") ? missing
                        : new IllegalStateException(key))));
    }

    /** Nearly uniform policies over all actions, as a young network's. */
    private static float[] flat(SplittableRandom random) {
        float[] p = new float[POSITIONS * ACTIONS];
        for (int i = 0; i < p.length; i++) {
            p[i] = 1f + 0.05f * (float) random.nextDouble();
        }
        return normalised(p);
    }

    /** {@code p} with every probability changed by a random factor within {@code 1 +- relative}. */
    private static float[] perturbed(float[] p, SplittableRandom random, double relative) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            q[i] = p[i] * (float) (1 + relative * (2 * random.nextDouble() - 1));
        }
        return normalised(q);
    }

    private static float[] normalised(float[] p) {
        for (int i = 0; i < POSITIONS; i++) {
            double sum = 0;
            for (int k = 0; k < ACTIONS; k++) {
                sum += p[i * ACTIONS + k];
            }
            for (int k = 0; k < ACTIONS; k++) {
                p[i * ACTIONS + k] /= (float) sum;
            }
        }
        return p;
    }

    private static BackendAgreement agreement(float[] policy, float[] value, float[] referencePolicy,
                                              float[] referenceValue) {
        BackendAgreement a = new BackendAgreement();
        a.add(POSITIONS, ACTIONS, policy, value, referencePolicy, referenceValue);
        return a;
    }
}
