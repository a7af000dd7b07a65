package org.tengen.run;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import org.tengen.env.features.Symmetries;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.TrainingBatch;

/**
 * A sliding window over the latest self-play shards (by generation and by sample count) from which training
 * batches are drawn uniformly, each example under a random board symmetry when augmentation is on (8 on square
 * boards, 4 on rectangles). Batch buffers are allocated once.
 */
public final class ReplayBuffer {
    private record Entry(int generation, TrainingShard shard) {
    }

    private final InputSpec spec;
    private final RunConfig.Replay settings;
    private final Symmetries symmetries;
    private final SplittableRandom random;
    private final Deque<Entry> shards = new ArrayDeque<>();
    /** Imported shards mixed into every batch ({@code externalFraction}), outside the window. */
    private final Deque<Entry> external = new ArrayDeque<>();
    private int externalSamples;
    private final int obsSize;
    private final int actions;
    private final int area;
    private int samples;
    // Batch buffers.
    private final int batchSize;
    private final FloatBuffer observations;
    private final float[] policy;
    private final float[] value;
    private final float[] ownership;
    private final float[] score;
    private final float[] obsScratch;

    public ReplayBuffer(InputSpec spec, RunConfig.Replay settings, int batchSize, long seed) {
        this.spec = spec;
        this.settings = settings;
        this.symmetries = settings.symmetries() ? new Symmetries(spec.width(), spec.height()) : null;
        this.random = new SplittableRandom(seed);
        this.obsSize = spec.observationSize();
        this.actions = spec.actionCount();
        this.area = spec.width() * spec.height();
        this.batchSize = batchSize;
        this.observations = ByteBuffer.allocateDirect(batchSize * obsSize * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        this.policy = new float[batchSize * actions];
        this.value = new float[batchSize];
        this.ownership = new float[batchSize * area];
        this.score = new float[batchSize];
        this.obsScratch = new float[obsSize];
    }

    /** Adds a shard of {@code generation} and drops what falls out of the window. */
    public void add(int generation, TrainingShard shard) {
        requireShape(shard, "shard of generation " + generation);
        shards.addLast(new Entry(generation, shard));
        samples += shard.count();
        int oldestKept = generation - settings.windowGenerations() + 1;
        while (!shards.isEmpty() && (shards.peekFirst().generation() < oldestKept
                || samples - shards.peekFirst().shard().count() >= settings.windowSamples())) {
            samples -= shards.removeFirst().shard().count();
        }
    }

    /**
     * Adds an imported shard to the pool that {@code externalFraction} of every batch is drawn from, whatever the
     * window holds.
     */
    public void addExternal(TrainingShard shard) {
        requireShape(shard, "imported shard");
        external.addLast(new Entry(0, shard));
        externalSamples += shard.count();
    }

    private void requireShape(TrainingShard shard, String what) {
        if (shard.spec().planes() != spec.planes() || shard.spec().width() != spec.width()
                || shard.spec().height() != spec.height()) {
            throw new IllegalArgumentException(what + " has shape " + shard.spec() + ", the run uses " + spec);
        }
    }

    /** Samples in the window. */
    public int size() {
        return samples;
    }

    /**
     * Training steps a generation may take: {@code maxSampleReuse} draws per sample the newest generation added. Bounded
     * by new samples, not by the window, each sample is drawn about {@code maxSampleReuse} times over its whole life
     * in the window (KataGo's "max train bucket per new data"), however many generations the window spans.
     */
    public int stepBound() {
        int newest = shards.isEmpty() ? 0 : shards.peekLast().generation();
        long added = 0;
        for (Entry e : shards) {
            if (e.generation() == newest) {
                added += e.shard().count();
            }
        }
        return (int) Math.max(1, Math.floor(settings.maxSampleReuse() * added / batchSize));
    }

    /**
     * Draws a batch (uniformly, with replacement) into the buffers this buffer owns: each example from the imported
     * pool with probability {@code externalFraction} when it holds any, else from the window.
     */
    public TrainingBatch sample() {
        if (samples == 0) {
            throw new IllegalStateException("the replay buffer is empty");
        }
        for (int i = 0; i < batchSize; i++) {
            boolean imported = externalSamples > 0 && random.nextDouble() < settings.externalFraction();
            Deque<Entry> pool = imported ? external : shards;
            int pick = random.nextInt(imported ? externalSamples : samples);
            TrainingShard shard = null;
            for (Entry e : pool) {
                if (pick < e.shard().count()) {
                    shard = e.shard();
                    break;
                }
                pick -= e.shard().count();
            }
            copyExample(shard, pick, i);
        }
        return new TrainingBatch(batchSize, spec.width(), spec.height(), observations, policy, value,
                ownership, score);
    }

    private void copyExample(TrainingShard shard, int index, int slot) {
        boolean hasOwnership = shard.hasOwnership();
        int s = symmetries == null ? 0 : random.nextInt(symmetries.count());
        if (s == 0) {
            observations.put(slot * obsSize, shard.observations(), index * obsSize, obsSize);
            System.arraycopy(shard.policy(), index * actions, policy, slot * actions, actions);
            if (hasOwnership) {
                System.arraycopy(shard.ownership(), index * area, ownership, slot * area, area);
            }
        } else {
            symmetries.transformPlanes(s, shard.observations(), index * obsSize, obsScratch, 0, spec.planes());
            observations.put(slot * obsSize, obsScratch, 0, obsSize);
            symmetries.transformPolicy(s, shard.policy(), index * actions, policy, slot * actions);
            if (hasOwnership) {
                symmetries.transformPlanes(s, shard.ownership(), index * area, ownership, slot * area, 1);
            }
        }
        if (!hasOwnership) {
            java.util.Arrays.fill(ownership, slot * area, (slot + 1) * area, Float.NaN);
        }
        value[slot] = shard.value()[index];
        score[slot] = shard.score() == null ? Float.NaN : shard.score()[index];
    }
}
