package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.tengen.arena.EloLadder;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.TrainingShard;
import org.tengen.run.Agents;
import org.tengen.run.GenerationArena;
import org.tengen.run.RunConfig;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;

/**
 * Real {@code tengen learner}, {@code tengen actor} and {@code tengen arena} processes on a run store, and the
 * checks of a store they leave behind: every ledger and model verifies, every uploaded shard up to what the learner
 * listed is trained on or counted stale, none twice; every generation is rated once, its games recorded once.
 */
public final class RoleProcesses {
    /**
     * A 5x5 run small enough for a few generations in seconds: a shard (4 games) is enough for a generation, and an
     * evaluation is 4 games against the previous model, plus 2 against the random anchor in even generations.
     */
    public static final String CONFIG = """
            name: roles
            game: {size: 5, komi: 0.5, maxMoves: 40}
            features: az5
            generations: 4
            network: {blocks: 2, channels: 16}
            selfplay:
              gamesPerShard: 4
              parallelGames: 4
              workers: 1
              search: {simulations: 8, consideredActions: 4}
            replay: {maxModelAge: 1, windowSamples: 2000}
            training: {batchSize: 16, stepsPerGeneration: 8}
            arena:
              gamesVsPrevious: 4
              gamesVsAnchors: 2
              anchorsEvery: 2
              anchors: [random]
              parallel: 4
              search: {simulations: 8}
            """;

    private RoleProcesses() {
    }

    /** The run config of a config text such as {@link #CONFIG}. */
    public static RunConfig config(String text) {
        return RunConfig.from(org.tengen.config.ConfigNode.parse("roles.yaml", new java.io.StringReader(text)));
    }

    static Process learner(Path config, String store, Path tmp, int generations, String log,
                           Map<String, String> env) throws IOException {
        return start(tmp.resolve(log), env, "learner", "--store", store, "--config", config.toString(),
                "--generations", Integer.toString(generations), "--poll-seconds", "0.2",
                "--cache", tmp.resolve("cache-learner").toString());
    }

    static Process actor(Path config, String store, Path tmp, String id, String log, Map<String, String> env)
            throws IOException {
        return start(tmp.resolve(log), env, "actor", "--store", store, "--config", config.toString(), "--id", id,
                "--poll-seconds", "0.2", "--cache", tmp.resolve("cache-" + id).toString());
    }

    static Process arena(Path config, String store, Path tmp, int generations, String log,
                             Map<String, String> env) throws IOException {
        return start(tmp.resolve(log), env, "arena", "--store", store, "--config", config.toString(),
                "--generations", Integer.toString(generations), "--poll-seconds", "0.2",
                "--cache", tmp.resolve("cache-arena").toString());
    }

    static Process start(Path log, Map<String, String> env, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Xmx512m", "-Dai.djl.pytorch.num_threads=1", "org.tengen.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return builder.start();
    }

    static void waitFor(BooleanSupplier condition, Duration timeout, String what, Path... logs) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                StringBuilder sb = new StringBuilder("timed out waiting for " + what);
                for (Path log : logs) {
                    sb.append("\n--- ").append(log.getFileName()).append('\n')
                            .append(Files.exists(log) ? Files.readString(log) : "(none)");
                }
                throw new AssertionError(sb.toString());
            }
            Thread.sleep(50);
        }
    }

    static boolean hasLedger(RunStore store, int generation) {
        return store.list(RunLayout.ledger(generation)).stream()
                .anyMatch(e -> e.key().equals(RunLayout.ledger(generation)));
    }

    static int shards(RunStore store, String actor) {
        return (int) RunLayout.gameShards(store).stream().filter(b -> b.actorId().equals(actor)).count();
    }

    /**
     * Checks the arena's work on a run to {@code generations}: each generation's results are there, are its own
     * games, as many as {@code config}'s arena plays (against the model before it: the run has no gating), each with
     * exactly one record; none beyond; the ladder rates the last. Returns the games.
     */
    static int checkRated(RunStore store, RunConfig config, int generations) {
        GenerationArena arena = new GenerationArena(config, new Agents(config));
        int games = 0;
        for (int g = 1; g <= generations; g++) {
            String key = RunLayout.arenaResults(g);
            byte[] bytes = store.get(key).orElseThrow(() -> new AssertionError(key + " is missing"));
            List<EloLadder.GameResult> results = RunTables.readResults(CsvTable.parse(Path.of(key), bytes));
            assertEquals(arena.games(g), results.size(), key);
            String candidate = RunLayout.generationName(g);
            String previous = RunLayout.generationName(g - 1);
            assertEquals(config.arena().gamesVsPrevious(), results.stream()
                    .filter(r -> r.a().equals(candidate) && r.b().equals(previous)).count(), key);
            assertTrue(results.stream().allMatch(r -> r.a().equals(candidate)), key);
            assertEquals(results.size(), store.list(RunLayout.arenaGames(g)).size(), "one record per game of " + key);
            games += results.size();
        }
        assertTrue(store.list(RunLayout.arenaResults(generations + 1)).isEmpty(), "no rating beyond the target");
        String elo = new String(store.get(RunLayout.ELO).orElseThrow(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(elo.contains(RunLayout.generationName(generations) + ","), elo);
        return games;
    }

    /** What {@link #check} found. */
    record Accounting(int shards, int consumed, int stale, int unlisted, int models) {
    }

    /**
     * Checks the store after a run to {@code generations}: ledgers 0..generations all read and name models that
     * verify, the pointer names the last, no shard is in two ledgers (or twice in one), every shard a ledger names is
     * in the store, and every shard up to the last ledger's per-actor high-water mark is in a ledger.
     */
    static Accounting check(RunStore store, int generations, Path tmp) throws IOException {
        List<LearnerLedger> ledgers = new ArrayList<>();
        for (int g = 0; g <= generations; g++) {
            byte[] bytes = store.get(RunLayout.ledger(g)).orElseThrow(() -> new AssertionError("no ledger"));
            LearnerLedger ledger = LearnerLedger.fromYaml(bytes).orElseThrow();
            assertEquals(g, ledger.generation());
            ledgers.add(ledger);
        }
        assertTrue(store.list(RunLayout.ledger(generations + 1)).isEmpty(), "no generation beyond the target");
        assertEquals(ledgers.get(generations).model(), RunLayout.latest(store).orElseThrow(),
                "latest.json names the last ledger's model");
        Set<ModelRef> ledgerModels = new HashSet<>();
        ledgers.forEach(l -> ledgerModels.add(l.model()));
        List<ModelRef> models = RunLayout.models(store);
        assertEquals(ledgerModels, new HashSet<>(models), "the store holds exactly the ledgers' models");
        for (ModelRef model : models) {
            Path dir = StoreModels.fetch(store, model, tmp.resolve("verify"), true);
            Checkpoints.verify(dir);
        }
        Map<String, Integer> counted = new HashMap<>();
        int consumed = 0;
        int stale = 0;
        for (LearnerLedger l : ledgers) {
            for (String key : l.consumed()) {
                counted.merge(key, 1, Integer::sum);
                consumed++;
            }
            for (String key : l.stale()) {
                counted.merge(key, 1, Integer::sum);
                stale++;
            }
        }
        counted.forEach((key, n) -> assertEquals(1, n, key + " is in " + n + " ledger entries"));
        List<GameShard> shards = RunLayout.gameShards(store);
        Set<String> stored = new HashSet<>();
        shards.forEach(b -> stored.add(b.npzKey()));
        counted.keySet().forEach(key -> assertTrue(stored.contains(key), key + " is in a ledger but not stored"));
        Map<String, Long> seen = ledgers.get(generations).seen();
        int unlisted = 0;
        for (GameShard b : shards) {
            if (b.seq() <= seen.getOrDefault(b.actorId(), -1L)) {
                assertTrue(counted.containsKey(b.npzKey()), b.npzKey() + " was listed but is in no ledger");
            } else {
                unlisted++;
            }
            assertTrue(ledgerModels.contains(b.model()), b.npzKey() + " was played by an unpublished model");
            Path shard = tmp.resolve("verify").resolve("shard.npz");
            assertTrue(store.download(b.npzKey(), shard), b.npzKey());
            assertTrue(TrainingShard.read(shard).count() > 0, b.npzKey());
            assertTrue(store.get(b.sgfKey()).isPresent(), "the records of " + b.npzKey());
        }
        return new Accounting(shards.size(), consumed, stale, unlisted, models.size());
    }
}
