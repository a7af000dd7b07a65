package org.tengen.env.vec;

/** How a {@link VecEnv} stores its observations. */
public enum ObservationFormat {
    /** One float per plane and point, NCHW: what a network reads ({@link VecEnv#observations()}). */
    FLOATS,
    /**
     * Planes packed into bits ({@link org.tengen.env.features.PlaneBits}), for binary feature sets such as
     * {@code az17}: 32 times less memory written per step, expanded by whoever feeds a network
     * ({@link VecEnv#observationBits()}).
     */
    BITS
}
