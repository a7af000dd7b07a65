package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * Turns a game position into input planes for a network, from the point of view of the player to move.
 *
 * <p>Layout: {@code planes() x height x width} floats (CHW, row-major, {@code y = 0} the top row) written with
 * absolute puts starting at {@code offset}; a batch is NCHW with stride {@code planes() * height * width}.
 * Feature sets are versioned: a network trained on one {@code id()/version()} must be fed the same.
 */
public interface FeatureSet {
    /** A short stable name used in configs and checkpoints, e.g. {@code az17}. */
    String id();

    /** Bumped whenever the meaning of any plane changes. */
    int version();

    /** Number of planes. */
    int planes();

    /** How many past positions the encoder reads; games must keep at least that many. */
    int positionsNeeded();

    /** The shape of one position's observation under {@code rules}: {@code [planes, height, width]}. */
    /** Whether the planes show the komi, so that a network can learn how its value depends on it. */
    default boolean seesKomi() {
        return false;
    }

    default int[] shape(Rules rules) {
        return new int[] {planes(), rules.height(), rules.width()};
    }

    /** Floats per position under {@code rules}: {@code planes * height * width}. */
    default int observationSize(Rules rules) {
        return planes() * rules.area();
    }

    /** Writes the planes of {@code game}'s current position into {@code out} starting at {@code offset}. */
    void encode(Game game, FloatBuffer out, int offset);

    /** Whether every plane holds only 0 and 1, so that positions can be packed into bits ({@link PlaneBits}). */
    default boolean binary() {
        return false;
    }

    /**
     * Writes the planes of {@code game}'s current position packed into bits ({@link PlaneBits}): {@link
     * PlaneBits#words} longs into {@code out} from index {@code offset}, what {@link #encode} writes as floats.
     *
     * @throws UnsupportedOperationException if the feature set is not {@link #binary()}
     */
    default void encodeBits(Game game, LongBuffer out, int offset) {
        throw new UnsupportedOperationException("feature set '" + id() + "' has planes other than 0 and 1, which"
                + " cannot be packed into bits");
    }
}
