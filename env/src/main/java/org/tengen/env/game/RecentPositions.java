package org.tengen.env.game;

import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;

/**
 * The last few positions of a {@link Game}'s board, for the history planes of feature encoders: a ring of stone
 * bitboards ({@link Board#copyStoneBits}), a few words a turn where a colour array would copy every point. Before the
 * start of the game, or further back than it keeps, every point reads EMPTY (AlphaZero pads history with empty
 * boards). Allocates nothing after construction.
 */
final class RecentPositions {
    private final Board board;
    private final int kept;
    /** Longs per position: the black words, then as many white words. */
    private final int bitsLength;
    /** {@link #kept} positions of {@link #bitsLength} longs each. */
    private final long[] bits;
    /** Positions remembered since the start, the first included. */
    private int seen;
    /** Ring slot of the newest position, kept alongside {@link #seen} so lookups need no division. */
    private int newestSlot;

    /** A ring keeping the last {@code kept} (at least 1) positions of {@code board}. */
    RecentPositions(Board board, int kept) {
        if (kept < 1) {
            throw new IllegalArgumentException("keptPositions must be at least 1, got " + kept);
        }
        this.board = board;
        this.kept = kept;
        this.bitsLength = board.stoneBitsLength();
        this.bits = new long[kept * bitsLength];
    }

    /** How many positions the ring can reach back (at least 1: the current one). */
    int kept() {
        return kept;
    }

    /** Forgets every position, for a new start; {@link #remember} the first one next. */
    void clear() {
        seen = 0;
    }

    /** Adds the board as it stands as the newest position. */
    void remember() {
        newestSlot = seen == 0 || newestSlot + 1 == kept ? 0 : newestSlot + 1;
        board.copyStoneBits(bits, newestSlot * bitsLength);
        seen++;
    }

    /** Makes this ring equal to {@code other}, which must keep as many positions. */
    void copyFrom(RecentPositions other) {
        if (other.kept != kept) {
            throw new IllegalArgumentException("cannot copy a game keeping " + other.kept
                    + " positions into one keeping " + kept);
        }
        System.arraycopy(other.bits, 0, bits, 0, bits.length);
        seen = other.seen;
        newestSlot = other.newestSlot;
    }

    /** See {@link Game#pastColour}. */
    int colour(int k, int loc) {
        if (!kept(k)) {
            return Stone.EMPTY;
        }
        int at = slotStart(k) + (loc >>> 6);
        long bit = 1L << loc;
        if ((bits[at] & bit) != 0) {
            return Stone.BLACK;
        }
        return (bits[at + bitsLength / 2] & bit) != 0 ? Stone.WHITE : Stone.EMPTY;
    }

    /** See {@link Game#pastRowBits}. */
    long rowBits(int k, int colour, int y) {
        if (!kept(k)) {
            return 0L;
        }
        return board.rowBits(bits, slotStart(k) + (colour == Stone.WHITE ? bitsLength / 2 : 0), y);
    }

    /** How many positions {@link #colour} knows: turns since the start plus one, at most {@link #kept()}. */
    int count() {
        return Math.min(seen, kept);
    }

    /** See {@link Game#pastChange}. */
    int change(int k, int fromLoc) {
        if (k < 0 || k + 1 >= count()) {
            throw new IllegalArgumentException("positions " + k + " and " + (k + 1) + " turns ago are not both kept");
        }
        int words = bitsLength / 2;
        int w = fromLoc >>> 6;
        if (fromLoc < 0 || w >= words) {
            return -1;
        }
        int newer = slotStart(k);
        int older = slotStart(k + 1);
        long diff = changedBits(newer, older, w, words) & -1L << fromLoc;
        while (diff == 0) {
            if (++w == words) {
                return -1;
            }
            diff = changedBits(newer, older, w, words);
        }
        return (w << 6) + Long.numberOfTrailingZeros(diff);
    }

    /** Whether the position {@code k} turns ago is in the ring (played, and not too long ago). */
    private boolean kept(int k) {
        return k < seen && k < kept;
    }

    /** Word {@code w} of the locations whose black or white bit differs between two kept positions. */
    private long changedBits(int newer, int older, int w, int words) {
        return bits[newer + w] ^ bits[older + w] | bits[newer + words + w] ^ bits[older + words + w];
    }

    private int slotStart(int k) {
        int slot = newestSlot - k;
        return (slot < 0 ? slot + kept : slot) * bitsLength;
    }
}
