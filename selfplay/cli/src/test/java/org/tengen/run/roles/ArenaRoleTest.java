package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.arena.EloLadder;
import org.tengen.run.RunConfig;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;
import org.tengen.store.StoreEntry;

/**
 * The arena role over a file store with two generations a learner and an actor made (the tiny 5x5 run of
 * {@link RoleProcesses#CONFIG}), in one process: it rates each once, and resumes after a kill at each point of its
 * commit order, or over results that are damaged or not its own.
 */
// The arena waits for models: one that never verifies must fail the test, not hang the build.
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class ArenaRoleTest {
    private static final Duration POLL = Duration.ofMillis(50);

    @TempDir
    Path tmp;

    private RunConfig config;
    private Path root;

    /** Generations 0 to 2, committed by a learner on an actor's games. */
    @BeforeEach
    void twoGenerations() throws Exception {
        config = RoleProcesses.config(RoleProcesses.CONFIG);
        root = tmp.resolve("store");
        try (RunStore store = RunStore.open(root.toString())) {
            for (int g = 0; g <= 2; g++) {
                if (g > 0) {
                    new ActorRole(store, config, "a1", tmp.resolve("a1"), POLL).run(1);
                }
                new LearnerRole(store, config, tmp.resolve("learner"), POLL).run(g);
            }
        }
    }

    private ArenaRole.Summary evaluate(RunStore store, int generations) throws InterruptedException {
        return new ArenaRole(store, config, tmp.resolve("arena"), POLL).run(generations);
    }

    @Test
    void ratesEachCommittedGenerationOnceAndARestartPlaysNothing() throws Exception {
        try (RunStore store = RunStore.open(root.toString())) {
            ArenaRole.Summary s = evaluate(store, 2);
            assertEquals(new ArenaRole.Summary(2, 2, 4 + 6, s.seconds()), s,
                    "4 games against the previous model, and 2 against random in generation 2");
            assertEquals(10, RoleProcesses.checkRated(store, config, 2));
            List<EloLadder.GameResult> second = results(store, 2);
            assertEquals(List.of("gen-0001", "gen-0001", "gen-0001", "gen-0001", "random", "random"),
                    second.stream().map(EloLadder.GameResult::b).toList());
            assertTrue(store.get(RunLayout.arenaGame(2, "gen-0002-vs-random-001")).isPresent());
            assertTrue(store.get(RunLayout.BEST_MODEL).isEmpty(), "no gating: actors follow latest.json");

            CsvTable metrics = CsvTable.parse(Path.of("m"), store.get(RunLayout.metrics("evaluator", 2)).orElseThrow());
            assertEquals(List.of("generation", "model", "games", "seconds", "score_vs_previous", "store_requests",
                    "store_errors", "store_retries", "store_damaged"), metrics.header());
            assertEquals(6, metrics.number(0, metrics.requireColumn("games")));
            assertEquals(0, metrics.number(0, metrics.requireColumn("store_errors")));
            assertTrue(metrics.number(0, metrics.requireColumn("store_requests")) > 6);

            byte[] before = store.get(RunLayout.arenaResults(2)).orElseThrow();
            ArenaRole.Summary again = evaluate(store, 2);
            assertEquals(new ArenaRole.Summary(2, 0, 0, 0), again, "everything rated: nothing played");
            assertArrayEquals(before, store.get(RunLayout.arenaResults(2)).orElseThrow());
        }
    }

    @Test
    void aKillBetweenTheRecordsAndTheResultsIsPlayedAgainAndCountedOnce() throws Exception {
        try (RunStore store = RunStore.open(root.toString())) {
            evaluate(store, 1);
            // Killed in generation 2 after some records, one of them of a name this config does not play, and in the
            // middle of the results' put: a file store's hidden record without its object.
            store.put(RunLayout.arenaGame(2, "gen-0002-vs-gen-0001-000"), "(;GM[1])".getBytes(StandardCharsets.UTF_8));
            store.put(RunLayout.arenaGame(2, "gen-0002-vs-mcts-rollout-000"), new byte[] {1});
            Path results = root.resolve(RunLayout.arenaResults(2));
            Files.writeString(results.resolveSibling("." + results.getFileName() + ".sha256"), "cd".repeat(32) + "\n");
            assertTrue(store.get(RunLayout.arenaResults(2)).isEmpty());

            ArenaRole.Summary s = evaluate(store, 2);

            assertEquals(1, s.rated(), "generation 1 is skipped, generation 2 played again");
            assertEquals(10, RoleProcesses.checkRated(store, config, 2), "one record per game, no leftovers");
            assertFalse(store.list(RunLayout.arenaGames(2)).stream().map(StoreEntry::key)
                    .anyMatch(k -> k.contains("mcts-rollout")));
        }
    }

    @Test
    void damagedOrForeignResultsAreEvaluatedAgain() throws Exception {
        try (RunStore store = RunStore.open(root.toString())) {
            evaluate(store, 2);
            // Generation 1's results bit-flipped on disk; generation 2's replaced by a table of other games.
            Path first = root.resolve(RunLayout.arenaResults(1));
            byte[] bytes = Files.readAllBytes(first);
            bytes[bytes.length / 2] ^= 1;
            Files.write(first, bytes);
            store.delete(RunLayout.arenaResults(2));
            store.put(RunLayout.arenaResults(2), "a,b,score_a\ngen-0007,random,1.0\n".getBytes(StandardCharsets.UTF_8));

            ArenaRole.Summary s = evaluate(store, 2);

            assertEquals(2, s.rated());
            assertEquals(10, RoleProcesses.checkRated(store, config, 2));
        }
    }

    @Test
    void withGatingTheBestModelIsPublishedAndActorsPlayIt() throws Exception {
        config = RoleProcesses.config(RoleProcesses.CONFIG.replace("anchors: [random]",
                "anchors: [random]\n  gating: true"));
        assertTrue(config.arena().gating());
        try (RunStore store = RunStore.open(root.toString())) {
            // Generation 1 lost every game to generation 0: it is not promoted, so generation 2 meets generation 0.
            store.put(RunLayout.arenaResults(1), "a,b,score_a\ngen-0001,gen-0000,0.0\ngen-0001,gen-0000,0.0\n"
                    .getBytes(StandardCharsets.UTF_8));
            evaluate(store, 2);

            List<EloLadder.GameResult> second = results(store, 2);
            assertEquals(4, second.stream().filter(r -> r.b().equals("gen-0000")).count(), second.toString());
            double score = second.stream().filter(r -> r.b().equals("gen-0000"))
                    .mapToDouble(EloLadder.GameResult::scoreA).average().orElseThrow();
            ModelRef best = RunLayout.pointer(store, RunLayout.BEST_MODEL).orElseThrow();
            assertEquals(score >= config.arena().gateThreshold() ? 2 : 0, best.generation(), "score " + score);
            assertEquals(model(store, best.generation()), best);

            new ActorRole(store, config, "a2", tmp.resolve("a2"), POLL).run(1);
            List<RunLayout.GameShard> played = RunLayout.gameShards(store).stream()
                    .filter(b -> b.actorId().equals("a2")).toList();
            assertEquals(List.of(best), played.stream().map(RunLayout.GameShard::model).toList(),
                    "a gated actor plays the best model");

            // The learner counts the shard's age from the best model: games of gen-0000 are fresh at generation 2
            // (replay.maxModelAge is 1), so generation 3 trains on them.
            new LearnerRole(store, config, tmp.resolve("learner"), POLL).run(3);
            LearnerLedger third = LearnerLedger.fromYaml(store.get(RunLayout.ledger(3)).orElseThrow()).orElseThrow();
            assertTrue(third.consumed().contains(played.get(0).npzKey()), third.toString());
        }
    }

    /** Issue 24: the learner's and the arena's model caches kept a model per generation, never pruned. */
    @Test
    void theLearnerAndTheArenaCacheOnlyTheModelsTheyStillNeed() throws Exception {
        try (RunStore store = RunStore.open(root.toString())) {
            evaluate(store, 2);
            assertEquals(cacheNames(model(store, 2)), cached(tmp.resolve("learner")),
                    "the learner's last model, the parent of the next generation");
            assertEquals(cacheNames(model(store, 1), model(store, 2)), cached(tmp.resolve("arena")),
                    "the last generation rated and its opponent, one of which the next generation meets");
        }
    }

    /** The model folders in a role's cache. */
    private static Set<String> cached(Path cache) throws IOException {
        try (Stream<Path> models = Files.list(cache.resolve("models"))) {
            return models.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    private static Set<String> cacheNames(ModelRef... models) {
        return Arrays.stream(models).map(m -> RunLayout.generationName(m.generation()) + "-" + m.sha256())
                .collect(Collectors.toSet());
    }

    private static List<EloLadder.GameResult> results(RunStore store, int g) {
        String key = RunLayout.arenaResults(g);
        return RunTables.readResults(CsvTable.parse(Path.of(key), store.get(key).orElseThrow()));
    }

    private static ModelRef model(RunStore store, int g) {
        return LearnerLedger.fromYaml(store.get(RunLayout.ledger(g)).orElseThrow()).orElseThrow().model();
    }
}
