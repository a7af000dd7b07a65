package org.tengen.models.learn;

import java.nio.FloatBuffer;

/**
 * One batch of training examples, all from the side to move, read with absolute indexing from 0.
 *
 * @param size             number of positions
 * @param width            board columns of these positions
 * @param height           board rows of these positions
 * @param observations     NCHW input planes, {@code size * planes * height * width} floats
 * @param policyTargets    a probability distribution per position over {@code width * height + 1} actions (pass
 *                         last), e.g. search visit counts normalised; one-hot works too
 * @param valueTargets     game outcome per position in [-1, 1]; NaN (in any target) means unknown: no loss
 * @param ownershipTargets per point in [-1, 1] (+1 owned by the side to move), {@code size * width * height}, or
 *                         null
 * @param scoreTargets     final score margin in points for the side to move, {@code size}, or null
 */
public record TrainingBatch(int size, int width, int height, FloatBuffer observations, float[] policyTargets,
        float[] valueTargets, float[] ownershipTargets, float[] scoreTargets) {
    public TrainingBatch {
        if (size < 1 || width < 1 || height < 1) {
            throw new IllegalArgumentException("batch size and board size must be positive, got size=" + size
                    + " board " + width + "x" + height);
        }
        int area = width * height;
        requireLength("policy targets", policyTargets.length, size * (area + 1));
        requireLength("value targets", valueTargets.length, size);
        if (ownershipTargets != null) {
            requireLength("ownership targets", ownershipTargets.length, size * area);
        }
        if (scoreTargets != null) {
            requireLength("score targets", scoreTargets.length, size);
        }
    }

    /** A batch with policy and value targets only. */
    public static TrainingBatch of(int size, int width, int height, FloatBuffer observations, float[] policyTargets,
            float[] valueTargets) {
        return new TrainingBatch(size, width, height, observations, policyTargets, valueTargets, null, null);
    }

    private static void requireLength(String what, int have, int need) {
        if (have < need) {
            throw new IllegalArgumentException(what + " hold " + have + " floats but the batch needs " + need);
        }
    }
}
