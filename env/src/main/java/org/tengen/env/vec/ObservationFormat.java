package org.tengen.env.vec;

import org.tengen.env.features.FeatureSet;

/** How a {@link VecEnv} stores its observations. */
public enum ObservationFormat {
    /** One float per plane and point, NCHW: what a network reads ({@link VecEnv#observations()}). */
    FLOATS,
    /**
     * Planes packed into bits ({@link org.tengen.env.features.PlaneBits}), for binary feature sets such as
     * {@code az17}: 32 times less memory written per step, expanded by whoever feeds a network
     * ({@link VecEnv#observationBits()}).
     */
    BITS;

    /** What a feature set id ends in where it names bit-packed observations, as in {@code az17:bits}. */
    public static final String BITS_SUFFIX = ":bits";

    /**
     * Throws unless {@code features} can be stored in this format.
     *
     * @param features the feature set to store
     * @throws IllegalArgumentException for bits of a feature set with planes other than 0 and 1
     */
    public void requireFits(FeatureSet features) {
        if (this == BITS && !features.binary()) {
            throw new IllegalArgumentException("feature set '" + features.id() + "' has planes other than 0 and 1,"
                    + " so its observations cannot be bits");
        }
    }
}
