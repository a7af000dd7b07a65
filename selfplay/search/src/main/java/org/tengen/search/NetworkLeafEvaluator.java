package org.tengen.search;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/**
 * Encodes leaves with a {@link FeatureSet} into one preallocated direct buffer, {@code [maxBatch, planes, height,
 * width]} NCHW floats in native order, and hands the batch to an {@link Evaluator}. Allocates nothing per call.
 */
public final class NetworkLeafEvaluator implements LeafEvaluator {
    private final Evaluator evaluator;
    private final FeatureSet features;
    private final InputSpec spec;
    private final int maxBatch;
    private final FloatBuffer observations;

    /** Checks that {@code features} is what {@code evaluator} expects. */
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
        long bytes = (long) maxBatch * spec.observationSize() * Float.BYTES;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a batch of " + maxBatch + " observations of " + spec.observationSize()
                    + " floats does not fit one buffer");
        }
        observations = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    @Override
    public int maxBatch() {
        return maxBatch;
    }

    @Override
    public void evaluate(int batch, Game[] games, boolean[] legal, float[] policy, float[] value) {
        if (batch > maxBatch) {
            throw new IllegalArgumentException("batch " + batch + " exceeds maxBatch " + maxBatch);
        }
        if (batch == 0) {
            return;
        }
        Game first = games[0];
        if (first.rules().width() != spec.width() || first.rules().height() != spec.height()) {
            throw new IllegalArgumentException("the evaluator is for " + spec.width() + "x" + spec.height()
                    + " boards, the game is " + first.rules().width() + "x" + first.rules().height());
        }
        if (first.keptPositions() < features.positionsNeeded()) {
            throw new IllegalArgumentException("feature set '" + features.id() + "' needs " + features.positionsNeeded()
                    + " past positions but games keep " + first.keptPositions());
        }
        int size = spec.observationSize();
        for (int i = 0; i < batch; i++) {
            features.encode(games[i], observations, i * size);
        }
        evaluator.evaluate(batch, observations, legal, policy, value);
    }
}
