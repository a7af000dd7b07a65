package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;

/**
 * The bit-packed form of binary feature planes: each plane's {@code area} points row-major as bits (bit {@code p % 64}
 * of word {@code p / 64}), padded to whole longs, planes one after another. A position of {@code az17} on 19x19 is
 * 102 longs (816 bytes) where its floats are 24.5 KB, so environments of many games write 30 times less memory per
 * step; whoever feeds a network expands the positions it evaluates ({@link #unpack}).
 */
public final class PlaneBits {
    private PlaneBits() {
    }

    /**
     * {@return the longs per plane of {@code area} points}
     *
     * @param area the board's points
     */
    public static int wordsPerPlane(int area) {
        return (area + 63) >>> 6;
    }

    /**
     * {@return the longs per position: {@code planes * wordsPerPlane(area)}}
     *
     * @param planes the feature set's planes
     * @param area   the board's points
     */
    public static int words(int planes, int area) {
        return planes * wordsPerPlane(area);
    }

    /**
     * Expands one position of {@code planes} packed planes of {@code area} points from {@code in} (from index
     * {@code offset}) into floats 0 and 1 in {@code out} from index {@code outOffset}, the layout of the float
     * observations.
     *
     * @param in        the packed position
     * @param offset    index of its first word
     * @param planes    its planes
     * @param area      the board's points
     * @param out       receives the floats, with absolute puts
     * @param outOffset index of the first float
     */
    public static void unpack(LongBuffer in, int offset, int planes, int area, FloatBuffer out, int outOffset) {
        int perPlane = wordsPerPlane(area);
        for (int plane = 0; plane < planes; plane++) {
            for (int w = 0; w < perPlane; w++) {
                long word = in.get(offset + plane * perPlane + w);
                for (int p = w << 6; p < Math.min(area, (w + 1) << 6); p++) {
                    out.put(outOffset + plane * area + p, (word >>> p & 1L) == 0 ? 0f : 1f);
                }
            }
        }
    }

    /** Sets the {@code width} low bits of {@code row} at point {@code point} of the plane starting at {@code base}. */
    static void putRow(long[] words, int base, int point, long row, int width) {
        int w = base + (point >>> 6);
        int shift = point & 63;
        words[w] |= row << shift;
        if (shift + width > 64) {
            words[w + 1] |= row >>> (64 - shift);
        }
    }
}
