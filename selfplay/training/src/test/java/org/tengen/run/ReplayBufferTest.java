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

    @Test
    void importedShardsFillTheirFractionOfEveryBatchAndDoNotCountTowardsSteps() {
        ReplayBuffer replay = new ReplayBuffer(SPEC, new RunConfig.Replay(5, 100_000, false, 2, 5, java.nio.file.Path.of(
                "imported"), 0.25), 1000, 1);
        float[] selfPlay = new float[50];
        java.util.Arrays.fill(selfPlay, 1f);
        replay.add(1, new TrainingShard(SPEC, 50, new float[100], new float[150], selfPlay, new float[100], null));
        float[] imported = new float[500];
        java.util.Arrays.fill(imported, -1f);
        replay.addExternal(new TrainingShard(SPEC, 500, new float[1000], new float[1500], imported, new float[1000],
                null));
        assertEquals(50, replay.size());
        assertEquals(1, replay.stepBound());
        int fromImported = 0;
        for (int b = 0; b < 10; b++) {
            for (float v : replay.sample().valueTargets()) {
                fromImported += v == -1f ? 1 : 0;
            }
        }
        assertEquals(2500, fromImported, 150, "a quarter of 10 batches of 1000");
    }

    private static TrainingShard shard(int n, float[] score) {
        return new TrainingShard(SPEC, n, new float[n * 2], new float[n * 3], new float[n], new float[n * 2], score);
    }
}
