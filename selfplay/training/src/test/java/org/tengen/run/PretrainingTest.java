package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.config.ConfigNode;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.records.SgfImport;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GoSgf;

/** Pre-training on imported games: done before generation 1, once, and continued by generation 1. */
class PretrainingTest {

    /** The tiny run of {@link TrainingRunTest}, pre-trained for {@code steps} steps on {@code data}. */
    private static RunConfig pretrained(Path data, int steps) {
        return RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TrainingRunTest.TINY
                .replace("generations: 2", "generations: 1")
                + String.format(Locale.ROOT, "pretrain: {data: '%s', steps: %d}%n", data, steps))));
    }

    /** Shards of 16 games of uniform-prior self-play on the tiny run's 4x4 board, imported from their SGF files. */
    private static Path importedGames(Path tmp, String features) {
        FeatureSet az5 = FeatureSets.byId("az5");
        Rules rules = Rules.trompTaylor(4).withKomi(0.5).withMaxMoves(24);
        SelfPlay selfPlay = new SelfPlay(rules, az5, SearchConfig.selfPlayDefaults().toBuilder().simulations(4)
                .build(), new NetworkLeafEvaluator(new UniformEvaluator(InputSpec.of(az5, rules)), az5, 4),
                new SelfPlay.Settings(4, -1f, 3, 0, 3));
        int[] n = {0};
        selfPlay.play(16, (record, samples) -> GoSgf.save(tmp.resolve("sgf/game-" + n[0]++ + ".sgf"), record),
                () -> { });
        Path data = tmp.resolve("imported-" + features);
        SgfImport.Summary summary = new SgfImport(FeatureSets.byId(features), 4, 4, 64)
                .run(List.of(tmp.resolve("sgf")), data, line -> { });
        assertEquals(16, summary.reading().games());
        return data;
    }

    @Test
    void theInitialNetworkIsPretrainedOnceAndGenerationOneContinuesIt(@TempDir Path tmp) {
        Path data = importedGames(tmp, "az5");
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(pretrained(data, 3), dir, false).run();

        CheckpointInfo initial = Checkpoints.read(dir.checkpoint(0));
        assertEquals(3, initial.provenance().trainingStep(), "gen-0000 is the pre-trained network");
        assertTrue(Checkpoints.optimizerState(dir.checkpoint(0)).isPresent(), "with its optimiser state");
        assertEquals(3 + 4, Checkpoints.read(dir.checkpoint(1)).provenance().trainingStep(),
                "generation 1 trains on from the pre-training");

        // Resumed (here: extended by a generation), the run keeps its pre-trained start.
        new TrainingRun(pretrained(data, 3).withGenerations(2), dir, false).run();
        assertEquals(initial, Checkpoints.read(dir.checkpoint(0)));
        assertTrue(Files.isDirectory(dir.checkpoint(2)));
    }

    @Test
    void importedGamesCanBeMixedIntoEveryGeneration(@TempDir Path tmp) {
        Path data = importedGames(tmp, "az5");
        RunConfig config = RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TrainingRunTest.TINY
                .replace("generations: 2", "generations: 1")
                .replace("training: {", String.format(Locale.ROOT, "replay: {external: '%s', externalFraction: 0.5}%n"
                        + "training: {", data)))));
        assertEquals(0.5, config.replay().externalFraction());
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(config, dir, false).run();
        assertEquals(4, Checkpoints.read(dir.checkpoint(1)).provenance().trainingStep());
        assertEquals(0, Checkpoints.read(dir.checkpoint(0)).provenance().trainingStep(), "mixing is no pre-training");
    }

    @Test
    void dataForAnotherNetworkIsRefusedInOneLine(@TempDir Path tmp) {
        Path data = importedGames(tmp, "az3");
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TrainingRun(pretrained(data, 3), dir, false).run());
        assertEquals("pretrain.data: " + SgfImport.shards(data).get(0) + " holds az3 4x4 samples, the run's "
                + "network takes az5 4x4 (import with --config)", e.getMessage());
        assertFalse(Files.exists(dir.checkpoint(0)), "no initial checkpoint without its pre-training");

        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> new TrainingRun(pretrained(tmp.resolve("nowhere"), 3), dir, false).run());
        assertEquals("pretrain.data: " + tmp.resolve("nowhere") + " is not a directory (of shards written by tengen "
                + "import-sgf)", missing.getMessage());
    }
}
