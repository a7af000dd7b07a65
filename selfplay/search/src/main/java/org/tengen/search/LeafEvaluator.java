package org.tengen.search;

import org.tengen.env.features.FeatureSet;
import org.tengen.env.vec.VecEnv;

/**
 * Priors and values for a batch of search leaves. The leaves are the slots of a {@link VecEnv}, loaded from a root and
 * played along the selected path, whose observations and legal masks the env wrote in place, so a network evaluator
 * reads them where they are. Implementations: {@link NetworkLeafEvaluator} (the env's buffers into an
 * {@code Evaluator}) and {@link RolloutLeafEvaluator} (uniform priors, random playouts of the slots' games).
 */
public interface LeafEvaluator {
    /** {@return the observations the leaf env must write} ({@code none} when the evaluator only reads the games) */
    FeatureSet features();

    /** {@return the most positions one {@link #evaluate} call accepts} */
    int maxBatch();

    /**
     * Evaluates slots {@code 0 .. batch-1} of {@code leaves}, all observed (not modified): writes priors to
     * {@code policy[i * A ..]} (0 on illegal actions, summing to 1; {@code A = leaves.actionCount()}) and to
     * {@code value[i]} a value in [-1, 1] and to {@code score[i]} the expected final area margin (komi included, 0 when
     * the evaluator predicts none), both from the view of slot {@code i}'s player to move; when {@code ownership} is
     * not null, also {@code ownership[i * area + p]} for every point (see {@code Evaluator}: in [-1, 1], +1 owned by
     * slot {@code i}'s player to move; NaN without {@link #predictsOwnership()}). Must not allocate in steady state.
     *
     * @param batch     leaves to evaluate, slots {@code 0 .. batch-1}
     * @param leaves    the env whose slots hold them
     * @param policy    receives their priors
     * @param value     receives their values
     * @param score     receives their expected margins
     * @param ownership receives their ownership, or null for none
     */
    void evaluate(int batch, VecEnv leaves, float[] policy, float[] value, float[] score, float[] ownership);

    /** {@return whether {@link #evaluate} can write ownership} */
    default boolean predictsOwnership() {
        return false;
    }
}
