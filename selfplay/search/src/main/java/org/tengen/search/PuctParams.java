package org.tengen.search;

/**
 * The knobs of AlphaZero's PUCT search, validated on construction.
 *
 * @param cPuct               exploration constant: Q + cPuct * P * sqrt(N) / (1 + n)
 * @param fpuReduction        first-play urgency: an unvisited child counts as the parent's Q minus this times the
 *                            square root of the prior mass already visited
 * @param dirichletAlphaScale root noise concentration is this divided by the number of legal moves (AlphaZero's 0.03
 *                            on 19x19 is 0.03 * 361 = 10.83)
 * @param dirichletEpsilon    weight of the Dirichlet noise in the root priors of full searches; 0 = none
 * @param temperatureMoves    game turns before this are played by sampling visits^(1/temperature); later turns take
 *                            the most visited move
 * @param temperature         sampling temperature of those turns; 0 means greedy throughout
 * @param reuseTree           keep the subtree of the moves actually played between searches
 * @param forcedPlayouts      KataGo's forced playouts and policy target pruning (Wu 2019), for full searches: a root
 *                            child with prior P gets at least {@code sqrt(k P N)} of the root's N visits, and the
 *                            policy target then takes back the visits the child had only because they were forced;
 *                            this is k (KataGo's 2), 0 = off
 */
public record PuctParams(float cPuct, float fpuReduction, float dirichletAlphaScale, float dirichletEpsilon,
                         int temperatureMoves, float temperature, boolean reuseTree, float forcedPlayouts) {
    /**
     * Checks every knob.
     *
     * @param cPuct               positive
     * @param fpuReduction        not negative
     * @param dirichletAlphaScale positive
     * @param dirichletEpsilon    in [0, 1]
     * @param temperatureMoves    not negative
     * @param temperature         not negative
     * @param reuseTree           any
     * @param forcedPlayouts      not negative
     */
    public PuctParams {
        Validate.positive("cPuct", cPuct);
        Validate.nonNegative("fpuReduction", fpuReduction);
        Validate.positive("dirichletAlphaScale", dirichletAlphaScale);
        Validate.unit("dirichletEpsilon", dirichletEpsilon);
        Validate.atLeast("temperatureMoves", temperatureMoves, 0);
        Validate.nonNegative("temperature", temperature);
        Validate.nonNegative("forcedPlayouts", forcedPlayouts);
    }
}
