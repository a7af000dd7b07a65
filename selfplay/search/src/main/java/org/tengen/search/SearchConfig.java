package org.tengen.search;

/**
 * Search parameters: what every search has, plus the PUCT and Gumbel knobs in their own records. Every default is
 * declared here, once: the {@link Builder}'s starting values (AlphaZero's) and the named presets derived from them,
 * {@link #selfPlayDefaults()}, {@link #arenaDefaults()} and {@link #rolloutAnchor(int)}, which the YAML reader,
 * the CLI and the tests start from.
 *
 * @param algorithm     PUCT or GUMBEL
 * @param simulations   new simulations per full search (the root's own evaluation is not counted)
 * @param leavesPerTree leaves one tree contributes to each evaluator batch; above 1 uses virtual loss
 * @param playoutCap    playout-cap randomisation (disabled at probability 1)
 * @param puct          PUCT's knobs (selection below the Gumbel root uses Gumbel's own rule, not these)
 * @param gumbel        Gumbel's knobs
 * @param scoreUtility  weight of the score utility added to every leaf's value (0 = off): KataGo's
 *                      {@code (2/pi) atan((score - center) / scale)}, so the search also prefers larger margins
 * @param passBound     a leaf whose previous move was a pass is worth at least what passing back is worth when that
 *                      ends the game (its exact result): the player to move can always choose it. Without it a pass
 *                      that loses at once (an early pass under area scoring, or one that leaves the opponent's stones
 *                      uncaptured in one's own area) looks as good as the network's guess until the search happens to
 *                      try the reply pass
 */
public record SearchConfig(SearchAlgorithm algorithm, int simulations, int leavesPerTree, PlayoutCap playoutCap,
                           PuctParams puct, GumbelParams gumbel, float scoreUtility, boolean passBound) {

    /**
     * Checks the config as a whole.
     *
     * @param algorithm     required
     * @param simulations   at least 1
     * @param leavesPerTree at least 1
     * @param playoutCap    required; its cheap searches at most {@code simulations}
     * @param puct          required; no tree reuse with GUMBEL, whose sequential halving needs fresh root visits
     * @param gumbel        required
     * @param scoreUtility  in [0, 1]
     * @param passBound     any
     */
    public SearchConfig {
        if (algorithm == null || playoutCap == null || puct == null || gumbel == null) {
            throw new IllegalArgumentException("algorithm, playoutCap, puct and gumbel are required");
        }
        Validate.atLeast("simulations", simulations, 1);
        Validate.atLeast("leavesPerTree", leavesPerTree, 1);
        if (!(scoreUtility >= 0 && scoreUtility <= 1)) {
            throw new IllegalArgumentException("scoreUtility must be in [0, 1], got " + scoreUtility);
        }
        if (puct.reuseTree() && algorithm == SearchAlgorithm.GUMBEL) {
            throw new IllegalArgumentException("reuseTree is not supported with GUMBEL: sequential halving needs "
                    + "the root's visit counts to start at zero");
        }
        if (playoutCap.enabled() && playoutCap.cheapSimulations() > simulations) {
            throw new IllegalArgumentException("cheapSimulations must be in 1.." + simulations
                    + " (simulations) when fullSearchProbability < 1, got " + playoutCap.cheapSimulations());
        }
    }

    /** The simulation budget of a full or a cheap search. */
    int budget(boolean full) {
        return full ? simulations : playoutCap.cheapSimulations();
    }

    /**
     * AlphaZero's settings: PUCT, 800 simulations, c_puct 1.25, noise 0.25 at alpha 10.83/legal, tree reuse; no score
     * utility and no pass bound (the presets below turn the bound on).
     *
     * @return a builder with these settings
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Self-play's defaults: Gumbel (good at small budgets) with 32 simulations and 8 considered actions, Gumbel noise
     * for move sampling, no playout cap, the pass bound.
     *
     * @return the config
     */
    public static SearchConfig selfPlayDefaults() {
        return builder().algorithm(SearchAlgorithm.GUMBEL).simulations(32).consideredActions(8).temperatureMoves(8)
                .passBound(true).build();
    }

    /**
     * The defaults of the arena (and of match and gtp): PUCT with 32 simulations and tree reuse, no noise, and the
     * first 4 turns sampled by visit counts so that games between the same players differ, the pass bound.
     *
     * @return the config
     */
    public static SearchConfig arenaDefaults() {
        return builder().simulations(32).dirichletEpsilon(0f).temperatureMoves(4).consideredActions(8)
                .gumbelScale(0f).passBound(true).build();
    }

    /**
     * The search of the classic network-free anchor: greedy PUCT without noise and without first-play reduction
     * (with uninformative priors it would keep the search on whichever moves happened to be tried first), with the
     * pass bound.
     *
     * @param simulations per move
     * @return the config
     */
    public static SearchConfig rolloutAnchor(int simulations) {
        return builder().simulations(simulations).dirichletEpsilon(0f).temperatureMoves(0).fpuReduction(0f)
                .passBound(true).build();
    }

    /** {@return a builder starting from this config} */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.algorithm = algorithm;
        b.simulations = simulations;
        b.leavesPerTree = leavesPerTree;
        b.playoutCap = playoutCap;
        b.puct = puct;
        b.gumbel = gumbel;
        b.scoreUtility = scoreUtility;
        b.passBound = passBound;
        return b;
    }

    /** Mutable staging for a {@link SearchConfig}; {@link #build()} validates. */
    public static final class Builder {
        private SearchAlgorithm algorithm = SearchAlgorithm.PUCT;
        private int simulations = 800;
        private int leavesPerTree = 1;
        private PlayoutCap playoutCap = new PlayoutCap(1.0, 8);
        private PuctParams puct = new PuctParams(1.25f, 0.2f, 0.03f * 361, 0.25f, 30, 1f, true, 0f);
        private GumbelParams gumbel = new GumbelParams(16, 1f, 50f, 0.1f);
        private float scoreUtility = 0f;
        private boolean passBound = false;

        private Builder() {
        }

        /**
         * Also turns tree reuse on for PUCT and off for GUMBEL, which does not support it.
         *
         * @param value {@link SearchConfig#algorithm()}
         * @return this builder
         */
        public Builder algorithm(SearchAlgorithm value) {
            algorithm = value;
            return reuseTree(value == SearchAlgorithm.PUCT);
        }

        /**
         * @param value {@link SearchConfig#simulations()}
         * @return this builder
         */
        public Builder simulations(int value) {
            simulations = value;
            return this;
        }

        /**
         * @param value {@link SearchConfig#leavesPerTree()}
         * @return this builder
         */
        public Builder leavesPerTree(int value) {
            leavesPerTree = value;
            return this;
        }

        /**
         * @param value {@link PuctParams#cPuct()}
         * @return this builder
         */
        public Builder cPuct(float value) {
            puct = new PuctParams(value, puct.fpuReduction(), puct.dirichletAlphaScale(), puct.dirichletEpsilon(),
                    puct.temperatureMoves(), puct.temperature(), puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#fpuReduction()}
         * @return this builder
         */
        public Builder fpuReduction(float value) {
            puct = new PuctParams(puct.cPuct(), value, puct.dirichletAlphaScale(), puct.dirichletEpsilon(),
                    puct.temperatureMoves(), puct.temperature(), puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#dirichletAlphaScale()}
         * @return this builder
         */
        public Builder dirichletAlphaScale(float value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), value, puct.dirichletEpsilon(),
                    puct.temperatureMoves(), puct.temperature(), puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#dirichletEpsilon()}
         * @return this builder
         */
        public Builder dirichletEpsilon(float value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), puct.dirichletAlphaScale(), value,
                    puct.temperatureMoves(), puct.temperature(), puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#temperatureMoves()}
         * @return this builder
         */
        public Builder temperatureMoves(int value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), puct.dirichletAlphaScale(),
                    puct.dirichletEpsilon(), value, puct.temperature(), puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#temperature()}
         * @return this builder
         */
        public Builder temperature(float value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), puct.dirichletAlphaScale(),
                    puct.dirichletEpsilon(), puct.temperatureMoves(), value, puct.reuseTree(), puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#reuseTree()}
         * @return this builder
         */
        public Builder reuseTree(boolean value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), puct.dirichletAlphaScale(),
                    puct.dirichletEpsilon(), puct.temperatureMoves(), puct.temperature(), value, puct.forcedPlayouts());
            return this;
        }

        /**
         * @param value {@link PuctParams#forcedPlayouts()}
         * @return this builder
         */
        public Builder forcedPlayouts(float value) {
            puct = new PuctParams(puct.cPuct(), puct.fpuReduction(), puct.dirichletAlphaScale(),
                    puct.dirichletEpsilon(), puct.temperatureMoves(), puct.temperature(), puct.reuseTree(), value);
            return this;
        }

        /**
         * @param value {@link GumbelParams#consideredActions()}
         * @return this builder
         */
        public Builder consideredActions(int value) {
            gumbel = new GumbelParams(value, gumbel.gumbelScale(), gumbel.cVisit(), gumbel.cScale());
            return this;
        }

        /**
         * @param value {@link GumbelParams#gumbelScale()}
         * @return this builder
         */
        public Builder gumbelScale(float value) {
            gumbel = new GumbelParams(gumbel.consideredActions(), value, gumbel.cVisit(), gumbel.cScale());
            return this;
        }

        /**
         * @param value {@link GumbelParams#cVisit()}
         * @return this builder
         */
        public Builder cVisit(float value) {
            gumbel = new GumbelParams(gumbel.consideredActions(), gumbel.gumbelScale(), value, gumbel.cScale());
            return this;
        }

        /**
         * @param value {@link GumbelParams#cScale()}
         * @return this builder
         */
        public Builder cScale(float value) {
            gumbel = new GumbelParams(gumbel.consideredActions(), gumbel.gumbelScale(), gumbel.cVisit(), value);
            return this;
        }

        /**
         * Playout-cap randomisation: full searches with probability {@code p}, else {@code cheap} simulations.
         *
         * @param p     {@link PlayoutCap#fullSearchProbability()}
         * @param cheap {@link PlayoutCap#cheapSimulations()}
         * @return this builder
         */
        public Builder playoutCap(double p, int cheap) {
            playoutCap = new PlayoutCap(p, cheap);
            return this;
        }

        /**
         * @param value {@link SearchConfig#scoreUtility()}
         * @return this builder
         */
        public Builder scoreUtility(float value) {
            scoreUtility = value;
            return this;
        }

        /**
         * @param value {@link SearchConfig#passBound()}
         * @return this builder
         */
        public Builder passBound(boolean value) {
            passBound = value;
            return this;
        }

        /**
         * {@return the config}
         *
         * @throws IllegalArgumentException naming a knob out of range
         */
        public SearchConfig build() {
            return new SearchConfig(algorithm, simulations, leavesPerTree, playoutCap, puct, gumbel, scoreUtility,
                    passBound);
        }
    }
}
