package org.tengen.search;

import org.tengen.env.features.FeatureSet;
import org.tengen.env.vec.VecEnv;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/**
 * Hands a batch of leaves to an {@link Evaluator} straight from the leaf env's buffers: the observations the env
 * wrote in place (NCHW, direct, native order) and its legal masks, without a copy.
 */
public final class NetworkLeafEvaluator implements LeafEvaluator {
    private final Evaluator evaluator;
    private final FeatureSet features;
    private final InputSpec spec;
    private final int maxBatch;

    /**
     * Checks that {@code features} is what {@code evaluator} expects.
     *
     * @param evaluator the network's evaluator
     * @param features  the feature set the leaf env writes
     * @param maxBatch  the most leaves one call will pass, at least 1
     */
    public NetworkLeafEvaluator(Evaluator evaluator, FeatureSet features, int maxBatch) {
        spec = evaluator.spec();
        if (!spec.featureSet().equals(features.id())) {
            throw new IllegalArgumentException("the evaluator expects feature set '" + spec.featureSet()
                    + "' but the search was given '" + features.id() + "'");
        }
        if (spec.planes() != features.planes()) {
            throw new IllegalArgumentException("the evaluator expects " + spec.planes() + " planes but feature set '"
                    + features.id() + "' writes " + features.planes());
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be at least 1, got " + maxBatch);
        }
        this.evaluator = evaluator;
        this.features = features;
        this.maxBatch = maxBatch;
    }

    @Override
    public FeatureSet features() {
        return features;
    }

    @Override
    public int maxBatch() {
        return maxBatch;
    }

    @Override
    public boolean predictsOwnership() {
        return evaluator.predictsOwnership();
    }

    @Override
    public void evaluate(int batch, VecEnv leaves, float[] policy, float[] value, float[] score, float[] ownership) {
        if (batch > maxBatch) {
            throw new IllegalArgumentException("batch " + batch + " exceeds maxBatch " + maxBatch);
        }
        if (batch == 0) {
            return;
        }
        if (leaves.rules().width() != spec.width() || leaves.rules().height() != spec.height()) {
            throw new IllegalArgumentException("the evaluator is for " + spec.width() + "x" + spec.height()
                    + " boards, the game is " + leaves.rules().width() + "x" + leaves.rules().height());
        }
        evaluator.evaluate(batch, leaves.observations(), leaves.legalMask(), policy, value, score, ownership);
    }
}
