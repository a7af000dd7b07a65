package org.tengen.run.roles;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.tengen.arena.EloLadder;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.AtomicFiles;
import org.tengen.run.Agents;
import org.tengen.run.GenerationArena;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.run.RunMetrics;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunStore;

/**
 * The run directory of an asynchronous {@code train} as a view of its run store, the one record of the run: each
 * model a learner ledger commits becomes {@code checkpoints/gen-NNNN} (verified, then renamed into place), each
 * arena results object {@code arena/gen-NNNN.csv}, and {@code elo.csv}, {@code checkpoints/best} and
 * {@code metrics.csv} are derived from the store again on every {@link #update()}. Nothing here is state: a kill at
 * any moment loses nothing the next update does not write again, so {@code match}, {@code gtp} and
 * {@code report} read an asynchronous run as they read any other.
 */
public final class StoreExport {
    /**
     * Columns of an asynchronous run's {@code metrics.csv} after the common ones (docs/training.md); {@code
     * stale_batches} counts stale shards under the column's earlier name, which the metrics of earlier runs have.
     */
    static final List<String> ASYNC_HEADER = List.of("model_lag_mean", "sample_age_mean", "sample_age_max",
            "learner_samples_per_second", "stale_batches", "store_errors", "store_retries");

    private final RunStore store;
    private final RunDirectory dir;
    private final GenerationArena arena;
    /** Where models are downloaded before they become checkpoints; null: no checkpoints (a report's view). */
    private final Path exportCache;

    StoreExport(RunStore store, RunDirectory dir, GenerationArena arena, Path exportCache) {
        this.store = store;
        this.dir = dir;
        this.arena = arena;
        this.exportCache = exportCache;
    }

    /**
     * Writes {@code target} as a run directory that shows {@code store}'s run to {@code tengen report}: its
     * config.yaml, metrics.csv, elo.csv, arena results and best pointer, without the checkpoints (a report reads
     * none). Writing it again brings it up to the store.
     *
     * @throws IllegalArgumentException if the store has no config.yaml (it is no run store), or not a valid one
     */
    public static RunDirectory reportView(RunStore store, Path target) {
        String text = store.get(RunLayout.CONFIG).map(b -> new String(b, StandardCharsets.UTF_8))
                .orElseThrow(() -> new IllegalArgumentException(store.location() + " has no " + RunLayout.CONFIG
                        + ": its learner has not started yet, or it is no run store (for a run directory, pass the"
                        + " directory that holds metrics.csv)"));
        RunConfig config = RunConfig.from(ConfigNode.parse(store.location() + RunLayout.CONFIG,
                new StringReader(text)));
        RunDirectory dir = new RunDirectory(target);
        writeIfChanged(dir.configFile(), text.getBytes(StandardCharsets.UTF_8));
        new StoreExport(store, dir, new GenerationArena(config, new Agents(config)), null).update();
        return dir;
    }

    /** What the run directory shows after an update. */
    record View(int trained, int rated, long games) {
    }

    /** Brings the run directory up to the store. */
    View update() {
        List<LearnerLedger> ledgers = new ArrayList<>();
        for (int g = 0; ; g++) {
            int generation = g;
            Optional<LearnerLedger> ledger = store.get(RunLayout.ledger(g)).flatMap(LearnerLedger::fromYaml)
                    .filter(l -> l.generation() == generation);
            if (ledger.isEmpty()) {
                break;
            }
            ledgers.add(ledger.get());
            exportCheckpoint(ledger.get());
        }
        int rated = 0;
        while (rated + 1 < ledgers.size() && exportResults(rated + 1)) {
            rated++;
        }
        store.get(RunLayout.ELO).ifPresent(elo -> writeIfChanged(dir.eloFile(), elo));
        int last = ledgers.size() - 1;
        List<String> bests = arena.bests(rated + 1, this::results);
        if (last >= 0) {
            String best = bests.get(rated);
            if (!dir.best().equals(Optional.of(best))) {
                dir.writeBest(best);
            }
        }
        List<EloLadder.Rating> ladder = Files.exists(dir.eloFile()) ? RunTables.readLadder(dir.eloFile()) : List.of();
        List<List<String>> rows = new ArrayList<>();
        long games = 0;
        for (int g = 1; g <= last; g++) {
            List<String> row = row(ledgers.get(g), g <= rated ? bests.get(g - 1) : "", ladder);
            games += row.get(1).isEmpty() ? 0 : Long.parseLong(row.get(1));
            rows.add(row);
        }
        if (!rows.isEmpty()) {
            List<String> header = new ArrayList<>(RunTables.METRICS_HEADER);
            header.addAll(ASYNC_HEADER);
            new CsvTable(dir.metricsFile(), header, rows).write();
        }
        return new View(Math.max(0, last), rated, games);
    }

    /**
     * Puts the ledger's model at {@code checkpoints/gen-NNNN} unless it is there (or this view has no checkpoints):
     * downloaded, verified, renamed.
     */
    private void exportCheckpoint(LearnerLedger ledger) {
        Path target = dir.checkpoint(ledger.generation());
        if (exportCache == null || Files.isDirectory(target)) {
            return;
        }
        Path fetched = StoreModels.fetch(store, ledger.model(), exportCache, false);
        try {
            Files.createDirectories(target.getParent());
            Files.move(fetched, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + fetched + " to " + target + ": " + e.getMessage(), e);
        }
    }

    /** Copies generation {@code g}'s arena results to the run directory; false if the store has none readable. */
    private boolean exportResults(int g) {
        Optional<byte[]> bytes = store.get(RunLayout.arenaResults(g));
        if (bytes.isEmpty()) {
            return false;
        }
        try {
            RunTables.readResults(CsvTable.parse(dir.arenaFile(g), bytes.get()));
        } catch (IllegalArgumentException damaged) {
            return false; // the arena reports it and plays the generation again
        }
        writeIfChanged(dir.arenaFile(g), bytes.get());
        return true;
    }

    private Optional<List<EloLadder.GameResult>> results(int g) {
        Path file = dir.arenaFile(g);
        return Files.exists(file) ? Optional.of(RunTables.readResults(file)) : Optional.empty();
    }

    /** Generation {@code g}'s row: the common columns, then {@link #ASYNC_HEADER}; blank where a figure is missing. */
    private List<String> row(LearnerLedger ledger, String best, List<EloLadder.Rating> ladder) {
        int g = ledger.generation();
        List<Map<String, String>> shards = new ArrayList<>();
        for (String key : ledger.consumed()) {
            GameShard shard = GameShard.parse(key).orElse(null);
            if (shard != null) {
                RoleMetrics.get(store, ActorRole.metricsWriter(shard.actorId()), shard.seq()).ifPresent(shards::add);
            }
        }
        Map<String, String> learner = RoleMetrics.get(store, LearnerRole.METRICS_WRITER, g).orElse(Map.of());
        Map<String, String> arena = RoleMetrics.get(store, ArenaRole.METRICS_WRITER, g).orElse(Map.of());
        double games = sum(shards, "games");
        double seconds = sum(shards, "seconds");
        boolean selfPlay = !shards.isEmpty() && shards.size() == ledger.consumed().size() && seconds > 0;
        EloLadder.Rating rating = ladder.stream().filter(r -> r.player().equals(RunLayout.generationName(g)))
                .findFirst().orElse(null);
        List<String> row = new ArrayList<>();
        row.add(Integer.toString(g));
        row.add(selfPlay ? Long.toString((long) games) : "");
        row.add(selfPlay ? Long.toString((long) sum(shards, "samples")) : "");
        row.add(selfPlay ? RunTables.number(seconds) : "");
        row.add(selfPlay ? RunTables.number(games * 3600 / seconds) : "");
        row.add(""); // nn_evals_per_second and nn_time_fraction: an actor does not report them
        row.add("");
        row.add(Integer.toString(ledger.steps()));
        row.add(learner.getOrDefault("seconds", ""));
        row.add(Double.isNaN(ledger.loss()) ? "" : RunTables.number(ledger.loss()));
        row.add(learner.getOrDefault("loss_policy", ""));
        row.add(learner.getOrDefault("loss_value", ""));
        row.add(learner.getOrDefault("loss_ownership", ""));
        row.add(rating == null ? "" : RunTables.number(rating.elo()));
        row.add(rating == null ? "" : RunTables.number(rating.ci95()));
        row.add(best.isEmpty() ? "" : RunMetrics.scoreVsPrevious(dir, g, best));
        row.add(arena.getOrDefault("seconds", "")); // eval_seconds: the arena's wall time for this generation
        row.add(""); // selfplay_cpu_seconds and train_cpu_seconds: roles share a process, so its CPU time is not theirs
        row.add("");
        // Async columns.
        row.add(selfPlay ? RunTables.number(weighted(shards, "model_lag") / games) : "");
        row.add(learner.getOrDefault("sample_age_mean", ""));
        row.add(learner.getOrDefault("sample_age_max", ""));
        row.add(learner.getOrDefault("samples_per_second", ""));
        row.add(Integer.toString(ledger.stale().size()));
        row.add(storeFigure("store_errors", shards, learner, arena));
        row.add(storeFigure("store_retries", shards, learner, arena));
        return row;
    }

    /** A store counter summed over the generation's reports: its shards', the learner's and the arena's. */
    private static String storeFigure(String name, List<Map<String, String>> shards, Map<String, String> learner,
                                      Map<String, String> arena) {
        if (learner.isEmpty()) {
            return "";
        }
        return Long.toString((long) (sum(shards, name) + number(learner, name) + number(arena, name)));
    }

    private static double sum(List<Map<String, String>> reports, String name) {
        return total(reports, r -> number(r, name));
    }

    /** The sum of {@code name} weighted by each shard's games. */
    private static double weighted(List<Map<String, String>> reports, String name) {
        return total(reports, r -> number(r, name) * number(r, "games"));
    }

    private static double total(List<Map<String, String>> reports, ToDoubleFunction<Map<String, String>> figure) {
        return reports.stream().mapToDouble(figure).sum();
    }

    private static double number(Map<String, String> report, String name) {
        try {
            return Double.parseDouble(report.getOrDefault(name, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void writeIfChanged(Path file, byte[] content) {
        try {
            if (Files.exists(file) && java.util.Arrays.equals(Files.readAllBytes(file), content)) {
                return;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        AtomicFiles.writeString(file, new String(content, StandardCharsets.UTF_8));
    }
}
