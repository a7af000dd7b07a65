package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.io.FileTrees;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.run.tables.RunTables;

/** Each phase reads "done" off the run directory, so a run resumes at the first phase whose output is missing. */
class PhasesTest {
    @TempDir
    Path tmp;

    private RunConfig config;
    private RunDirectory dir;
    private SelfPlayPhase selfPlay;
    private TrainingPhase training;
    private ArenaPhase arena;

    /** A finished one-generation tiny run (two shards of 4 games) and the phases over its directory. */
    @BeforeEach
    void runOneGeneration() {
        config = TrainingRunTest.tiny(1);
        dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(config, dir, false).run();
        RunContext context = new RunContext(config, dir, false, config.featureSet(),
                InputSpec.of(config.featureSet(), config.rules()), new Agents(config), new Session());
        selfPlay = new SelfPlayPhase(context);
        training = new TrainingPhase(context);
        arena = new ArenaPhase(context);
    }

    private static GenerationStats statsWithBest(String best) {
        GenerationStats stats = new GenerationStats();
        stats.best = best;
        return stats;
    }

    @Test
    void eachPhaseIsDoneExactlyWhenItsOutputExists() throws IOException {
        List<Phase> phases = List.of(selfPlay, training, arena);
        assertEquals(List.of("self-play", "training", "arena"), phases.stream().map(Phase::name).toList());
        for (Phase phase : phases) {
            assertTrue(phase.isDone(1), phase.name() + " of generation 1");
            assertFalse(phase.isDone(2), phase.name() + " of generation 2");
        }
        Files.delete(dir.arenaFile(1));
        assertFalse(arena.isDone(1));
        assertTrue(training.isDone(1), "only the arena is missing");
        arena.run(1, statsWithBest("gen-0000"));
        assertTrue(arena.isDone(1));
        assertEquals(RunTables.readResults(dir.arenaFile(1)).size(),
                config.arena().gamesVsPrevious() + config.arena().anchors().size()
                        * config.arena().gamesVsAnchors());
        assertEquals(java.util.Optional.of("gen-0001"), dir.best(), "ungated: the new checkpoint is promoted");
    }

    @Test
    void aKillBetweenTheBestPointerAndTheArenaFileNeverMakesACheckpointPlayItself() throws IOException {
        // What the earlier order (pointer first) left behind when killed in between.
        Files.delete(dir.arenaFile(1));
        dir.writeBest("gen-0001");
        assertEquals("gen-0000", arena.bestBefore(1), "the arena files, not the pointer, decide");

        new TrainingRun(config, dir, false).run();

        List<String> opponents = RunTables.readResults(dir.arenaFile(1)).stream()
                .filter(r -> r.a().equals("gen-0001") && r.b().startsWith("gen-")).map(r -> r.b()).distinct().toList();
        assertEquals(List.of("gen-0000"), opponents, "gen-0001 is evaluated against the best before it");
        assertEquals("gen-0001", arena.bestBefore(2));
        assertEquals(java.util.Optional.of("gen-0001"), dir.best());
    }

    @Test
    void damagedArenaAndMetricsFilesAreSetAsideAndRemadeOnResume() throws IOException {
        Files.write(dir.arenaFile(1), new byte[300]);
        Files.write(dir.metricsFile(), new byte[] {(byte) 0xff, 0, 1, 2});

        new TrainingRun(config, dir, false).run();

        assertTrue(Files.exists(dir.arenaDir().resolve("gen-0001.csv.damaged")));
        assertEquals(config.arena().gamesVsPrevious() + config.arena().anchors().size()
                * config.arena().gamesVsAnchors(), RunTables.readResults(dir.arenaFile(1)).size(),
                "generation 1's arena was played again");
        assertTrue(arena.ladder().stream().anyMatch(r -> r.player().equals("gen-0001")));
        assertEquals(List.of(1), List.copyOf(RunTables.readMetrics(dir.metricsFile()).keySet()),
                "metrics.csv is derived from the stored data, so a damaged one is simply written again");
    }

    @Test
    void metricsComeFromTheStoredDataNotFromOneSession() throws IOException {
        List<String> before = RunTables.readMetrics(dir.metricsFile()).get(1);
        assertTrue(before.stream().noneMatch(String::isEmpty), "every column is filled: " + before);
        // A kill after generation 1's first shard: the resumed session plays only the second shard.
        List<RunDirectory.Shard> shards = dir.shards(1);
        Files.delete(shards.get(1).path());
        FileTrees.delete(dir.checkpoint(1));
        Files.delete(dir.arenaFile(1));
        Files.delete(dir.metricsFile());

        new TrainingRun(config, dir, false).run();

        List<String> after = RunTables.readMetrics(dir.metricsFile()).get(1);
        assertTrue(after.stream().noneMatch(String::isEmpty), "every column is filled after the resume: " + after);
        double evaluationSeconds = Double.parseDouble(after.get(RunTables.METRICS_HEADER.indexOf("eval_seconds")));
        assertTrue(evaluationSeconds > 0, "the arena's wall time is kept beside self-play's and training's");
        for (String cpu : List.of("selfplay_cpu_seconds", "train_cpu_seconds")) {
            assertTrue(Double.parseDouble(after.get(RunTables.METRICS_HEADER.indexOf(cpu))) > 0, cpu);
        }
        long samples = 0;
        for (RunDirectory.Shard shard : dir.shards(1)) {
            samples += TrainingShard.read(shard.path()).count();
        }
        assertEquals(Long.toString(samples), after.get(2), "the samples of both shards, not only the resumed one");
        assertEquals("8", after.get(1));
    }

    /**
     * Issue 24: a shard was called a part ({@code data/gen-0001/part-000-4g.npz}). A run of then resumes: its parts
     * read as shards, self-play writes the next one as {@code shard-...}, and training and metrics take both.
     */
    @Test
    void aRunWithThePartFilesOfEarlierVersionsResumes() throws IOException {
        for (RunDirectory.Shard shard : dir.shards(1)) {
            String name = shard.path().getFileName().toString();
            Path earlier = shard.path().resolveSibling(name.replace("shard-", "part-"));
            Files.move(RunDirectory.shardStats(shard.path()), RunDirectory.shardStats(earlier));
            Files.move(shard.path(), earlier);
        }
        List<RunDirectory.Shard> shards = dir.shards(1);
        assertEquals(List.of("part-000-4g.npz", "part-001-4g.npz"), names(shards));
        Files.delete(shards.get(1).path());
        FileTrees.delete(dir.checkpoint(1));
        Files.delete(dir.arenaFile(1));
        Files.delete(dir.metricsFile());

        new TrainingRun(config, dir, false).run();

        assertEquals(List.of("part-000-4g.npz", "shard-001-4g.npz"), names(dir.shards(1)));
        Checkpoints.verify(dir.checkpoint(1));
        List<String> metrics = RunTables.readMetrics(dir.metricsFile()).get(1);
        assertEquals("8", metrics.get(1), "the games of the part and of the new shard");
        assertTrue(metrics.stream().noneMatch(String::isEmpty), "every column is filled: " + metrics);
    }

    private static List<String> names(List<RunDirectory.Shard> shards) {
        return shards.stream().map(s -> s.path().getFileName().toString()).toList();
    }

    @Test
    void selfPlayResumesAfterItsLastCompleteShard() throws IOException {
        List<RunDirectory.Shard> shards = dir.shards(1);
        assertEquals(List.of(4, 4), shards.stream().map(RunDirectory.Shard::games).toList());
        byte[] first = Files.readAllBytes(shards.get(0).path());
        Files.delete(shards.get(1).path());
        assertFalse(selfPlay.isDone(1), "4 of 8 games");

        GenerationStats stats = statsWithBest("gen-0000");
        selfPlay.run(1, stats);

        assertTrue(selfPlay.isDone(1));
        assertEquals(4, RunTables.readShardStats(RunDirectory.shardStats(shards.get(1).path())).games(),
                "only the missing shard's games are played, and its figures stored beside it");
        assertEquals(shards.stream().map(RunDirectory.Shard::path).toList(),
                dir.shards(1).stream().map(RunDirectory.Shard::path).toList());
        assertArrayEquals(first, Files.readAllBytes(shards.get(0).path()), "the complete shard is kept");
    }

    @Test
    void trainingRemakesAMissingCheckpointFromTheOneBefore() throws IOException {
        Checkpoints.verify(dir.checkpoint(1));
        FileTrees.delete(dir.checkpoint(1));
        assertFalse(training.isDone(1));

        GenerationStats stats = statsWithBest("gen-0000");
        training.run(1, stats);

        assertTrue(training.isDone(1));
        assertEquals(config.steps(), RunTables.readTraining(dir.trainingStats(1)).steps());
        assertEquals("gen-0000", Checkpoints.verify(dir.checkpoint(1)).provenance().parent());
        assertEquals(config.steps(), Checkpoints.read(dir.checkpoint(1)).provenance().trainingStep());
    }
}
