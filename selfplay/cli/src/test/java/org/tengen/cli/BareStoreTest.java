package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.run.RunConfig;
import org.tengen.run.roles.ActorRole;
import org.tengen.run.roles.LearnerRole;
import org.tengen.run.roles.RoleProcesses;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunStore;

/**
 * A run store of separate roles, without a run directory: an actor that followed three generations keeps only its
 * last two models in its cache, and {@code tengen report} reports the bare store.
 */
class BareStoreTest {
    private static final int GENERATIONS = 3;
    @TempDir
    static Path tmp;
    private static Path store;
    private static Path actorCache;

    /** A learner to generation 3 and one actor beside it, in threads, as `train` with mode: async runs them. */
    @BeforeAll
    static void run() throws Exception {
        RunConfig config = RoleProcesses.config(RoleProcesses.CONFIG);
        store = tmp.resolve("store");
        actorCache = tmp.resolve("actor-cache");
        Duration poll = Duration.ofMillis(50);
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (RunStore s = RunStore.open(store.toString())) {
            s.put(RunLayout.CONFIG, RoleProcesses.CONFIG.getBytes(StandardCharsets.UTF_8)); // as `tengen learner` does
            new LearnerRole(s, config, tmp.resolve("learner"), poll).run(0);
            AtomicBoolean stop = new AtomicBoolean();
            Future<ActorRole.Summary> actor = thread.submit(() -> new ActorRole(s, config, "a1", actorCache, poll)
                    .run(Long.MAX_VALUE, stop::get));
            new LearnerRole(s, config, tmp.resolve("learner"), poll).run(GENERATIONS);
            // Until a shard of the last model is in: the actor then has swapped to it.
            while (RunLayout.gameShards(s).stream().noneMatch(b -> b.model().generation() == GENERATIONS)) {
                assertTrue(!actor.isDone(), "the actor stopped");
                Thread.sleep(50);
            }
            stop.set(true);
            actor.get();
        } finally {
            thread.shutdownNow();
        }
    }

    @Test
    void anActorKeepsOnlyItsCurrentAndPreviousModels() throws Exception {
        Set<Integer> played;
        try (RunStore s = RunStore.open(store.toString())) {
            played = RunLayout.gameShards(s).stream().map(GameShard::model).map(m -> m.generation())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertTrue(played.size() >= 3, "the actor played several models: " + played);
        List<String> cached;
        try (Stream<Path> files = Files.list(actorCache)) {
            cached = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("gen-")).sorted().toList();
        }
        assertTrue(cached.size() <= 2, "cached: " + cached);
        assertTrue(cached.get(cached.size() - 1).startsWith(RunLayout.generationName(GENERATIONS) + "-"), "cached: "
                + cached);
        assertTrue(cached.stream().noneMatch(n -> n.startsWith(RunLayout.generationName(0) + "-")), "cached: "
                + cached);
    }

    @Test
    void reportReadsABareStoreAndLeavesItAlone() throws Exception {
        List<String> before = files(store);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("report", store.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isRegularFile(out.resolve("report.html")), r.out());
        List<String> rows = Files.readAllLines(out.resolve("store").resolve("metrics.csv"));
        assertEquals(GENERATIONS + 1, rows.size(), "a header and a row per generation: " + rows);
        assertTrue(Files.readString(out.resolve("report.html")).contains("store"));
        assertEquals(before, files(store), "the store is only read");

        // A store whose learner has not started has no config: one line that says what to pass.
        Path empty = Files.createDirectories(tmp.resolve("empty").resolve(RunLayout.MODELS));
        CliRun none = CliRun.of("report", empty.getParent().toString());
        assertEquals(1, none.code());
        assertTrue(none.err().startsWith("error: ") && none.err().contains("has no config.yaml: its learner has not"
                + " started yet") && none.err().strip().lines().count() == 1, none.err());
    }

    private static List<String> files(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> root.relativize(p) + " " + p.toFile().length()).sorted().toList();
        }
    }
}
