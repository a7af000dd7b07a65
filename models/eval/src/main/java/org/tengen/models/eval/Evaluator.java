package org.tengen.models.eval;

import java.nio.FloatBuffer;

/**
 * Priors and values for a batch of positions. Search talks to networks only through this interface, so it never
 * sees the deep-learning library behind it.
 *
 * <p>Buffers are the caller's: position {@code i} reads observations at {@code i * spec().observationSize()}
 * (NCHW, absolute indexing from 0) and legal flags at {@code i * spec().actionCount()}, and writes its policy at
 * {@code policy[i * actionCount ..]}, its value at {@code value[i]} and its expected final score margin (area
 * points, komi included) at {@code score[i]}, 0 when the network predicts none. Policies are probabilities: 0 on illegal
 * actions, summing to 1 over legal ones. Values are in [-1, 1] and scores are from the point of view of the player to move.
 * Implementations must be safe to call from one thread at a time; use a batching service to share one across
 * threads.
 */
public interface Evaluator extends AutoCloseable {
    /** What this evaluator expects. */
    InputSpec spec();

    /** Evaluates positions {@code 0 .. batch-1}. */
    void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value, float[] score);

    /** Releases native resources; the default does nothing. */
    @Override
    default void close() {
    }
}
