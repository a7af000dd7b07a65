package org.tengen.models.eval;

import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * A transposition cache in front of another evaluator: positions already seen (same observation floats and same
 * legal mask) are answered from the cache, only the misses of a batch are forwarded, as one smaller batch.
 *
 * <p>The table is direct-mapped with a power-of-two number of entries, keyed by a 64-bit hash of the observation and
 * mask; a new entry overwrites whatever shared its slot, so memory stays bounded at about
 * {@code capacity * (actionCount + 3) * 4} bytes. Two different positions with equal 64-bit hashes would share an
 * entry (odds about {@code capacity / 2^64} per lookup). The cache keeps no ownership: a request for ownership goes
 * straight to the inner evaluator, uncached (self-play never asks for it). Not thread-safe, like any {@link Evaluator}; put it behind a
 * {@link BatchingEvaluator} to share one cache between threads.
 */
public final class CachedEvaluator implements Evaluator {
    private final Evaluator inner;
    private final InputSpec spec;
    private final int mask;
    private final long[] keys;
    private final float[] policies;
    private final float[] values;
    private final float[] scores;

    private int[] missIndex = new int[0];
    private long[] missKey = new long[0];
    private FloatBuffer missObservations = FloatBuffer.allocate(0);
    private boolean[] missLegal = new boolean[0];
    private float[] missPolicy = new float[0];
    private float[] missValue = new float[0];
    private float[] missScore = new float[0];

    private long lookups;
    private long hits;

    /**
     * @param inner    evaluator for cache misses; closed with this one
     * @param capacity number of entries, rounded up to a power of two
     */
    public CachedEvaluator(Evaluator inner, int capacity) {
        if (capacity < 1 || capacity > (1 << 26)) {
            throw new IllegalArgumentException("cache capacity must be in 1.." + (1 << 26) + ", got " + capacity);
        }
        this.inner = inner;
        this.spec = inner.spec();
        int size = Integer.highestOneBit(capacity);
        size = size < capacity ? size << 1 : size;
        this.mask = size - 1;
        this.keys = new long[size];
        this.policies = new float[Math.multiplyExact(size, spec.actionCount())];
        this.values = new float[size];
        this.scores = new float[size];
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public boolean predictsOwnership() {
        return inner.predictsOwnership();
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score, float[] ownership) {
        if (ownership != null) {
            inner.evaluate(batch, observations, legal, policy, value, score, ownership);
            return;
        }
        spec.checkBatch(batch, observations, legal, policy, value, score, null);
        ensureCapacity(batch);
        int obsSize = spec.observationSize();
        int actions = spec.actionCount();
        int misses = 0;
        for (int i = 0; i < batch; i++) {
            long key = hash(observations, i * obsSize, obsSize, legal, i * actions, actions);
            int slot = (int) key & mask;
            lookups++;
            if (keys[slot] == key) {
                hits++;
                System.arraycopy(policies, slot * actions, policy, i * actions, actions);
                value[i] = values[slot];
                score[i] = scores[slot];
            } else {
                missIndex[misses] = i;
                missKey[misses] = key;
                missObservations.put(misses * obsSize, observations, i * obsSize, obsSize);
                System.arraycopy(legal, i * actions, missLegal, misses * actions, actions);
                misses++;
            }
        }
        if (misses == 0) {
            return;
        }
        inner.evaluate(misses, missObservations, missLegal, missPolicy, missValue, missScore);
        for (int m = 0; m < misses; m++) {
            int i = missIndex[m];
            int slot = (int) missKey[m] & mask;
            System.arraycopy(missPolicy, m * actions, policy, i * actions, actions);
            value[i] = missValue[m];
            score[i] = missScore[m];
            keys[slot] = missKey[m];
            System.arraycopy(missPolicy, m * actions, policies, slot * actions, actions);
            values[slot] = missValue[m];
            scores[slot] = missScore[m];
        }
    }

    /** {@return the positions looked up so far} */
    public long lookups() {
        return lookups;
    }

    /** {@return the lookups answered from the cache} */
    public long hits() {
        return hits;
    }

    /** Forgets every entry (e.g. after the network's weights change) and resets the counters. */
    public void clear() {
        Arrays.fill(keys, 0L);
        lookups = 0;
        hits = 0;
    }

    @Override
    public void close() {
        inner.close();
    }

    /**
     * 64-bit hash of one position's observation floats and legal mask.
     *
     * @param observations the position's planes, among others
     * @param obsFrom      index of its first float
     * @param obsLength    its floats
     * @param legal        its legal actions, among others
     * @param legalFrom    index of its first flag
     * @param legalLength  its flags
     * @return the hash, never 0 (which marks an empty slot)
     */
    public static long hash(FloatBuffer observations, int obsFrom, int obsLength, boolean[] legal, int legalFrom,
            int legalLength) {
        long h = 0x243F6A8885A308D3L;
        for (int k = 0; k < obsLength; k++) {
            h = (h ^ Float.floatToRawIntBits(observations.get(obsFrom + k))) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        long bits = 0;
        for (int a = 0; a < legalLength; a++) {
            bits = (bits << 1) | (legal[legalFrom + a] ? 1 : 0);
            if ((a & 63) == 63 || a == legalLength - 1) {
                h = (h ^ bits) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
                bits = 0;
            }
        }
        // murmur3 fmix64: spreads every input bit over the low bits used as the slot index
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }

    private void ensureCapacity(int batch) {
        if (missIndex.length >= batch) {
            return;
        }
        missIndex = new int[batch];
        missKey = new long[batch];
        missObservations = FloatBuffer.allocate(batch * spec.observationSize());
        missLegal = new boolean[batch * spec.actionCount()];
        missPolicy = new float[batch * spec.actionCount()];
        missValue = new float[batch];
        missScore = new float[batch];
    }
}
