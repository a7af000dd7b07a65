package org.tengen.env.board;

import java.util.SplittableRandom;

/**
 * Zobrist keys per padded location and colour, plus a side-to-move key. One fixed table serves every board size
 * (hashes are only compared between boards of one size), generated from a fixed seed so hashes are reproducible.
 */
final class Zobrist {
    /** Large enough for the padded array of a {@code MAX_SIZE x MAX_SIZE} board. */
    static final int LOCS = (org.tengen.env.rules.Rules.MAX_SIZE + 2) * (org.tengen.env.rules.Rules.MAX_SIZE + 1) + 1;
    /** Indexed {@code [colour * LOCS + loc]} for colour BLACK or WHITE. */
    static final long[] STONE = new long[3 * LOCS];
    /** XORed in for situational superko when White is to move. */
    static final long WHITE_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(0x7E46E1L);
        for (int i = LOCS; i < STONE.length; i++) {
            STONE[i] = random.nextLong();
        }
        WHITE_TO_MOVE = random.nextLong();
    }

    private Zobrist() {
    }

    static long stone(int colour, int loc) {
        return STONE[colour * LOCS + loc];
    }
}
