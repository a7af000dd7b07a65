package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.tengen.arena.EloLadder;
import org.tengen.run.tables.RunTables;

/**
 * The rows of {@code metrics.csv}, derived from what the run stored (each shard's figures, each generation's
 * training figures, the arena files and the ladder), never from what one session happened to see: a kill or a
 * resume cannot blank or skew them, and the file is simply written again.
 */
public final class RunMetrics {
    private RunMetrics() {
    }

    /**
     * One row per generation {@code 1 .. last}; {@code bests.get(g - 1)} is the best checkpoint generation {@code g}
     * was evaluated against. A figure whose stored data is missing (a run of an earlier version) or damaged is blank.
     */
    static List<List<String>> rows(RunDirectory dir, int last, List<String> bests, List<EloLadder.Rating> ladder) {
        List<List<String>> rows = new ArrayList<>();
        for (int g = 1; g <= last; g++) {
            rows.add(row(dir, g, bests.get(g - 1), ladder));
        }
        return rows;
    }

    private static List<String> row(RunDirectory dir, int g, String best, List<EloLadder.Rating> ladder) {
        List<String> row = new ArrayList<>();
        row.add(Integer.toString(g));
        List<RunDirectory.Shard> shards = dir.shards(g);
        List<RunTables.ShardStats> selfPlay = shardStats(shards);
        RunTables.TrainingStats training = readIfWhole(dir.trainingStats(g), RunTables::readTraining);
        row.add(Integer.toString(shards.stream().mapToInt(RunDirectory.Shard::games).sum()));
        row.addAll(selfPlay(selfPlay));
        row.addAll(training(training));
        String name = RunDirectory.generationName(g);
        EloLadder.Rating rating = ladder.stream().filter(r -> r.player().equals(name)).findFirst().orElse(null);
        row.add(rating == null ? "" : RunTables.number(rating.elo()));
        row.add(rating == null ? "" : RunTables.number(rating.ci95()));
        row.add(scoreVsPrevious(dir, g, best));
        row.add(arenaSeconds(dir.arenaStats(g)));
        row.add(selfPlay == null ? "" : cpuSeconds(selfPlay.stream().mapToDouble(RunTables.ShardStats::cpuSeconds)
                .sum()));
        row.add(training == null ? "" : cpuSeconds(training.cpuSeconds()));
        return row;
    }

    /** eval_seconds: the wall time of the generation's arena, blank for a run of an earlier version. */
    private static String arenaSeconds(Path file) {
        RunTables.ArenaStats arena = readIfWhole(file, RunTables::readArenaStats);
        return arena == null ? "" : RunTables.number(arena.seconds());
    }

    /**
     * The figures of each of the generation's shards, or null when it has none or one's figures are missing (a run of
     * an earlier version) or damaged.
     */
    private static List<RunTables.ShardStats> shardStats(List<RunDirectory.Shard> shards) {
        if (shards.isEmpty()) {
            return null;
        }
        List<RunTables.ShardStats> stats = new ArrayList<>();
        for (RunDirectory.Shard shard : shards) {
            RunTables.ShardStats s = readIfWhole(RunDirectory.shardStats(shard.path()), RunTables::readShardStats);
            if (s == null) {
                return null;
            }
            stats.add(s);
        }
        return stats;
    }

    /** {@code read(file)}, or null when the file is missing (a run of an earlier version) or damaged. */
    private static <T> T readIfWhole(Path file, Function<Path, T> read) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return read.apply(file);
        } catch (RuntimeException damaged) {
            return null;
        }
    }

    /** samples, selfplay_seconds, games_per_hour, nn_evals_per_second, nn_time_fraction. */
    private static List<String> selfPlay(List<RunTables.ShardStats> stats) {
        if (stats == null) {
            return List.of("", "", "", "", "");
        }
        long samples = 0;
        long evaluations = 0;
        double seconds = 0;
        double network = 0;
        int games = 0;
        for (RunTables.ShardStats s : stats) {
            samples += s.samples();
            evaluations += s.evaluations();
            seconds += s.seconds();
            network += s.networkSeconds();
            games += s.games();
        }
        if (seconds <= 0) {
            return List.of("", "", "", "", "");
        }
        return List.of(Long.toString(samples), RunTables.number(seconds), RunTables.number(games * 3600 / seconds),
                RunTables.number(evaluations / seconds), RunTables.number(network / seconds));
    }

    /** train_steps, train_seconds, loss_total, loss_policy, loss_value, loss_ownership. */
    private static List<String> training(RunTables.TrainingStats t) {
        if (t == null) {
            return List.of("", "", "", "", "", "");
        }
        return List.of(Integer.toString(t.steps()), RunTables.number(t.seconds()), RunTables.number(t.total()),
                RunTables.number(t.policy()), RunTables.number(t.value()), RunTables.number(t.ownership()));
    }

    /** A CPU time column: blank where the figures are of a version that did not record it (NaN). */
    private static String cpuSeconds(double seconds) {
        return Double.isFinite(seconds) ? RunTables.number(seconds) : "";
    }

    /** Generation {@code g}'s score against the best it was evaluated against, from its arena file. */
    public static String scoreVsPrevious(RunDirectory dir, int g, String best) {
        Path file = dir.arenaFile(g);
        if (!Files.exists(file)) {
            return "";
        }
        String name = RunDirectory.generationName(g);
        double sum = 0;
        int games = 0;
        for (EloLadder.GameResult r : RunTables.readResults(file)) {
            if (r.a().equals(name) && r.b().equals(best)) {
                sum += r.scoreA();
                games++;
            }
        }
        return games == 0 ? "" : RunTables.number(sum / games);
    }
}
