package org.tengen.env.vec;

import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;

/**
 * What a {@link VecEnv} runs.
 *
 * @param rules               rules and board of every game; when {@code maxMoves} is 0 the env caps games at
 *                            {@link #defaultMaxMoves} turns (see {@link #effectiveRules()})
 * @param numEnvs             number of games stepped together, at least 1
 * @param features            observation encoder ({@code none} for no observations)
 * @param threads             threads stepping the games (the caller's plus {@code threads - 1} workers), at least 1;
 *                            results do not depend on it
 * @param illegalActionPolicy what an illegal action does
 * @param seed                seed of the random players built for this env ({@link RandomLegalSampler})
 * @param observationFormat   floats (the default) or, for binary feature sets, bits
 * @param groups              groups the games are cut into for asynchronous stepping ({@link VecEnv#send},
 *                            {@link VecEnv#recv}), 1 (the default) for none; at most {@code numEnvs}
 */
public record VecEnvConfig(Rules rules, int numEnvs, FeatureSet features, int threads,
                           IllegalActionPolicy illegalActionPolicy, long seed, ObservationFormat observationFormat,
                           int groups) {

    /**
     * Checks the config.
     *
     * @param rules               not null
     * @param numEnvs             at least 1
     * @param features            not null
     * @param threads             at least 1
     * @param illegalActionPolicy not null
     * @param seed                any
     * @param observationFormat   not null; bits only for a binary feature set
     * @param groups              1 to {@code numEnvs}
     */
    public VecEnvConfig {
        if (rules == null || features == null || illegalActionPolicy == null || observationFormat == null) {
            throw new IllegalArgumentException("rules, features, illegalActionPolicy and observationFormat must not"
                    + " be null");
        }
        observationFormat.requireFits(features);
        if (numEnvs < 1) {
            throw new IllegalArgumentException("numEnvs must be at least 1, got " + numEnvs);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (groups < 1 || groups > numEnvs) {
            throw new IllegalArgumentException("groups must be 1 to numEnvs (" + numEnvs + "), got " + groups);
        }
    }

    /**
     * A config without asynchronous groups.
     *
     * @param rules               rules and board of every game
     * @param numEnvs             games stepped together
     * @param features            observation encoder
     * @param threads             threads stepping the games
     * @param illegalActionPolicy what an illegal action does
     * @param seed                seed of the random players built for this env
     * @param observationFormat   floats or bits
     */
    public VecEnvConfig(Rules rules, int numEnvs, FeatureSet features, int threads,
                        IllegalActionPolicy illegalActionPolicy, long seed, ObservationFormat observationFormat) {
        this(rules, numEnvs, features, threads, illegalActionPolicy, seed, observationFormat, 1);
    }

    /**
     * A config with float observations.
     *
     * @param rules               rules and board of every game
     * @param numEnvs             games stepped together
     * @param features            observation encoder
     * @param threads             threads stepping the games
     * @param illegalActionPolicy what an illegal action does
     * @param seed                seed of the random players built for this env
     */
    public VecEnvConfig(Rules rules, int numEnvs, FeatureSet features, int threads,
                        IllegalActionPolicy illegalActionPolicy, long seed) {
        this(rules, numEnvs, features, threads, illegalActionPolicy, seed, ObservationFormat.FLOATS);
    }

    /**
     * {@return {@code numEnvs} games under {@code rules}}: az17 observations, one thread, illegal actions throw, seed 0
     *
     * @param rules   rules and board of every game
     * @param numEnvs games stepped together
     */
    public static VecEnvConfig of(Rules rules, int numEnvs) {
        return new VecEnvConfig(rules, numEnvs, FeatureSets.defaultSet(), 1, IllegalActionPolicy.THROW, 0L);
    }

    /**
     * {@return the turn cap used when the rules set none}: 3 turns per point, far beyond real games (about 1 per point)
     *
     * @param rules the rules, whose board sets the cap
     */
    public static int defaultMaxMoves(Rules rules) {
        return 3 * rules.area();
    }

    /** {@return the rules the games are played under}: {@link #rules} with the default turn cap if it has none */
    public Rules effectiveRules() {
        return rules.maxMoves() > 0 ? rules : rules.withMaxMoves(defaultMaxMoves(rules));
    }

    /**
     * {@return this config with other observations}
     *
     * @param newFeatures the observation encoder
     */
    public VecEnvConfig withFeatures(FeatureSet newFeatures) {
        return new VecEnvConfig(rules, numEnvs, newFeatures, threads, illegalActionPolicy, seed, observationFormat,
                groups);
    }

    /**
     * {@return this config with another number of threads}
     *
     * @param newThreads threads stepping the games
     */
    public VecEnvConfig withThreads(int newThreads) {
        return new VecEnvConfig(rules, numEnvs, features, newThreads, illegalActionPolicy, seed, observationFormat,
                groups);
    }

    /**
     * {@return this config with another illegal-action policy}
     *
     * @param policy what an illegal action does
     */
    public VecEnvConfig withIllegalActionPolicy(IllegalActionPolicy policy) {
        return new VecEnvConfig(rules, numEnvs, features, threads, policy, seed, observationFormat, groups);
    }

    /**
     * {@return this config with another seed}
     *
     * @param newSeed seed of the random players built for the env
     */
    public VecEnvConfig withSeed(long newSeed) {
        return new VecEnvConfig(rules, numEnvs, features, threads, illegalActionPolicy, newSeed, observationFormat,
                groups);
    }

    /**
     * {@return this config with observations in another format}
     *
     * @param format floats or bits
     */
    public VecEnvConfig withObservationFormat(ObservationFormat format) {
        return new VecEnvConfig(rules, numEnvs, features, threads, illegalActionPolicy, seed, format, groups);
    }

    /**
     * {@return this config with the games cut into {@code newGroups} groups for asynchronous stepping}
     *
     * @param newGroups groups, 1 to {@code numEnvs}
     */
    public VecEnvConfig withGroups(int newGroups) {
        return new VecEnvConfig(rules, numEnvs, features, threads, illegalActionPolicy, seed, observationFormat,
                newGroups);
    }
}
