package org.tengen.env.util;

import java.util.Arrays;

/**
 * An open-addressing set of {@code long}s (linear probing) for superko histories: no boxing, no allocation except
 * when it grows, and {@link #clear()} keeps the capacity. Keys are Zobrist hashes, already well mixed.
 */
public final class LongHashSet {
    private long[] keys;
    private boolean[] used;
    private int size;
    private int mask;

    public LongHashSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[cap];
        used = new boolean[cap];
        mask = cap - 1;
    }

    public int size() {
        return size;
    }

    public boolean contains(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    /** Adds {@code key}; returns false if it was present. */
    public boolean add(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        if (++size * 2 > keys.length) {
            grow();
        }
        return true;
    }

    public void clear() {
        if (size > 0) {
            Arrays.fill(used, false);
            size = 0;
        }
    }

    /** Makes this set equal to {@code other}. */
    public void copyFrom(LongHashSet other) {
        if (keys.length != other.keys.length) {
            keys = new long[other.keys.length];
            used = new boolean[other.used.length];
            mask = other.mask;
        }
        System.arraycopy(other.keys, 0, keys, 0, keys.length);
        System.arraycopy(other.used, 0, used, 0, used.length);
        size = other.size;
    }

    private int slot(long key) {
        return (int) (key ^ (key >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        used = new boolean[oldUsed.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) {
                add(oldKeys[i]);
            }
        }
    }
}
