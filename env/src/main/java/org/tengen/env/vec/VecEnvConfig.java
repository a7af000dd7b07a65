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
 */
public record VecEnvConfig(Rules rules, int numEnvs, FeatureSet features, int threads,
                           IllegalActionPolicy illegalActionPolicy, long seed, ObservationFormat observationFormat) {

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
    }

    /** Float observations. */
    public VecEnvConfig(Rules rules, int numEnvs, FeatureSet features, int threads,
                        IllegalActionPolicy illegalActionPolicy, long seed) {
        this(rules, numEnvs, features, threads, illegalActionPolicy, seed, ObservationFormat.FLOATS);
    }

    /** {@code numEnvs} games under {@code rules}: az17 observations, one thread, illegal actions throw, seed 0. */
    public static VecEnvConfig of(Rules rules, int numEnvs) {
        return new VecEnvConfig(rules, numEnvs, FeatureSets.defaultSet(), 1, IllegalActionPolicy.THROW, 0L);
    }

    /** The cap used when the rules set none: 3 turns per point, far beyond real games (about 1 per point). */
    public static int defaultMaxMoves(Rules rules) {
        return 3 * rules.area();
    }

    /** The rules the games are played under: {@link #rules} with the default turn cap if it has none. */
    public Rules effectiveRules() {
        return rules.maxMoves() > 0 ? rules : rules.withMaxMoves(defaultMaxMoves(rules));
    }

    public VecEnvConfig withFeatures(FeatureSet newFeatures) {
        return new VecEnvConfig(rules, numEnvs, newFeatures, threads, illegalActionPolicy, seed, observationFormat);
    }

    public VecEnvConfig withThreads(int newThreads) {
        return new VecEnvConfig(rules, numEnvs, features, newThreads, illegalActionPolicy, seed, observationFormat);
    }

    public VecEnvConfig withIllegalActionPolicy(IllegalActionPolicy policy) {
        return new VecEnvConfig(rules, numEnvs, features, threads, policy, seed, observationFormat);
    }

    public VecEnvConfig withSeed(long newSeed) {
        return new VecEnvConfig(rules, numEnvs, features, threads, illegalActionPolicy, newSeed, observationFormat);
    }

    public VecEnvConfig withObservationFormat(ObservationFormat format) {
        return new VecEnvConfig(rules, numEnvs, features, threads, illegalActionPolicy, seed, format);
    }
}
