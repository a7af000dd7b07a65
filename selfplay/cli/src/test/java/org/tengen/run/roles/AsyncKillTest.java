package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.run.KillAndResumeTest;
import org.tengen.run.RunDirectory;
import org.tengen.run.tables.RunTables;
import org.tengen.store.FileStore;
import org.tengen.store.RunStore;

/**
 * Kills a real {@code tengen train} with {@code mode: async} with SIGKILL twice (once the learner has committed a
 * generation, and again a moment after the restart), lets the same command finish the run, and checks the store as
 * {@code RolesKillTest} does (every shard trained on or stale exactly once, every model verifies, every generation
 * rated once) and the run directory exported from it.
 */
class AsyncKillTest {
    private static final int GENERATIONS = 4;

    @Test
    void aKilledAsyncTrainResumesAndCountsEveryShardOnce(@TempDir Path tmp) throws Exception {
        String text = RoleProcesses.CONFIG.replace("generations: 4", "generations: " + GENERATIONS + "\nmode: async");
        Path config = tmp.resolve("async.yaml");
        Files.writeString(config, text);
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        Path storeDir = AsyncTrainingRun.storeDir(dir);
        Path log1 = tmp.resolve("run-1.log");
        Process first = KillAndResumeTest.start(config, dir, log1);
        RoleProcesses.waitFor(() -> Files.exists(storeDir.resolve("learner/gen-0002.yaml")), Duration.ofSeconds(240),
                "the learner's generation 2", log1);
        first.destroyForcibly().waitFor();

        Path log2 = tmp.resolve("run-2.log");
        Process second = KillAndResumeTest.start(config, dir, log2);
        assertFalse(second.waitFor(4, TimeUnit.SECONDS), "the resumed run is still going");
        second.destroyForcibly().waitFor();

        Path log3 = tmp.resolve("run-3.log");
        Process last = KillAndResumeTest.start(config, dir, log3);
        assertTrue(last.waitFor(300, TimeUnit.SECONDS), "the resumed run finishes");
        assertEquals(0, last.exitValue(), Files.readString(log3));
        assertTrue(Files.readString(log3).contains("Run summary"), Files.readString(log3));

        try (RunStore store = new FileStore(storeDir)) {
            RoleProcesses.Accounting a = RoleProcesses.check(store, GENERATIONS, tmp);
            assertTrue(a.consumed() > 0, a.toString());
            RoleProcesses.checkRated(store, RoleProcesses.config(text), GENERATIONS);
        }
        for (int g = 0; g <= GENERATIONS; g++) {
            Checkpoints.verify(dir.checkpoint(g));
        }
        for (int g = 1; g <= GENERATIONS; g++) {
            assertFalse(RunTables.readResults(dir.arenaFile(g)).isEmpty(), "arena file " + g);
        }
        assertEquals(GENERATIONS, RunTables.readMetrics(dir.metricsFile()).size());
        assertTrue(Files.exists(dir.summaryFile()));
        assertTrue(dir.best().isPresent());
    }
}
