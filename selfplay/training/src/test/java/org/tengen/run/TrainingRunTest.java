package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.AtomicFiles;
import org.tengen.env.io.FileTrees;
import org.tengen.models.data.TrainingShard;
import org.tengen.run.tables.RunTables;
import org.tengen.sgf.GoSgf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny run end to end, and resuming it after interruptions at each phase. */
public class TrainingRunTest {
    /** A run that takes a few seconds: 4x4 board, a 1-block net, a handful of games with 8 simulations. */
    public static final String TINY = """
            name: tiny
            game: {size: 4, komi: 0.5, maxMoves: 24}
            features: az5
            generations: 2
            network: {blocks: 1, channels: 8}
            selfplay:
              gamesPerGeneration: 8
              parallelGames: 4
              workers: 2
              search: {simulations: 8, consideredActions: 4}
            training: {batchSize: 16, stepsPerGeneration: 4}
            arena:
              gamesVsPrevious: 4
              gamesVsAnchors: 2
              rolloutSimulations: 8
              search: {simulations: 4}
            """;

    static RunConfig tiny(int generations) {
        return RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(
                TINY.replace("generations: 2", "generations: " + generations))));
    }

    @Test
    void randomKomiGivesEachShardItsOwnKomiAndTheTrainingTargetsFollowIt(@TempDir Path tmp) throws IOException {
        RunConfig config = RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TINY
                .replace("features: az5", "features: rich").replace("generations: 2", "generations: 1")
                .replace("  gamesPerGeneration: 8\n", "  gamesPerGeneration: 32\n  gamesPerShard: 4\n"
                        + "  randomKomi: {min: -7.5, max: 8.5}\n"))));
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(config, dir, false).run();
        java.util.Set<Double> komis = new java.util.TreeSet<>();
        for (Path sgf : listSgf(dir.gamesDir(1))) {
            double komi = GoSgf.read(sgf).history().rules().komi();
            assertTrue(komi >= -7.5 && komi <= 8.5 && (komi - 0.5) % 1 == 0, "komi " + komi);
            komis.add(komi);
        }
        assertTrue(komis.size() >= 3, "8 shards drew komis " + komis);
        // The rich planes show each sample's komi (plane 11, from the mover's view, / 15).
        java.util.Set<Float> shown = new java.util.TreeSet<>();
        for (RunDirectory.Shard shard : dir.shards(1)) {
            TrainingShard samples = TrainingShard.read(shard.path());
            shown.add(Math.abs(samples.observations()[11 * 16]) * 15);
        }
        assertTrue(shown.size() >= 3, "komis seen by the network: " + shown);
    }

    @Test
    void runsEndToEndAndWritesEveryArtifact(@TempDir Path tmp) throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        TrainingRun.Summary summary = new TrainingRun(tiny(2), dir, false).run();

        assertEquals(16, summary.games());
        long distinct = java.util.stream.IntStream.rangeClosed(1, 2).boxed()
                .flatMap(g -> listSgf(dir.gamesDir(g)).stream()).map(this::movesOf).distinct().count();
        assertEquals(distinct, summary.distinctGames(), "the summary counts the distinct games of the SGF files");
        assertEquals(summary.distinctGames() * 3600 / summary.selfPlaySeconds(), summary.gamesPerHour(), 1e-6);
        assertEquals(8, summary.steps());
        assertTrue(summary.samples() > 0);
        assertTrue(summary.networkFraction() > 0 && summary.networkFraction() <= 1);
        for (int g = 0; g <= 2; g++) {
            assertTrue(Files.isDirectory(dir.checkpoint(g)), "checkpoint " + g);
        }
        assertEquals("gen-0002", RunDirectory.readIfExists(dir.bestFile()).strip());
        assertEquals(8, dir.shards(1).stream().mapToInt(RunDirectory.Shard::games).sum());
        TrainingShard shard = TrainingShard.read(dir.shards(1).get(0).path());
        assertTrue(shard.hasOwnership());
        try (Stream<Path> games = Files.list(dir.gamesDir(1))) {
            List<Path> sgf = games.toList();
            assertEquals(8, sgf.size());
            assertFalse(GoSgf.read(sgf.get(0)).history().moves().isEmpty());
        }
        assertTrue(Files.readString(dir.arenaFile(2)).lines().count() > 1);
        List<String> elo = Files.readAllLines(dir.eloFile());
        assertTrue(elo.stream().anyMatch(l -> l.startsWith("gen-0002,")), String.join("\n", elo));
        List<String> metrics = Files.readAllLines(dir.metricsFile());
        assertEquals(3, metrics.size(), String.join("\n", metrics));
        assertTrue(metrics.get(1).startsWith("1,8,"));
        assertTrue(summary.ladder().stream().anyMatch(r -> r.player().equals("random")));
    }

    @Test
    void resumesAfterInterruptionsInEveryPhase(@TempDir Path tmp) throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(tiny(1), dir, false).run();
        String metricsAfterOne = Files.readString(dir.metricsFile());

        // A second session asked for 2 generations continues from generation 2, keeping generation 1 as it was.
        TrainingRun.Summary second = new TrainingRun(tiny(2), dir, false).run();
        assertEquals(8, second.games(), "only generation 2 plays self-play");
        // Generation 1's row is the same, but for its Elo, which the ladder refits with every game.
        assertEquals(withoutElo(RunTables.readMetrics(dir.metricsFile()).get(1)),
                withoutElo(RunTables.readMetrics(written(tmp.resolve("metrics-after-one.csv"), metricsAfterOne)).get(1)));

        // Kill during generation 2's evaluation, during its training (checkpoint half written: only a temp
        // directory), and after its first self-play shard: each phase is redone, nothing else.
        Files.delete(dir.arenaFile(2));
        AtomicFiles.writeString(dir.bestFile(), "gen-0001\n"); // evaluation had not promoted it yet
        FileTrees.delete(dir.checkpoint(2));
        Files.createDirectories(dir.checkpoint(2).resolveSibling(".gen-0002.tmp-12345"));
        Files.writeString(dir.checkpoint(2).resolveSibling(".gen-0002.tmp-12345").resolve("weights.params"), "x");
        List<RunDirectory.Shard> shards = dir.shards(2);
        Files.delete(shards.get(shards.size() - 1).path());
        Files.writeString(dir.dataDir(2).resolve(".shard-009-4g.npz.tmp"), "partial");
        Files.writeString(dir.checkpoint(1).resolve(".model-int8-w63.onnx123.tmp"), "partial");
        int gamesLeft = shards.get(shards.size() - 1).games();
        String metrics = Files.readString(dir.metricsFile());
        Files.writeString(dir.metricsFile(), metrics.substring(0, metrics.indexOf("\n2,") + 1));

        TrainingRun.Summary third = new TrainingRun(tiny(2), dir, false).run();
        assertEquals(gamesLeft, third.games(), "only the lost shard is played again");
        assertFalse(third.alreadyComplete());
        assertEquals(4, third.steps(), "generation 2 is trained again");
        assertTrue(Files.isDirectory(dir.checkpoint(2)));
        assertTrue(Files.exists(dir.arenaFile(2)));
        assertEquals(8, dir.shards(2).stream().mapToInt(RunDirectory.Shard::games).sum());
        assertEquals(3, Files.readAllLines(dir.metricsFile()).size());
        assertFalse(Files.exists(dir.checkpoint(2).resolveSibling(".gen-0002.tmp-12345")), "stale temp removed");
        assertFalse(Files.exists(dir.dataDir(2).resolve(".shard-009-4g.npz.tmp")), "stale temp removed");
        assertFalse(Files.exists(dir.checkpoint(1).resolve(".model-int8-w63.onnx123.tmp")), "stale temp removed");

        // A finished run does nothing more.
        TrainingRun.Summary fourth = new TrainingRun(tiny(2), dir, false).run();
        assertEquals(0, fourth.games());
        assertEquals(0, fourth.steps());
        assertTrue(fourth.alreadyComplete());
    }

    @Test
    void aDamagedCheckpointOrBestPointerIsSetAsideAndRedone(@TempDir Path tmp) throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(tiny(2), dir, false).run();
        // A bit flip in generation 2's weights and a zero-filled best pointer, as a crash or a bad disk leaves them.
        Path weights = dir.checkpoint(2).resolve("weights.params");
        byte[] bytes = Files.readAllBytes(weights);
        bytes[bytes.length / 2] ^= 1;
        Files.write(weights, bytes);
        Files.write(dir.bestFile(), new byte[16]);

        TrainingRun.Summary again = new TrainingRun(tiny(2), dir, false).run();
        assertEquals(4, again.steps(), "generation 2 is trained again");
        assertTrue(Files.isDirectory(dir.checkpoint(2).resolveSibling("gen-0002.damaged")), "kept for inspection");
        org.tengen.models.checkpoint.Checkpoints.verify(dir.checkpoint(2));
        assertTrue(Files.exists(dir.arenaFile(2)), "and evaluated again");
        assertTrue(Files.readString(dir.bestFile()).matches("gen-000[0-2]\n"), Files.readString(dir.bestFile()));
    }

    private static List<Path> listSgf(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".sgf")).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private List<org.tengen.env.game.GameHistory.Move> movesOf(Path sgf) {
        return GoSgf.read(sgf).history().moves();
    }

    private static Path written(Path file, String text) {
        AtomicFiles.writeString(file, text);
        return file;
    }

    private static List<String> withoutElo(List<String> row) {
        List<String> copy = new java.util.ArrayList<>(row);
        int elo = RunTables.METRICS_HEADER.indexOf("elo");
        copy.set(elo, "");
        copy.set(elo + 1, "");
        return copy;
    }
}
