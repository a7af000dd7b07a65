package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.TrainingShard;
import org.tengen.run.tables.RunTables;
import org.tengen.sgf.GoSgf;

/**
 * Slow fault test: kills a real {@code tengen train} with SIGKILL again and again at random moments (seeded), then
 * lets it finish and checks every file the run wrote: each checkpoint verifies, each shard reads and has its
 * figures, each game record parses, the arena files read, and metrics.csv has a full row per generation. Run it with
 * {@code mvn -B test -pl selfplay/cli -am -Dgroups=slow -Dtest=KillLoopTest -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dtengen.killLoop.seed=N} draws other moments). {@link KillAndResumeTest} kills twice in the default run.
 */
@Tag("slow")
class KillLoopTest {
    private static final int GENERATIONS = 32;
    /** SIGKILLs at most: fewer when the run finishes first. */
    private static final int KILLS = 25;

    @Test
    void nothingIsLostOrDamagedByRepeatedKills(@TempDir Path tmp) throws Exception {
        SplittableRandom random = new SplittableRandom(Long.getLong("tengen.killLoop.seed", 1));
        Path config = tmp.resolve("tiny.yaml");
        Files.writeString(config, TrainingRunTest.TINY.replace("generations: 2", "generations: " + GENERATIONS)
                .replace("gamesPerGeneration: 8", "gamesPerGeneration: 16")
                .replace("stepsPerGeneration: 4", "stepsPerGeneration: 200"));
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        int killed = 0;
        for (int k = 0; k < KILLS; k++) {
            Process p = KillAndResumeTest.start(config, dir, tmp.resolve("run-" + k + ".log"));
            // JVM and libtorch start in about 2 s; the kill lands anywhere from start-up to a few phases later.
            if (p.waitFor(1000 + random.nextInt(5000), TimeUnit.MILLISECONDS)) {
                Path log = tmp.resolve("run-" + k + ".log");
                assertEquals(0, p.exitValue(), "run " + k + " after " + killed + " kills failed:\n"
                        + Files.readString(log));
                break; // the run finished before this kill
            }
            p.destroyForcibly().waitFor();
            killed++;
        }
        Process last = KillAndResumeTest.start(config, dir, tmp.resolve("last.log"));
        assertTrue(last.waitFor(300, TimeUnit.SECONDS), "the resumed run finishes");
        assertEquals(0, last.exitValue(), Files.readString(tmp.resolve("last.log")));
        System.out.printf("kill loop: %d kills, then a clean finish%n", killed);

        for (int g = 0; g <= GENERATIONS; g++) {
            Checkpoints.verify(dir.checkpoint(g));
        }
        for (int g = 1; g <= GENERATIONS; g++) {
            int games = 0;
            for (RunDirectory.Shard shard : dir.shards(g)) {
                assertTrue(TrainingShard.read(shard.path()).count() > 0, shard.path().toString());
                assertTrue(Files.exists(RunDirectory.shardStats(shard.path())), "figures of " + shard.path());
                games += shard.games();
            }
            assertEquals(16, games, "generation " + g + "'s games");
            try (Stream<Path> sgf = Files.list(dir.gamesDir(g))) {
                List<Path> files = sgf.filter(f -> f.toString().endsWith(".sgf")).toList();
                assertTrue(files.size() >= 16, "generation " + g + " has " + files.size() + " game records");
                files.forEach(f -> assertFalse(GoSgf.read(f).history().moves().isEmpty(), f.toString()));
            }
            assertFalse(RunTables.readResults(dir.arenaFile(g)).isEmpty(), "arena file " + g);
        }
        var metrics = RunTables.readMetrics(dir.metricsFile());
        assertEquals(GENERATIONS, metrics.size());
        metrics.forEach((g, row) -> assertTrue(row.stream().noneMatch(String::isEmpty), "metrics row " + g + ": "
                + row));
        try (Stream<Path> all = Files.walk(dir.root())) {
            assertEquals(List.of(), all.filter(f -> f.getFileName().toString().contains(".tmp")).toList(),
                    "no half-written file is left");
        }
    }
}
