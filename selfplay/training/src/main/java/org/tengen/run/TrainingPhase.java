package org.tengen.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.Learner;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.records.SgfImport;
import org.tengen.run.tables.RunTables;

/**
 * Training of a generation: the learner trains the previous checkpoint on the replay window (the latest generations'
 * shards), for at most the reuse bound of steps, and saves the next checkpoint. Done when that checkpoint exists.
 */
final class TrainingPhase extends RunPhase {
    private static final Logger LOG = LogManager.getLogger(TrainingPhase.class);

    TrainingPhase(RunContext run) {
        super(run, "training");
    }

    @Override
    public boolean isDone(int g) {
        return Files.isDirectory(dir.checkpoint(g));
    }

    @Override
    public void run(int g, GenerationStats stats) {
        ReplayBuffer replay = new ReplayBuffer(spec, config.replay(), config.batchSize(),
                config.seed() ^ (g * 31L));
        for (int gen = Math.max(1, g - config.replay().windowGenerations() + 1); gen <= g; gen++) {
            for (RunDirectory.Shard shard : dir.shards(gen)) {
                try {
                    replay.add(gen, TrainingShard.read(shard.path()));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read training data " + shard.path() + ": "
                            + e.getMessage(), e);
                }
            }
        }
        if (replay.size() == 0) {
            throw new IllegalStateException("generation " + g + " has no training data in " + dir.dataDir(g));
        }
        if (config.replay().external() != null) {
            for (TrainingShard shard : readImported("replay.external", config.replay().external(), spec)) {
                replay.addExternal(shard);
            }
        }
        int steps = Math.min(config.steps(), replay.stepBound());
        String parentName = RunDirectory.generationName(g - 1);
        long startStep = Checkpoints.read(dir.checkpoint(g - 1)).provenance().trainingStep();
        RunTables.TrainingStats trained;
        try (PolicyValueNet net = run.loadNet(parentName);
             Learner learner = new Learner(net, config.training(), startStep);
             Progress progress = progress(g, steps)) {
            TrainingSteps.restoreOptimizer(learner, dir.checkpoint(g - 1), g - 1);
            trained = TrainingSteps.train(learner, replay, steps, progress);
            // The figures go first: a checkpoint that exists always has them (a stale file is overwritten).
            RunTables.writeTraining(dir.trainingStats(g), trained);
            Checkpoints.save(dir.checkpoint(g), net, run.provenance(learner.step(), parentName),
                    learner.optimizerState());
        }
        run.session().steps += steps;
        LOG.info(String.format(Locale.ROOT, "Generation %d training: %d steps on %d samples in %.1f s, mean loss "
                        + "%.3f (policy %.3f, value %.3f, ownership %.3f)", g, steps, replay.size(),
                trained.seconds(), trained.total(), trained.policy(), trained.value(), trained.ownership()));
    }

    /**
     * Every shard of {@code dir}, written by {@code tengen import-sgf} for this run's network; problems are
     * reported in one line naming the config {@code field}.
     *
     * @throws IllegalArgumentException if {@code dir} holds no shards or a shard is for other features or board
     */
    static List<TrainingShard> readImported(String field, Path dir, InputSpec spec) {
        RunConfig.requireShardDirectory(field, dir);
        List<TrainingShard> shards = new ArrayList<>();
        for (Path file : SgfImport.shards(dir)) {
            TrainingShard shard;
            try {
                shard = TrainingShard.read(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read imported data " + file + ": " + e.getMessage(), e);
            }
            if (!shard.spec().equals(spec)) {
                throw new IllegalArgumentException(field + ": " + file + " holds " + describe(shard.spec())
                        + " samples, the run's network takes " + describe(spec) + " (import with --config)");
            }
            shards.add(shard);
        }
        return shards;
    }

    private static String describe(InputSpec spec) {
        return spec.featureSet() + " " + spec.width() + "x" + spec.height();
    }
}
