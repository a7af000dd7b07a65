package org.tengen.run;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.process.ProcessCpuTime;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.NpyArray;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.LossComponents;
import org.tengen.run.tables.RunTables;

/**
 * The training steps of a generation, on batches drawn from a replay window, taken the same way by {@code train}'s
 * training phase, its pre-training and the learner role: the optimiser continued from the parent checkpoint, then
 * {@code steps} steps whose mean losses are the generation's training figures.
 */
public final class TrainingSteps {
    private static final Logger LOG = LogManager.getLogger(TrainingSteps.class);

    private TrainingSteps() {
    }

    /**
     * Continues the optimiser of the checkpoint training starts from (momentum, Adam's moments), so generations train
     * as one run; the initial checkpoint, and one saved by an earlier version, start it afresh, saying so.
     */
    public static void restoreOptimizer(Learner learner, Path parentCheckpoint, int parent) {
        Optional<Map<String, NpyArray>> state = Checkpoints.optimizerState(parentCheckpoint);
        if (state.isPresent()) {
            try {
                learner.restoreOptimizerState(state.get());
                return;
            } catch (IllegalArgumentException | CheckpointException e) {
                LOG.warn("Optimiser state of {} not used ({}): generation {} starts it afresh",
                        parentCheckpoint, e.getMessage(), parent + 1);
                return;
            }
        }
        if (parent > 0) {
            LOG.info("{} has no optimiser state: generation {} starts it afresh", parentCheckpoint, parent + 1);
        }
    }

    /** Takes {@code steps} training steps on batches drawn from {@code replay}; returns their mean losses. */
    public static RunTables.TrainingStats train(Learner learner, ReplayBuffer replay, int steps, Progress progress) {
        long start = System.nanoTime();
        long cpuStart = ProcessCpuTime.nanos();
        long skippedBefore = learner.skippedSteps();
        float[] sums = new float[4];
        for (int i = 0; i < steps; i++) {
            LossComponents last = learner.trainStep(replay.sample());
            sums[0] += last.total();
            sums[1] += last.policy();
            sums[2] += last.value();
            sums[3] += last.ownership();
            progress.step();
            progress.extra(String.format(Locale.ROOT, "loss %.3f", last.total()));
        }
        if (learner.skippedSteps() > skippedBefore) {
            LOG.warn("{} of {} training steps had a loss or gradients that were not finite and changed nothing "
                    + "(see docs/networks.md: a CPU on which libtorch misbehaves)", learner.skippedSteps() - skippedBefore, steps);
        }
        return new RunTables.TrainingStats(steps, (System.nanoTime() - start) / 1e9, sums[0] / steps,
                sums[1] / steps, sums[2] / steps, sums[3] / steps, (ProcessCpuTime.nanos() - cpuStart) / 1e9);
    }
}
