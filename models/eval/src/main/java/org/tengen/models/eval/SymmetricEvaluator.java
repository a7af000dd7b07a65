package org.tengen.models.eval;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
import org.tengen.env.features.Symmetries;

/**
 * Evaluates each position under board symmetries and maps the answers back: either under one symmetry drawn at
 * random per position (cheap, removes systematic orientation bias across a search), or under all of them (8 on
 * square boards, 4 on rectangles) with policies and values averaged. Relies on the feature sets' property that
 * transforming encoded planes equals encoding the transformed position. Ownership, when asked, is mapped back and
 * averaged like the policy. Buffers are allocated once, for
 * {@code maxBatch} positions; single-threaded like every evaluator.
 */
public final class SymmetricEvaluator implements Evaluator {

    /** How many symmetries each position is evaluated under. */
    public enum Mode {
        /** As is: no symmetry (see {@link #under}). */
        NONE,
        /** One random symmetry per position. */
        RANDOM,
        /** Every symmetry of the board, averaged. */
        ALL
    }

    private final Evaluator inner;
    private final Mode mode;
    private final InputSpec spec;
    private final Symmetries symmetries;
    private final SplittableRandom random;
    private final int copies;
    private final int maxBatch;
    private final FloatBuffer observations;
    private final boolean[] legal;
    private final float[] policy;
    private final float[] value;
    private final float[] score;
    /** Ownership of the transformed positions, allocated only when the inner evaluator predicts it. */
    private final float[] ownership;
    private final float[] restored;
    private final int[] drawn;

    /**
     * {@return {@code inner} evaluated under {@code mode}'s symmetries}: {@code inner} itself for {@link Mode#NONE}.
     *
     * @param inner    the evaluator that sees the transformed positions
     * @param mode     how many symmetries each position is evaluated under
     * @param maxBatch the largest batch that will be asked
     * @param seed     seed of the random symmetries
     */
    public static Evaluator under(Evaluator inner, Mode mode, int maxBatch, long seed) {
        return mode == Mode.NONE ? inner : new SymmetricEvaluator(inner, mode, maxBatch, seed);
    }

    /**
     * {@code inner} under {@code mode}'s symmetries; see {@link #under} for any mode.
     *
     * @param inner    the evaluator that sees the transformed positions
     * @param mode     {@link Mode#RANDOM} or {@link Mode#ALL}
     * @param maxBatch the largest batch that will be asked, at least 1
     * @param seed     seed of the random symmetries
     */
    public SymmetricEvaluator(Evaluator inner, Mode mode, int maxBatch, long seed) {
        if (mode == Mode.NONE) {
            throw new IllegalArgumentException("mode NONE needs no SymmetricEvaluator: use under()");
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be at least 1, got " + maxBatch);
        }
        this.inner = inner;
        this.mode = mode;
        this.spec = inner.spec();
        this.symmetries = new Symmetries(spec.width(), spec.height());
        this.random = new SplittableRandom(seed);
        this.copies = mode == Mode.ALL ? symmetries.count() : 1;
        this.maxBatch = maxBatch;
        int slots = maxBatch * copies;
        this.observations = ByteBuffer.allocateDirect(slots * spec.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        this.legal = new boolean[slots * spec.actionCount()];
        this.policy = new float[slots * spec.actionCount()];
        this.value = new float[slots];
        this.score = new float[slots];
        this.ownership = inner.predictsOwnership() ? new float[slots * spec.area()] : null;
        this.restored = new float[spec.actionCount()];
        this.drawn = new int[slots];
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public boolean predictsOwnership() {
        return ownership != null;
    }

    @Override
    public void evaluate(int batch, FloatBuffer obs, boolean[] mask, float[] policyOut, float[] valueOut,
                         float[] scoreOut, float[] ownershipOut) {
        spec.checkBatch(batch, obs, mask, policyOut, valueOut, scoreOut, ownershipOut);
        if (ownershipOut != null && ownership == null) {
            java.util.Arrays.fill(ownershipOut, 0, batch * spec.area(), Float.NaN);
        }
        float[] owned = ownershipOut != null ? ownership : null;
        for (int start = 0; start < batch; start += maxBatch) {
            evaluateChunk(start, Math.min(maxBatch, batch - start), obs, mask, policyOut, valueOut, scoreOut, owned,
                    ownershipOut);
        }
    }

    private void evaluateChunk(int start, int n, FloatBuffer obs, boolean[] mask, float[] policyOut,
                               float[] valueOut, float[] scoreOut, float[] owned, float[] ownershipOut) {
        int obsSize = spec.observationSize();
        int actions = spec.actionCount();
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < copies; c++) {
                int slot = i * copies + c;
                int s = mode == Mode.ALL ? c : random.nextInt(symmetries.count());
                drawn[slot] = s;
                symmetries.transformPlanes(s, obs, (start + i) * obsSize, observations, slot * obsSize,
                        spec.planes());
                symmetries.transformMask(s, mask, (start + i) * actions, legal, slot * actions);
            }
        }
        inner.evaluate(n * copies, observations, legal, policy, value, score, owned);
        int area = spec.area();
        for (int i = 0; i < n; i++) {
            int out = (start + i) * actions;
            java.util.Arrays.fill(policyOut, out, out + actions, 0f);
            float valueSum = 0;
            float scoreSum = 0;
            for (int c = 0; c < copies; c++) {
                int slot = i * copies + c;
                symmetries.transformPolicy(symmetries.inverse(drawn[slot]), policy, slot * actions, restored, 0);
                for (int a = 0; a < actions; a++) {
                    policyOut[out + a] += restored[a] / copies;
                }
                valueSum += value[slot];
                scoreSum += score[slot];
            }
            valueOut[start + i] = valueSum / copies;
            scoreOut[start + i] = scoreSum / copies;
            if (owned != null) {
                int to = (start + i) * area;
                java.util.Arrays.fill(ownershipOut, to, to + area, 0f);
                for (int c = 0; c < copies; c++) {
                    int slot = i * copies + c;
                    // The inverse symmetry maps each point back as it maps the policy's points (one plane).
                    symmetries.transformPlanes(symmetries.inverse(drawn[slot]), owned, slot * area, restored, 0, 1);
                    for (int p = 0; p < area; p++) {
                        ownershipOut[to + p] += restored[p] / copies;
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        inner.close();
    }
}
