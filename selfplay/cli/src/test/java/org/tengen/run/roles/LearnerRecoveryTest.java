package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.run.RunConfig;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;

/**
 * The leftovers of a learner killed at each point of its commit order, planted by hand in a file store, in one
 * process: an orphan model (files uploaded, no ledger), a ledger put cut short between its two links (the hidden
 * record without the object), and a ledger whose model was never published. The resumed learner clears the first two,
 * finishes the third, and every shard is still counted once.
 */
// An actor waits for a model it can use: a model that never verifies must fail the test, not hang the build.
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class LearnerRecoveryTest {

    @Test
    void resumesFromEveryPointOfTheCommitOrder(@TempDir Path tmp) throws Exception {
        RunConfig config = RoleProcesses.config(RoleProcesses.CONFIG);
        Path root = tmp.resolve("store");
        Duration poll = Duration.ofMillis(50);
        try (RunStore store = RunStore.open(root.toString())) {
            new LearnerRole(store, config, tmp.resolve("learner"), poll).run(0);
            ModelRef first = RunLayout.latest(store).orElseThrow();
            assertEquals(0, first.generation());
            new ActorRole(store, config, "a1", tmp.resolve("a1"), poll).run(2);

            // Killed after uploading generation 1's files, before its ledger: some other weights, half uploaded.
            ModelRef orphan = new ModelRef(1, "ab".repeat(32));
            store.put(orphan.file("weights.params"), new byte[] {1, 2, 3});
            // ... and once more in the middle of the ledger's put: a file store's record without its object.
            Path ledgerFile = root.resolve(RunLayout.ledger(1));
            Files.createDirectories(ledgerFile.getParent());
            Files.writeString(ledgerFile.resolveSibling("." + ledgerFile.getFileName() + ".sha256"),
                    "cd".repeat(32) + "\n");
            assertTrue(store.get(RunLayout.ledger(1)).isEmpty());

            LearnerRole.Summary s = new LearnerRole(store, config, tmp.resolve("learner"), poll).run(1);
            assertEquals(1, s.generation());
            assertFalse(RunLayout.models(store).contains(orphan), "the orphan model is deleted");

            // Killed between the ledger and the pointer: the pointer still names generation 0.
            store.replace(RunLayout.LATEST_MODEL, first.toJson().getBytes(StandardCharsets.UTF_8));
            new LearnerRole(store, config, tmp.resolve("learner-2"), poll).run(1);
            assertEquals(1, RunLayout.latest(store).orElseThrow().generation(), "the resumed learner publishes it");

            new ActorRole(store, config, "a1", tmp.resolve("a1"), poll).run(1);
            new LearnerRole(store, config, tmp.resolve("learner"), poll).run(2);
            RoleProcesses.Accounting a = RoleProcesses.check(store, 2, tmp);
            assertEquals(3, a.shards());
            assertEquals(3, a.consumed() + a.stale(), "every shard counted once: " + a);
        }
    }
}
