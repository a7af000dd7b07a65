package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.TrainingBatch;

class ReplayBufferTest {
    private static final InputSpec SPEC = new InputSpec("t", 1, 2, 1);

    @Test
    void stepsAreBoundedByTheNewestGenerationsSamplesNotByTheWindow() {
        ReplayBuffer replay = new ReplayBuffer(SPEC, new RunConfig.Replay(5, 100_000, false, 2), 100, 1);
        for (int g = 1; g <= 3; g++) {
            replay.add(g, shard(600, null));
            replay.add(g, shard(400, null));
        }
        assertEquals(3000, replay.size());
        // 2 draws per new sample: 2 * 1000 / 100 steps of 100, not 2 * 3000 / 100 as the window would allow.
        assertEquals(20, replay.stepBound());
    }

    @Test
    void batchesCarryScoreTargetsAndMarkWhatAShardLacksAsUnknown() {
        ReplayBuffer replay = new ReplayBuffer(SPEC, new RunConfig.Replay(5, 100_000, false, 2), 4, 1);
        replay.add(1, shard(3, new float[] {7f, 7f, 7f}));
        TrainingBatch batch = replay.sample();
        for (int i = 0; i < 4; i++) {
            assertEquals(7f, batch.scoreTargets()[i]);
        }
        replay = new ReplayBuffer(SPEC, new RunConfig.Replay(5, 100_000, false, 2), 4, 1);
        replay.add(1, shard(3, null));
        batch = replay.sample();
        assertTrue(Float.isNaN(batch.scoreTargets()[0]), "no score in the shard: unknown, not 0");
    }

    private static TrainingShard shard(int n, float[] score) {
        return new TrainingShard(SPEC, n, new float[n * 2], new float[n * 3], new float[n], new float[n * 2], score);
    }
}
