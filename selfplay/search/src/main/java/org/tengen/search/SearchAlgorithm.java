package org.tengen.search;

/** How the root (and interior nodes) choose what to explore. */
public enum SearchAlgorithm {
    /** AlphaZero PUCT with Dirichlet noise at the root; the training target is the root visit distribution. */
    PUCT,
    /**
     * Gumbel AlphaZero: Gumbel-top-k with sequential halving at the root, the deterministic improved-policy rule
     * below it; the training target is the completed-Q improved policy.
     */
    GUMBEL
}
