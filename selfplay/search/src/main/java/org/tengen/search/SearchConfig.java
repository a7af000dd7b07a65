package org.tengen.search;

/**
 * Search parameters, validated on construction. Start from {@link #builder()} (AlphaZero-like defaults) and change
 * what you need; {@link #toBuilder()} derives variants.
 *
 * @param algorithm             PUCT or GUMBEL
 * @param simulations           new simulations per full search (the root's own evaluation is not counted)
 * @param leavesPerTree         leaves one tree contributes to each evaluator batch; above 1 uses virtual loss
 * @param cPuct                 PUCT exploration constant: Q + cPuct * P * sqrt(N) / (1 + n)
 * @param fpuReduction          first-play urgency: an unvisited child counts as the parent's Q minus this times
 *                              the square root of the prior mass already visited
 * @param dirichletAlphaScale   root noise concentration is this divided by the number of legal moves
 *                              (AlphaZero's 0.03 on 19x19 is 0.03 * 361 = 10.83)
 * @param dirichletEpsilon      weight of the Dirichlet noise in the root priors (PUCT, full searches); 0 = none
 * @param temperatureMoves      PUCT: game turns before this are played by sampling visits^(1/temperature); later
 *                              turns take the most visited move
 * @param temperature           PUCT sampling temperature for the opening turns; 0 means greedy throughout
 * @param reuseTree             PUCT: keep the subtree of the moves actually played between searches
 * @param consideredActions     Gumbel: actions sampled without replacement at the root (m)
 * @param gumbelScale           Gumbel: scale of the Gumbel noise; 1 samples (self-play), 0 is deterministic
 * @param cVisit                Gumbel: sigma(q) = (cVisit + max child visits) * cScale * q
 * @param cScale                Gumbel: see cVisit; q is rescaled to [0, 1] first (as mctx does)
 * @param fullSearchProbability playout-cap randomisation (KataGo): chance that a move gets the full budget and
 *                              becomes a policy-training target; 1 disables the cap
 * @param cheapSimulations      budget of the other moves, searched without Dirichlet noise and not used as
 *                              policy targets (Gumbel keeps its Gumbel noise: it is how Gumbel samples moves)
 */
public record SearchConfig(SearchAlgorithm algorithm, int simulations, int leavesPerTree, float cPuct,
                           float fpuReduction, float dirichletAlphaScale, float dirichletEpsilon,
                           int temperatureMoves, float temperature, boolean reuseTree, int consideredActions,
                           float gumbelScale, float cVisit, float cScale, double fullSearchProbability,
                           int cheapSimulations) {

    public SearchConfig {
        if (algorithm == null) {
            throw new IllegalArgumentException("algorithm must be PUCT or GUMBEL, got null");
        }
        atLeast("simulations", simulations, 1);
        atLeast("leavesPerTree", leavesPerTree, 1);
        positive("cPuct", cPuct);
        nonNegative("fpuReduction", fpuReduction);
        positive("dirichletAlphaScale", dirichletAlphaScale);
        if (!(dirichletEpsilon >= 0 && dirichletEpsilon <= 1)) {
            throw new IllegalArgumentException("dirichletEpsilon must be in [0, 1], got " + dirichletEpsilon);
        }
        atLeast("temperatureMoves", temperatureMoves, 0);
        nonNegative("temperature", temperature);
        if (reuseTree && algorithm == SearchAlgorithm.GUMBEL) {
            throw new IllegalArgumentException("reuseTree is not supported with GUMBEL: sequential halving needs "
                    + "the root's visit counts to start at zero");
        }
        atLeast("consideredActions", consideredActions, 1);
        nonNegative("gumbelScale", gumbelScale);
        nonNegative("cVisit", cVisit);
        positive("cScale", cScale);
        if (!(fullSearchProbability >= 0 && fullSearchProbability <= 1)) {
            throw new IllegalArgumentException("fullSearchProbability must be in [0, 1], got "
                    + fullSearchProbability);
        }
        if (fullSearchProbability < 1 && (cheapSimulations < 1 || cheapSimulations > simulations)) {
            throw new IllegalArgumentException("cheapSimulations must be in 1.." + simulations
                    + " (simulations) when fullSearchProbability < 1, got " + cheapSimulations);
        }
    }

    private static void atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
    }

    private static void positive(String name, float value) {
        if (!(value > 0) || Float.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a positive finite number, got " + value);
        }
    }

    private static void nonNegative(String name, float value) {
        if (!(value >= 0) || Float.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }

    /** The simulation budget of a full or a cheap search. */
    int budget(boolean full) {
        return full ? simulations : cheapSimulations;
    }

    /** AlphaZero-like defaults: PUCT, 800 simulations, c_puct 1.25, noise 0.25 at alpha 10.83/legal. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The search of the classic network-free anchor: greedy PUCT without noise and without first-play reduction
     * (with uninformative priors it would keep the search on whichever moves happened to be tried first).
     */
    public static SearchConfig rolloutAnchor(int simulations) {
        return builder().simulations(simulations).dirichletEpsilon(0f).temperatureMoves(0).fpuReduction(0f).build();
    }

    /** A builder starting from this config. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.algorithm = algorithm;
        b.simulations = simulations;
        b.leavesPerTree = leavesPerTree;
        b.cPuct = cPuct;
        b.fpuReduction = fpuReduction;
        b.dirichletAlphaScale = dirichletAlphaScale;
        b.dirichletEpsilon = dirichletEpsilon;
        b.temperatureMoves = temperatureMoves;
        b.temperature = temperature;
        b.reuseTree = reuseTree;
        b.consideredActions = consideredActions;
        b.gumbelScale = gumbelScale;
        b.cVisit = cVisit;
        b.cScale = cScale;
        b.fullSearchProbability = fullSearchProbability;
        b.cheapSimulations = cheapSimulations;
        return b;
    }

    /** Mutable staging for a {@link SearchConfig}; {@link #build()} validates. */
    public static final class Builder {
        private SearchAlgorithm algorithm = SearchAlgorithm.PUCT;
        private int simulations = 800;
        private int leavesPerTree = 1;
        private float cPuct = 1.25f;
        private float fpuReduction = 0.2f;
        private float dirichletAlphaScale = 0.03f * 361;
        private float dirichletEpsilon = 0.25f;
        private int temperatureMoves = 30;
        private float temperature = 1f;
        private boolean reuseTree = true;
        private int consideredActions = 16;
        private float gumbelScale = 1f;
        private float cVisit = 50f;
        private float cScale = 0.1f;
        private double fullSearchProbability = 1.0;
        private int cheapSimulations = 0;

        private Builder() {
        }

        /** Also turns tree reuse off for GUMBEL, which does not support it. */
        public Builder algorithm(SearchAlgorithm value) {
            algorithm = value;
            if (value == SearchAlgorithm.GUMBEL) {
                reuseTree = false;
            }
            return this;
        }

        public Builder simulations(int value) {
            simulations = value;
            return this;
        }

        public Builder leavesPerTree(int value) {
            leavesPerTree = value;
            return this;
        }

        public Builder cPuct(float value) {
            cPuct = value;
            return this;
        }

        public Builder fpuReduction(float value) {
            fpuReduction = value;
            return this;
        }

        public Builder dirichletAlphaScale(float value) {
            dirichletAlphaScale = value;
            return this;
        }

        public Builder dirichletEpsilon(float value) {
            dirichletEpsilon = value;
            return this;
        }

        public Builder temperatureMoves(int value) {
            temperatureMoves = value;
            return this;
        }

        public Builder temperature(float value) {
            temperature = value;
            return this;
        }

        public Builder reuseTree(boolean value) {
            reuseTree = value;
            return this;
        }

        public Builder consideredActions(int value) {
            consideredActions = value;
            return this;
        }

        public Builder gumbelScale(float value) {
            gumbelScale = value;
            return this;
        }

        public Builder cVisit(float value) {
            cVisit = value;
            return this;
        }

        public Builder cScale(float value) {
            cScale = value;
            return this;
        }

        /** Playout-cap randomisation: full searches with probability {@code p}, else {@code cheap} simulations. */
        public Builder playoutCap(double p, int cheap) {
            fullSearchProbability = p;
            cheapSimulations = cheap;
            return this;
        }

        public SearchConfig build() {
            return new SearchConfig(algorithm, simulations, leavesPerTree, cPuct, fpuReduction, dirichletAlphaScale,
                    dirichletEpsilon, temperatureMoves, temperature, reuseTree, consideredActions, gumbelScale,
                    cVisit, cScale, fullSearchProbability, cheapSimulations);
        }
    }
}
