package org.tengen.env.game;

import java.util.Arrays;
import org.tengen.env.board.Board;

/**
 * The superko history of a {@link Game}: position keys grouped by the number of stones on the board.
 *
 * <p>Two equal colourings have equal stone counts, so a lookup only walks the few keys recorded with the same
 * count, and {@link Game#legalMask} can find every non-capturing move that repeats a position by walking the
 * keys with one stone more than the board (instead of hashing each empty point). Keys of different counts never
 * match, so a 64-bit hash collision across counts cannot ban a move. It also keeps the points that held a stone in
 * some recorded position: a stone that stays on any other point makes a position never seen (KataGo's shortcut).
 * A key is recorded without looking for it first: a legal move other than a pass makes a new position, and the
 * rare key recorded twice (after a pass) changes no answer. Grows only when it needs capacity.
 */
final class SuperkoHistory {
    /** First entry per stone count, -1 when none. */
    private final int[] first;
    private long[] keys;
    /** Next entry with the same stone count, -1 at the end. */
    private int[] next;
    private int size;
    /** Loc-indexed bits: the points that held a stone in some recorded position. */
    private final long[] stoneBits;

    SuperkoHistory(int area, int expected, int bitWords) {
        stoneBits = new long[bitWords];
        first = new int[area + 2];
        keys = new long[Math.max(16, expected)];
        next = new int[keys.length];
        clear();
    }

    void clear() {
        Arrays.fill(first, -1);
        Arrays.fill(stoneBits, 0L);
        size = 0;
    }

    /** Records {@code board}'s position under {@code key} (the colouring's hash, with the side to move if counted). */
    void record(long key, Board board) {
        add(key, board.stoneCount());
        board.addStoneBits(stoneBits);
    }

    /** Whether some recorded position had a stone on {@code loc}. */
    boolean heldStone(int loc) {
        return (stoneBits[loc >>> 6] >>> loc & 1L) != 0;
    }

    /** Word {@code i} of the loc-indexed bits of the points that held a stone in some recorded position. */
    long heldStones(int i) {
        return stoneBits[i];
    }

    /** Whether {@code key} was recorded with {@code stones} stones on the board. */
    boolean contains(long key, int stones) {
        for (int e = first[stones]; e >= 0; e = next[e]) {
            if (keys[e] == key) {
                return true;
            }
        }
        return false;
    }

    /** Whether any position with {@code stones} stones was recorded. */
    boolean hasStoneCount(int stones) {
        return first[stones] >= 0;
    }

    /** Records {@code key} for a position with {@code stones} stones. */
    private void add(long key, int stones) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            next = Arrays.copyOf(next, size * 2);
        }
        keys[size] = key;
        next[size] = first[stones];
        first[stones] = size++;
    }

    /** The first entry recorded with {@code stones} stones, or -1; walk on with {@link #next(int)}. */
    int first(int stones) {
        return stones < first.length ? first[stones] : -1;
    }

    int next(int entry) {
        return next[entry];
    }

    long key(int entry) {
        return keys[entry];
    }

    void copyFrom(SuperkoHistory other) {
        if (keys.length < other.size) {
            keys = new long[other.keys.length];
            next = new int[other.next.length];
        }
        System.arraycopy(other.first, 0, first, 0, first.length);
        System.arraycopy(other.stoneBits, 0, stoneBits, 0, stoneBits.length);
        System.arraycopy(other.keys, 0, keys, 0, other.size);
        System.arraycopy(other.next, 0, next, 0, other.size);
        size = other.size;
    }
}
