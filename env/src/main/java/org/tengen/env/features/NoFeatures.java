package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import org.tengen.env.game.Game;

/** No planes (id {@code none}): for environments stepped without observations, e.g. rules-only benchmarks. */
public final class NoFeatures implements FeatureSet {
    @Override
    public String id() {
        return "none";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public int planes() {
        return 0;
    }

    @Override
    public int positionsNeeded() {
        return 1;
    }

    @Override
    public void encode(Game game, FloatBuffer out, int offset) {
        // Nothing to write.
    }

    @Override
    public boolean binary() {
        return true;
    }

    @Override
    public void encodeBits(Game game, LongBuffer out, int offset) {
        // Nothing to write.
    }

    @Override
    public String toString() {
        return id();
    }
}
