package org.tengen.run.roles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.arena.EloLadder;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.run.Agents;
import org.tengen.run.GenerationArena;
import org.tengen.run.Progress;
import org.tengen.run.RunConfig;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;
import org.tengen.sgf.GoSgf;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;
import org.tengen.store.StoreConflictException;
import org.tengen.store.StoreEntry;
import org.tengen.store.StoreStats;

/**
 * The arena role of a run whose models come from a learner through a run store. For each generation the learner
 * commits (its ledger names the model, whose files are downloaded and verified), in order, it plays the arena of
 * {@code tengen train} ({@link GenerationArena}): the new model against the best one before it, and the anchors every
 * {@code anchorsEvery} generations. With {@code arena.gating} it also says which model is the best, for the
 * actors to play.
 *
 * <p><b>Kill safety.</b> The arena keeps no state but the store's. A generation is committed in this order:
 * <ol>
 *   <li>the records of its games, {@code arena/gen-NNNN/NAME.sgf}, one put each;</li>
 *   <li>its results, {@code arena/gen-NNNN.csv}, in one atomic put: <em>this is the commit</em>, and a generation
 *       is rated exactly when this object reads as a table of its candidate's games;</li>
 *   <li>what follows from all results: the Elo ladder {@code elo.csv}, and with gating {@code models/best.json}
 *       (whose generation only goes up);</li>
 *   <li>the generation's figures, {@code metrics/evaluator/0000000N.csv}.</li>
 * </ol>
 * Killed before 2, the restarted arena deletes what 1 left and plays the generation again: no game is counted
 * until its generation's results are, so none twice. Killed after 2, it skips the generation and writes 3 again (it
 * is derived); that generation's figures may be missing. A results object that is damaged, was not written by the
 * store, or holds other games is reported in one line and the generation played again. There is one arena per store.
 */
public final class ArenaRole {
    /**
     * The writer name of the arena's figures, {@code metrics/evaluator/}: the store key of its earlier name, kept so
     * that the stores of earlier runs keep their figures.
     */
    public static final String METRICS_WRITER = "evaluator";
    private static final Logger LOG = LogManager.getLogger(ArenaRole.class);

    /**
     * What the arena did in this session.
     *
     * @param generation the last generation rated (all sessions), 0 if none
     * @param rated      generations rated in this session
     * @param games      arena games played in this session
     * @param seconds    time spent playing in this session (not waiting for models)
     */
    public record Summary(int generation, int rated, long games, double seconds) {
    }

    private final RunStore store;
    private final RunConfig config;
    private final Path cacheDir;
    private final Duration poll;
    private final GenerationArena arena;
    /** The results of every rated generation, by generation. */
    private final TreeMap<Integer, List<EloLadder.GameResult>> rated = new TreeMap<>();
    /** The committed model of each generation whose ledger has been read. */
    private final Map<Integer, ModelRef> committed = new HashMap<>();
    /** The model this session last found or put in {@code models/best.json}. */
    private ModelRef publishedBest;

    public ArenaRole(RunStore store, RunConfig config, Path cacheDir, Duration poll) {
        this.store = store;
        this.config = config;
        this.cacheDir = cacheDir;
        this.poll = poll;
        this.arena = new GenerationArena(config, Agents.keepingAutoChoiceIn(config, cacheDir));
    }

    /** Rates every generation up to {@code targetGeneration}, waiting for the learner to commit them. */
    public Summary run(int targetGeneration) throws InterruptedException {
        arena.requireEngines();
        resume();
        int ratedNow = 0;
        long games = 0;
        double seconds = 0;
        long lastWaitLog = 0;
        int g = 1;
        while (g <= targetGeneration) {
            if (rated.containsKey(g)) {
                g++;
                continue;
            }
            publishBest();
            Optional<ModelRef> model = model(g);
            if (model.isEmpty()) {
                if (System.nanoTime() - lastWaitLog > 30e9) {
                    LOG.info("Arena: waiting for the learner to commit generation {} ({})", g,
                            RunLayout.ledger(g));
                    lastWaitLog = System.nanoTime();
                }
                Thread.sleep(poll.toMillis());
                continue;
            }
            long start = System.nanoTime();
            Optional<Integer> played = rate(g, model.get());
            if (played.isEmpty()) {
                Thread.sleep(poll.toMillis());
                continue;
            }
            seconds += (System.nanoTime() - start) / 1e9;
            games += played.get();
            ratedNow++;
            g++;
        }
        return new Summary(rated.isEmpty() ? 0 : rated.lastKey(), ratedNow, games, seconds);
    }

    /** Reads the results already in the store (reporting unusable ones) and writes what follows from them. */
    private void resume() {
        for (StoreEntry entry : store.list(RunLayout.ARENA)) {
            RunLayout.arenaGeneration(entry.key()).ifPresent(g -> results(g).ifPresent(r -> rated.put(g, r)));
        }
        if (!rated.isEmpty()) {
            LOG.info("Arena: resumed with {} generation(s) rated, the last {}", rated.size(),
                    rated.lastKey());
            publishLadder();
        }
    }

    /**
     * The results of generation {@code g} as the store holds them, or empty if it holds none it can use; an object
     * that is there but unusable is reported in one line.
     */
    private Optional<List<EloLadder.GameResult>> results(int g) {
        String key = RunLayout.arenaResults(g);
        Optional<byte[]> bytes = store.get(key);
        if (bytes.isEmpty()) {
            LOG.warn("Arena: {} is damaged or was not written by the store; generation {} will be played"
                    + " again", key, g);
            return Optional.empty();
        }
        try {
            List<EloLadder.GameResult> results = RunTables.readResults(CsvTable.parse(Path.of(key), bytes.get()));
            String candidate = RunLayout.generationName(g);
            for (EloLadder.GameResult r : results) {
                if (!r.a().equals(candidate)) {
                    throw new IllegalArgumentException("it has a game of " + r.a() + ", not of " + candidate);
                }
            }
            return Optional.of(results);
        } catch (IllegalArgumentException e) {
            LOG.warn("Arena: {} is not generation {}'s arena results ({}); played again", key, g,
                    e.getMessage().replaceAll("\\p{Cntrl}+", "?"));
            return Optional.empty();
        }
    }

    /** The model the learner committed as generation {@code g}, or empty if its ledger is not there (yet). */
    private Optional<ModelRef> model(int g) {
        ModelRef known = committed.get(g);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<ModelRef> model = store.get(RunLayout.ledger(g)).flatMap(LearnerLedger::fromYaml)
                .map(LearnerLedger::model).filter(m -> m.generation() == g);
        model.ifPresent(m -> committed.put(g, m));
        return model;
    }

    /**
     * Plays, records and commits generation {@code g}'s arena (see the class comment); returns its games, or empty
     * if a model it needs cannot be downloaded whole yet (reported).
     */
    private Optional<Integer> rate(int g, ModelRef model) {
        long start = System.nanoTime();
        StoreStats before = store.stats();
        int bestGeneration = bestBefore(g);
        String bestName = RunLayout.generationName(bestGeneration);
        ModelRef best = model(bestGeneration).orElseThrow(() -> new IllegalStateException(store.location()
                + ": no ledger for " + bestName + ", the best model before generation " + g));
        Path candidateDir;
        Path bestDir;
        try {
            candidateDir = StoreModels.fetch(store, model, modelCache(), false);
            bestDir = StoreModels.fetch(store, best, modelCache(), false);
        } catch (CheckpointException e) {
            LOG.warn("Arena: generation {} cannot be rated yet: {}", g, e.getMessage());
            return Optional.empty();
        }
        // Generations are rated in order, and the next one meets this one or its best: no other model is needed again.
        StoreModels.prune(modelCache(), Set.of(model, best));
        LOG.info("Arena: generation {} ({}) against {}{}", g, model, bestName,
                arena.playsAnchors(g) ? " and the anchors" : "");
        deleteUncommitted(g);
        Map<String, byte[]> records = new LinkedHashMap<>();
        GenerationArena.Outcome outcome;
        try (Progress progress = Progress.start(false, "gen " + g + " arena", arena.games(g), "")) {
            outcome = arena.play(g, new GenerationArena.Player(RunLayout.generationName(g), candidateDir),
                    new GenerationArena.Player(bestName, bestDir), progress,
                    (name, record) -> records.put(name, GoSgf.format(record).getBytes(StandardCharsets.UTF_8)));
        }
        // 1. the records; 2. the results (the commit); 3. the ladder and the best; 4. the figures.
        records.forEach((name, sgf) -> putFresh(RunLayout.arenaGame(g, name), sgf));
        String key = RunLayout.arenaResults(g);
        putFresh(key, RunTables.resultsTable(Path.of(key), outcome.results()).format()
                .getBytes(StandardCharsets.UTF_8));
        rated.put(g, outcome.results());
        publishLadder();
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("generation", Integer.toString(g));
        figures.put("model", model.toString());
        figures.put("games", Integer.toString(outcome.results().size()));
        figures.put("seconds", RunTables.number(seconds));
        figures.put("score_vs_previous", RunTables.number(outcome.scoreVsPrevious()));
        figures.putAll(RoleMetrics.storeFigures(before, store.stats()));
        RoleMetrics.put(store, METRICS_WRITER, g, figures);
        LOG.info(String.format(Locale.ROOT, "Arena: generation %d rated: %d games in %.1f s, score %s against"
                + " %s", g, outcome.results().size(), seconds, RunTables.number(outcome.scoreVsPrevious()), bestName));
        return Optional.of(outcome.results().size());
    }

    /** Deletes what a rating of generation {@code g} that a kill cut short left: records, a results object. */
    private void deleteUncommitted(int g) {
        for (StoreEntry entry : store.list(RunLayout.arenaGames(g))) {
            store.delete(entry.key());
        }
        store.delete(RunLayout.arenaResults(g));
    }

    /**
     * Puts {@code key}, which nobody relies on yet; it is cleared first, for a file store may hold the record of
     * a put of other bytes that a kill cut short, which would refuse these.
     */
    private void putFresh(String key, byte[] content) {
        store.delete(key);
        store.put(key, content);
    }

    /** Refits the Elo ladder over every rated generation and replaces {@code elo.csv}; then the best pointer. */
    private void publishLadder() {
        List<EloLadder.GameResult> all = new ArrayList<>();
        rated.values().forEach(all::addAll);
        int last = rated.lastKey();
        store.replace(RunLayout.ELO, RunTables.ladderTable(Path.of(RunLayout.ELO), arena.ladder(all, last)).format()
                .getBytes(StandardCharsets.UTF_8));
        publishBest();
    }

    /**
     * With gating, points {@code models/best.json} at the best model by the results so far (the initial one before
     * any), once its ledger is there; without gating the actors follow {@code models/latest.json} and this does
     * nothing.
     */
    private void publishBest() {
        if (!config.arena().gating()) {
            return;
        }
        int next = 1;
        while (rated.containsKey(next)) {
            next++;
        }
        Optional<ModelRef> best = model(bestBefore(next));
        if (best.isEmpty() || best.get().equals(publishedBest)) {
            return;
        }
        try {
            if (RunLayout.publish(store, RunLayout.BEST_MODEL, best.get())) {
                LOG.info("Arena: {} names {}, the best model", RunLayout.BEST_MODEL, best.get());
            }
        } catch (StoreConflictException e) {
            LOG.warn("Arena: {}", e.getMessage());
        }
        publishedBest = best.get();
    }

    /** The generation of the best model as generation {@code g} starts ({@link GenerationArena#bests}). */
    private int bestBefore(int g) {
        String name = arena.bests(g, k -> Optional.ofNullable(rated.get(k))).get(g - 1);
        return Integer.parseInt(name.substring("gen-".length()));
    }

    private Path modelCache() {
        return cacheDir.resolve("models");
    }
}
