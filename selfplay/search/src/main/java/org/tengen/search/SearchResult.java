package org.tengen.search;

import java.util.Arrays;

/**
 * What one search of one game produced: the move to play, the policy-training target and the root value. Both
 * search algorithms fill the same type (as mctx's policy output carries the action and the action weights).
 *
 * <p>Reused in place: each search overwrites its tree's result, so copy what you keep before searching again.
 * Arrays are indexed by action (points row-major, then pass).
 */
public final class SearchResult {
    private final float[] policy;
    private final int[] visits;
    private final float[] priors;
    private final float[] values;
    private int action = -1;
    private float rootValue;
    private boolean policyTarget;
    private int simulations;

    SearchResult(int actionCount) {
        policy = new float[actionCount];
        visits = new int[actionCount];
        priors = new float[actionCount];
        values = new float[actionCount];
    }

    /** {@return the action chosen to be played} */
    public int action() {
        return action;
    }

    /**
     * {@return the policy-training target, {@code [actionCount]}}, summing to 1 over legal actions and 0 elsewhere: the
     * root visit distribution (PUCT) or the completed-Q improved policy softmax(logits + sigma(completedQ)) (Gumbel).
     * A live view: valid until the next search.
     */
    public float[] policy() {
        return policy;
    }

    /** {@return the root children's visit counts, {@code [actionCount]}} (reused subtrees included). A live view. */
    public int[] visits() {
        return visits;
    }

    /** {@return the root priors as the search used them, {@code [actionCount]}}: noise included, 0 if illegal. */
    public float[] priors() {
        return priors;
    }

    /**
     * {@return the mean backed-up value of each root child}, in [-1, 1] from the view of the player to move at the
     * root, {@code [actionCount]}; 0 for actions without visits. A live view.
     */
    public float[] values() {
        return values;
    }

    /** {@return the root's mean backed-up value}, in [-1, 1] from the point of view of the player to move. */
    public float rootValue() {
        return rootValue;
    }

    /**
     * {@return whether {@link #policy()} should train the policy}: true for full searches, false for the cheap searches
     * of playout-cap randomisation (their value targets are still fine).
     */
    public boolean isPolicyTarget() {
        return policyTarget;
    }

    /** {@return the new simulations this search ran} */
    public int simulations() {
        return simulations;
    }

    void set(int chosen, float value, boolean target, int sims) {
        action = chosen;
        rootValue = value;
        policyTarget = target;
        simulations = sims;
    }

    void clearArrays() {
        Arrays.fill(policy, 0f);
        Arrays.fill(visits, 0);
        Arrays.fill(priors, 0f);
        Arrays.fill(values, 0f);
    }
}
