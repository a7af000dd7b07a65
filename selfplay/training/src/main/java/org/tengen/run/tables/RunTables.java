package org.tengen.run.tables;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tengen.arena.EloLadder;

/**
 * The typed rows of a run's tables, read and written through {@link CsvTable}: arena results
 * ({@code arena/gen-NNNN.csv}), the Elo ladder ({@code elo.csv}) and per-generation metrics ({@code metrics.csv}).
 * The training run writes them; resume and {@code report} read them here.
 */
public final class RunTables {
    public static final List<String> ARENA_HEADER = List.of("a", "b", "score_a");
    public static final List<String> ELO_HEADER = List.of("player", "elo", "ci95", "games", "score");
    public static final List<String> METRICS_HEADER = List.of("generation", "games", "samples", "selfplay_seconds",
            "games_per_hour", "nn_evals_per_second", "nn_time_fraction", "train_steps", "train_seconds", "loss_total",
            "loss_policy", "loss_value", "loss_ownership", "elo", "elo_ci95", "score_vs_previous", "eval_seconds",
            "selfplay_cpu_seconds", "train_cpu_seconds");

    static final List<String> SHARD_HEADER = List.of("games", "samples", "seconds", "network_seconds",
            "evaluations", "cpu_seconds");
    static final List<String> TRAINING_HEADER = List.of("steps", "seconds", "loss_total", "loss_policy",
            "loss_value", "loss_ownership", "cpu_seconds");

    private RunTables() {
    }

    /**
     * A shard's self-play figures: games, samples, wall seconds, network seconds (per worker), evaluations, and the
     * process's CPU seconds (NaN in a file of an earlier version).
     */
    public record ShardStats(int games, long samples, double seconds, double networkSeconds, long evaluations,
                             double cpuSeconds) {
    }

    public static void writeShardStats(Path file, ShardStats s) {
        new CsvTable(file, SHARD_HEADER, List.of(List.of(Integer.toString(s.games()), Long.toString(s.samples()),
                number(s.seconds()), number(s.networkSeconds()), Long.toString(s.evaluations()),
                number(s.cpuSeconds())))).write();
    }

    public static ShardStats readShardStats(Path file) {
        CsvTable t = oneRow(file);
        return new ShardStats((int) t.number(0, t.requireColumn("games")),
                (long) t.number(0, t.requireColumn("samples")),
                t.number(0, t.requireColumn("seconds")), t.number(0, t.requireColumn("network_seconds")),
                (long) t.number(0, t.requireColumn("evaluations")), t.number(0, t.column("cpu_seconds")));
    }

    private static CsvTable oneRow(Path file) {
        CsvTable t = CsvTable.read(file);
        if (t.rows().size() != 1) {
            throw new IllegalArgumentException(file + " has " + t.rows().size() + " rows, expected 1");
        }
        return t;
    }

    /** A generation's training figures: steps, wall seconds, the mean loss terms and CPU seconds (as a shard's). */
    public record TrainingStats(int steps, double seconds, double total, double policy, double value,
                                double ownership, double cpuSeconds) {
    }

    public static void writeTraining(Path file, TrainingStats s) {
        new CsvTable(file, TRAINING_HEADER, List.of(List.of(Integer.toString(s.steps()), number(s.seconds()),
                number(s.total()), number(s.policy()), number(s.value()), number(s.ownership()),
                number(s.cpuSeconds())))).write();
    }

    static final List<String> ARENA_STATS_HEADER = List.of("games", "seconds");

    /** The arena of one generation: games played and their wall time (beside self-play's and training's). */
    public record ArenaStats(int games, double seconds) {
    }

    public static void writeArenaStats(Path file, ArenaStats s) {
        new CsvTable(file, ARENA_STATS_HEADER, List.of(List.of(Integer.toString(s.games()), number(s.seconds()))))
                .write();
    }

    public static ArenaStats readArenaStats(Path file) {
        CsvTable t = oneRow(file);
        return new ArenaStats((int) t.number(0, t.requireColumn("games")), t.number(0, t.requireColumn("seconds")));
    }

    public static TrainingStats readTraining(Path file) {
        CsvTable t = oneRow(file);
        return new TrainingStats((int) t.number(0, t.requireColumn("steps")), t.number(0, t.requireColumn("seconds")),
                t.number(0, t.requireColumn("loss_total")), t.number(0, t.requireColumn("loss_policy")),
                t.number(0, t.requireColumn("loss_value")), t.number(0, t.requireColumn("loss_ownership")),
                t.number(0, t.column("cpu_seconds")));
    }

    /**
     * A number as the tables write it: four significant digits as a plain decimal ({@code 0.5000}, {@code 48840}, not
     * {@code 4.884e+04}; files written with exponents still read).
     */
    public static String number(double v) {
        String s = String.format(Locale.ROOT, "%.4g", v);
        return s.contains("e") ? new java.math.BigDecimal(s).toPlainString() : s;
    }

    public static void writeResults(Path file, List<EloLadder.GameResult> results) {
        resultsTable(file, results).write();
    }

    /** The arena table of {@code results}, to be written as {@code file}. */
    public static CsvTable resultsTable(Path file, List<EloLadder.GameResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (EloLadder.GameResult r : results) {
            rows.add(List.of(r.a(), r.b(), Double.toString(r.scoreA())));
        }
        return new CsvTable(file, ARENA_HEADER, rows);
    }

    /** One arena game per row: players {@code a} and {@code b} and {@code a}'s score. */
    public static List<EloLadder.GameResult> readResults(Path file) {
        return readResults(CsvTable.read(file));
    }

    /** The games of an arena table read from anywhere (a file, a store's object). */
    public static List<EloLadder.GameResult> readResults(CsvTable table) {
        int a = table.requireColumn("a");
        int b = table.requireColumn("b");
        int score = table.requireColumn("score_a");
        List<EloLadder.GameResult> results = new ArrayList<>();
        for (int r = 0; r < table.rows().size(); r++) {
            results.add(new EloLadder.GameResult(table.text(r, a), table.text(r, b), table.number(r, score)));
        }
        return results;
    }

    public static void writeLadder(Path file, List<EloLadder.Rating> ladder) {
        ladderTable(file, ladder).write();
    }

    /** The Elo table of {@code ladder}, to be written as {@code file}. */
    public static CsvTable ladderTable(Path file, List<EloLadder.Rating> ladder) {
        List<List<String>> rows = new ArrayList<>();
        for (EloLadder.Rating r : ladder) {
            rows.add(List.of(r.player(), number(r.elo()), number(r.ci95()), Integer.toString(r.games()),
                    number(r.score())));
        }
        return new CsvTable(file, ELO_HEADER, rows);
    }

    /** The ladder as written, best first; columns other than player and elo may be missing (then NaN or 0). */
    public static List<EloLadder.Rating> readLadder(Path file) {
        CsvTable table = CsvTable.read(file);
        int player = table.requireColumn("player");
        int elo = table.requireColumn("elo");
        int ci95 = table.column("ci95");
        int games = table.column("games");
        int score = table.column("score");
        List<EloLadder.Rating> ladder = new ArrayList<>();
        for (int r = 0; r < table.rows().size(); r++) {
            double g = table.number(r, games);
            ladder.add(new EloLadder.Rating(table.text(r, player), table.number(r, elo), table.number(r, ci95),
                    Double.isNaN(g) ? 0 : (int) g, table.number(r, score)));
        }
        return ladder;
    }

    public static void writeMetrics(Path file, Collection<List<String>> rows) {
        new CsvTable(file, METRICS_HEADER, List.copyOf(rows)).write();
    }

    /** metrics.csv by generation, each row in {@link #METRICS_HEADER}'s columns (blank where an earlier file has none). */
    public static Map<Integer, List<String>> readMetrics(Path file) {
        CsvTable table = CsvTable.read(file);
        int generation = table.requireColumn("generation");
        int[] columns = METRICS_HEADER.stream().mapToInt(name -> table.header().indexOf(name)).toArray();
        Map<Integer, List<String>> rows = new LinkedHashMap<>();
        for (int r = 0; r < table.rows().size(); r++) {
            List<String> row = table.rows().get(r);
            rows.put((int) table.number(r, generation), java.util.Arrays.stream(columns)
                    .mapToObj(c -> c < 0 ? "" : row.get(c)).toList());
        }
        return rows;
    }
}
