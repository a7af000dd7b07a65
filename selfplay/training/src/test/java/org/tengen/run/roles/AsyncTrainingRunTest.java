package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.AtomicFiles;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.run.TrainingRun;
import org.tengen.run.TrainingRunTest;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;
import org.tengen.store.FileStore;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;

/** A tiny {@code mode: async} run end to end: the roles over the run directory's store, and the view it exports. */
class AsyncTrainingRunTest {
    static final String TINY_ASYNC = TrainingRunTest.TINY.replace("generations: 2", "generations: 3\nmode: async");

    @Test
    void anAsyncRunLeavesVerifiedCheckpointsAndMetricsPerRole(@TempDir Path tmp) throws Exception {
        RunConfig config = RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TINY_ASYNC)));
        assertEquals(RunConfig.Mode.ASYNC, config.mode());
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        AtomicFiles.writeString(dir.configFile(), TINY_ASYNC);
        TrainingRun.Summary s = new AsyncTrainingRun(config, TINY_ASYNC, dir, false).run();
        assertFalse(s.alreadyComplete());
        assertEquals(3, s.generations());
        assertTrue(s.games() > 0 && s.steps() > 0, s.toString());

        // The run directory: every generation a verified checkpoint, rated, in metrics.csv; best and latest resolve.
        for (int g = 0; g <= 3; g++) {
            Checkpoints.verify(dir.checkpoint(g));
        }
        for (int g = 1; g <= 3; g++) {
            assertFalse(RunTables.readResults(dir.arenaFile(g)).isEmpty());
        }
        assertEquals(dir.checkpoint(3), dir.resolveCheckpoint("latest"));
        assertTrue(Files.isDirectory(dir.resolveCheckpoint("best")));
        CsvTable metrics = CsvTable.read(dir.metricsFile());
        assertEquals(3, metrics.rows().size());
        assertTrue(metrics.header().containsAll(StoreExport.ASYNC_HEADER), metrics.header().toString());
        for (int r = 0; r < 3; r++) {
            for (String column : List.of("games", "games_per_hour", "train_steps", "elo", "score_vs_previous",
                    "model_lag_mean", "sample_age_mean", "learner_samples_per_second", "store_errors")) {
                assertFalse(metrics.rows().get(r).get(metrics.requireColumn(column)).isEmpty(),
                        "generation " + (r + 1) + " " + column);
            }
            // Generation g trains gen-(g-1), whose samples are at most g-1 generations old.
            double age = metrics.number(r, metrics.requireColumn("sample_age_max"));
            assertTrue(age >= 0 && age <= r, "generation " + (r + 1) + " sample age " + age);
        }
        assertFalse(RunTables.readLadder(dir.eloFile()).isEmpty());

        // The store: every shard once in a ledger or uploaded after the learner's last listing; one report per shard.
        try (RunStore store = new FileStore(AsyncTrainingRun.storeDir(dir))) {
            Set<String> counted = new HashSet<>();
            for (int g = 1; g <= 3; g++) {
                LearnerLedger ledger = LearnerLedger.fromYaml(store.get(RunLayout.ledger(g)).orElseThrow()).orElseThrow();
                for (String key : concat(ledger.consumed(), ledger.stale())) {
                    assertTrue(counted.add(key), key + " counted twice");
                }
                Map<String, String> learner = RoleMetrics.get(store, LearnerRole.METRICS_WRITER, g).orElseThrow();
                assertEquals(Integer.toString(ledger.steps()), learner.get("steps"));
                assertTrue(RoleMetrics.get(store, ArenaRole.METRICS_WRITER, g).isPresent());
            }
            for (RunLayout.GameShard shard : RunLayout.gameShards(store)) {
                Map<String, String> report = RoleMetrics.get(store, ActorRole.metricsWriter(shard.actorId()),
                        shard.seq()).orElseThrow();
                assertEquals(Integer.toString(shard.model().generation()), report.get("model_generation"));
                assertTrue(Integer.parseInt(report.get("model_lag")) >= 0);
            }
        }

        // Again on the finished run: nothing to do, and nothing played.
        long shards;
        try (RunStore store = new FileStore(AsyncTrainingRun.storeDir(dir))) {
            shards = RunLayout.gameShards(store).size();
        }
        assertTrue(new AsyncTrainingRun(config, TINY_ASYNC, dir, false).run().alreadyComplete());
        try (RunStore store = new FileStore(AsyncTrainingRun.storeDir(dir))) {
            assertEquals(shards, RunLayout.gameShards(store).size());
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
