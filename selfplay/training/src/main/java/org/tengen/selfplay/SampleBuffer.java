package org.tengen.selfplay;

import java.util.Arrays;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;

/**
 * A growable column store of training samples (observation, policy target, value target, ownership target, score
 * target), all from the point of view of the player to move, that becomes a {@link TrainingShard}. NaN marks an
 * unknown target (see {@link TrainingShard}).
 */
public final class SampleBuffer {
    private final InputSpec spec;
    private final int obsSize;
    private final int actions;
    private final int area;
    private float[] observations;
    private float[] policy;
    private float[] value;
    private float[] ownership;
    private float[] score;
    private int count;

    public SampleBuffer(InputSpec spec, int initialCapacity) {
        this.spec = spec;
        this.obsSize = spec.observationSize();
        this.actions = spec.actionCount();
        this.area = spec.width() * spec.height();
        int cap = Math.max(16, initialCapacity);
        observations = new float[cap * obsSize];
        policy = new float[cap * actions];
        value = new float[cap];
        ownership = new float[cap * area];
        score = new float[cap];
    }

    public int count() {
        return count;
    }

    public InputSpec spec() {
        return spec;
    }

    /** Appends one sample; arrays are copied from the given offsets. */
    public void add(float[] obs, int obsOffset, float[] policyTarget, int policyOffset, float valueTarget,
                    float[] ownershipTarget, int ownershipOffset, float scoreTarget) {
        if (count == value.length) {
            int cap = count * 2;
            observations = Arrays.copyOf(observations, cap * obsSize);
            policy = Arrays.copyOf(policy, cap * actions);
            value = Arrays.copyOf(value, cap);
            ownership = Arrays.copyOf(ownership, cap * area);
            score = Arrays.copyOf(score, cap);
        }
        System.arraycopy(obs, obsOffset, observations, count * obsSize, obsSize);
        System.arraycopy(policyTarget, policyOffset, policy, count * actions, actions);
        value[count] = valueTarget;
        System.arraycopy(ownershipTarget, ownershipOffset, ownership, count * area, area);
        score[count] = scoreTarget;
        count++;
    }

    /** Appends every sample of {@code other} (same spec). */
    public void addAll(SampleBuffer other) {
        for (int i = 0; i < other.count; i++) {
            add(other.observations, i * obsSize, other.policy, i * actions, other.value[i], other.ownership,
                    i * area, other.score[i]);
        }
    }

    /**
     * Sets the outcome targets of every sample once its game's outcome is known, each from the point of view of its
     * mover: Black's outcome (+1 won, -1 lost, 0 drawn, NaN unknown), Black's area ownership (null when unknown) and
     * Black's final margin (NaN when unknown) are negated for White's samples.
     *
     * @param movers the player to move (BLACK or WHITE) at each sample, at least {@link #count()} entries
     */
    public void setOutcomes(int[] movers, float blackValue, float[] blackOwnership, float blackScore) {
        for (int i = 0; i < count; i++) {
            float sign = movers[i] == org.tengen.env.board.Stone.BLACK ? 1f : -1f;
            value[i] = blackValue == 0f ? 0f : sign * blackValue;
            for (int p = 0; p < area; p++) {
                ownership[i * area + p] = blackOwnership == null ? Float.NaN : sign * blackOwnership[p];
            }
            score[i] = sign * blackScore;
        }
    }

    public void clear() {
        count = 0;
    }

    /** The samples as a shard (copies the used part of each column). */
    public TrainingShard toShard() {
        return new TrainingShard(spec, count, Arrays.copyOf(observations, count * obsSize),
                Arrays.copyOf(policy, count * actions), Arrays.copyOf(value, count),
                Arrays.copyOf(ownership, count * area), Arrays.copyOf(score, count));
    }
}
