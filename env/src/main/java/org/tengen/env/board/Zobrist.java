package org.tengen.env.board;

import java.util.SplittableRandom;

/**
 * Zobrist keys per padded location and colour, plus a side-to-move key. One fixed table serves every board size
 * (hashes are only compared between boards of one size), generated from a fixed seed so hashes are reproducible.
 * A reverse table maps a stone key back to its location, so the hash change of a move can be inverted.
 */
final class Zobrist {
    /** Large enough for the padded array of a {@code MAX_SIZE x MAX_SIZE} board. */
    static final int LOCS = (org.tengen.env.rules.Rules.MAX_SIZE + 2) * (org.tengen.env.rules.Rules.MAX_SIZE + 1) + 1;
    /** Indexed {@code [colour * LOCS + loc]} for colour BLACK or WHITE. */
    static final long[] STONE = new long[3 * LOCS];
    /** XORed in for situational superko when White is to move. */
    static final long WHITE_TO_MOVE;
    /** Open addressing from a stone key to its index in {@link #STONE}; 0 marks a free slot (no key is 0). */
    private static final int REVERSE_MASK = Integer.highestOneBit(4 * LOCS) * 2 - 1;
    private static final long[] REVERSE_KEYS = new long[REVERSE_MASK + 1];
    private static final int[] REVERSE_INDEX = new int[REVERSE_MASK + 1];

    static {
        SplittableRandom random = new SplittableRandom(0x7E46E1L);
        for (int i = LOCS; i < STONE.length; i++) {
            STONE[i] = random.nextLong();
        }
        WHITE_TO_MOVE = random.nextLong();
        for (int i = LOCS; i < STONE.length; i++) {
            if (STONE[i] == 0) {
                throw new AssertionError("zero Zobrist key");
            }
            int slot = reverseSlot(STONE[i]);
            while (REVERSE_KEYS[slot] != 0) {
                slot = (slot + 1) & REVERSE_MASK;
            }
            REVERSE_KEYS[slot] = STONE[i];
            REVERSE_INDEX[slot] = i;
        }
    }

    private Zobrist() {
    }

    static long stone(int colour, int loc) {
        return STONE[colour * LOCS + loc];
    }

    /** The loc whose key for {@code colour} is {@code key}, or -1. */
    static int locOfKey(long key, int colour) {
        int slot = reverseSlot(key);
        long k;
        while ((k = REVERSE_KEYS[slot]) != 0) {
            if (k == key) {
                int i = REVERSE_INDEX[slot];
                return i / LOCS == colour ? i % LOCS : -1;
            }
            slot = (slot + 1) & REVERSE_MASK;
        }
        return -1;
    }

    private static int reverseSlot(long key) {
        return (int) (key ^ (key >>> 29)) & REVERSE_MASK;
    }
}
