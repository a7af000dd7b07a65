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
 *
 * <p>Ownership, when the caller passes a buffer: position {@code i} writes {@code ownership[i * area + p]} for every
 * point {@code p} (row-major, as actions; {@code area = width * height}), the expected final owner in [-1, 1] from the
 * view of the player to move, +1 when that player will own the point. This is the view of the network's ownership
 * head and of its training target (the final area count, oriented to the mover of each sample). An evaluator without
 * ownership ({@link #predictsOwnership()} false) writes NaN there, the value that marks an unknown ownership target.
 */
public interface Evaluator extends AutoCloseable {
    /** {@return what this evaluator expects: planes, board size, and so the sizes of every buffer} */
    InputSpec spec();

    /**
     * Evaluates positions {@code 0 .. batch-1} without ownership.
     *
     * @param batch        positions to evaluate, at least 1
     * @param observations their planes, {@code spec().observationSize()} floats each
     * @param legal        their legal actions, {@code spec().actionCount()} flags each
     * @param policy       receives their priors, {@code actionCount} each
     * @param value        receives their values, one each
     * @param score        receives their expected score margins, one each
     */
    default void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                          float[] score) {
        evaluate(batch, observations, legal, policy, value, score, null);
    }

    /**
     * Evaluates positions {@code 0 .. batch-1}, and writes their ownership when {@code ownership} is not null (room
     * for {@code batch * area} floats); null asks for none, which may save the work.
     *
     * @param batch        positions to evaluate, at least 1
     * @param observations their planes, {@code spec().observationSize()} floats each
     * @param legal        their legal actions, {@code spec().actionCount()} flags each
     * @param policy       receives their priors, {@code actionCount} each
     * @param value        receives their values, one each
     * @param score        receives their expected score margins, one each
     * @param ownership    receives their ownership, {@code area} each, or null for none
     */
    void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value, float[] score,
                  float[] ownership);

    /** {@return whether this evaluator predicts ownership}; without, a requested ownership is NaN. */
    default boolean predictsOwnership() {
        return false;
    }

    /** Releases native resources; the default does nothing. */
    @Override
    default void close() {
    }
}
