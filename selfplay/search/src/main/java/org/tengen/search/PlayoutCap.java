package org.tengen.search;

/**
 * KataGo's playout-cap randomisation: a move gets the full budget with probability {@code fullSearchProbability} and
 * becomes a policy-training target; the others get {@code cheapSimulations}, without Dirichlet noise, and train no
 * policy (Gumbel keeps its Gumbel noise: it is how Gumbel samples moves).
 *
 * @param fullSearchProbability in [0, 1]; 1 disables the cap
 * @param cheapSimulations      budget of the cheap searches, at least 1 (unused when the cap is disabled)
 */
public record PlayoutCap(double fullSearchProbability, int cheapSimulations) {
    /**
     * Checks both knobs.
     *
     * @param fullSearchProbability in [0, 1]
     * @param cheapSimulations      at least 1
     */
    public PlayoutCap {
        Validate.unit("fullSearchProbability", fullSearchProbability);
        Validate.atLeast("cheapSimulations", cheapSimulations, 1);
    }

    /** {@return whether some searches are cheap} */
    public boolean enabled() {
        return fullSearchProbability < 1;
    }
}
