package org.tengen.models.eval;

import java.nio.FloatBuffer;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.rules.Rules;

/**
 * The shape of what an evaluator consumes and produces.
 *
 * @param featureSet id of the env feature set the planes come from (e.g. {@code az17})
 * @param planes     input planes per position
 * @param width      board columns
 * @param height     board rows
 */
public record InputSpec(String featureSet, int planes, int width, int height) {
    /**
     * Checks the sizes.
     *
     * @param featureSet id of the feature set
     * @param planes     at least 1
     * @param width      at least 1
     * @param height     at least 1
     */
    public InputSpec {
        if (planes < 1 || width < 1 || height < 1) {
            throw new IllegalArgumentException("planes, width and height must be positive: " + planes + ", "
                    + width + ", " + height);
        }
    }

    /**
     * {@return what a network sees of games under {@code rules} encoded by {@code features}}
     *
     * @param features the feature set that encodes the planes
     * @param rules    the rules, whose board size sets the planes' size
     */
    public static InputSpec of(FeatureSet features, Rules rules) {
        int[] shape = features.shape(rules);
        return new InputSpec(features.id(), shape[0], shape[2], shape[1]);
    }

    /** {@return the floats per position, {@code planes * height * width}} */
    public int observationSize() {
        return planes * height * width;
    }

    /** {@return the points per position, {@code width * height}}: the ownership entries of a position. */
    public int area() {
        return width * height;
    }

    /** {@return the policy entries per position}: every point row-major, then pass. */
    public int actionCount() {
        return width * height + 1;
    }

    /**
     * Checks the arguments of {@link Evaluator#evaluate} against this spec.
     *
     * @param batch        positions in the batch
     * @param observations room for their planes
     * @param legal        room for their legal flags
     * @param policy       room for their priors
     * @param value        room for their values
     * @param score        room for their scores
     * @param ownership    room for their ownership, or null
     * @throws IllegalArgumentException naming the first buffer that is too small, or a non-positive batch
     */
    public void checkBatch(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                           float[] score, float[] ownership) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be positive, got " + batch);
        }
        requireRoom("observations", observations.limit(), (long) batch * observationSize(), batch);
        requireRoom("legal mask", legal.length, (long) batch * actionCount(), batch);
        requireRoom("policy output", policy.length, (long) batch * actionCount(), batch);
        requireRoom("value output", value.length, batch, batch);
        requireRoom("score output", score.length, batch, batch);
        if (ownership != null) {
            requireRoom("ownership output", ownership.length, (long) batch * area(), batch);
        }
    }

    private void requireRoom(String what, int have, long need, int batch) {
        if (have < need) {
            throw new IllegalArgumentException(what + ": room for " + have + " entries but a batch of " + batch + " "
                    + planes + "x" + height + "x" + width + " positions needs " + need);
        }
    }
}
