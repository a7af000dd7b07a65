package org.tengen.env.features;

import java.nio.FloatBuffer;
import org.tengen.env.rules.Rules;

/** Bulk writes of constant planes: one memory copy from a shared read-only array instead of a put per float. */
final class Planes {
    private static final int MAX = 2 * Rules.MAX_SIZE * Rules.MAX_SIZE;
    private static final float[] ZEROS = new float[MAX];
    private static final float[] ONES = new float[MAX];

    static {
        java.util.Arrays.fill(ONES, 1f);
    }

    private Planes() {
    }

    /** Writes {@code length} (at most two planes of the largest board) zeros or ones at {@code offset}. */
    static void fill(FloatBuffer out, int offset, int length, boolean one) {
        out.put(offset, one ? ONES : ZEROS, 0, length);
    }

    /** Writes {@code length} copies of {@code value} at {@code offset}. */
    static void fill(FloatBuffer out, int offset, int length, float value) {
        if (value == 0f || value == 1f) {
            fill(out, offset, length, value == 1f);
            return;
        }
        for (int i = 0; i < length; i++) {
            out.put(offset + i, value);
        }
    }
}
