package org.tengen.search;

import org.tengen.env.game.Game;

/**
 * Priors and values for a batch of search leaves, given as games (so an evaluator may look at the rules or play
 * rollouts, not just observations). Implementations: {@link NetworkLeafEvaluator} (features into an
 * {@code Evaluator}) and {@link RolloutLeafEvaluator} (uniform priors, random playouts).
 */
public interface LeafEvaluator {
    /** The most positions one {@link #evaluate} call accepts. */
    int maxBatch();

    /**
     * Evaluates {@code games[0 .. batch-1]} (not modified; all with the same rules). The caller fills the legal
     * mask of game {@code i} at {@code legal[i * A ..]} with {@code A = rules.actionCount()}; the evaluator writes
     * priors to {@code policy[i * A ..]} (0 on illegal actions, summing to 1) and to {@code value[i]} a value in
     * [-1, 1] from the view of game {@code i}'s player to move. Must not allocate in steady state.
     */
    void evaluate(int batch, Game[] games, boolean[] legal, float[] policy, float[] value);
}
