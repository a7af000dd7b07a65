package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        row.add(Integer.toString(shards.stream().mapToInt(RunDirectory.Shard::games).sum()));
        row.addAll(selfPlay(shards));
        row.addAll(training(dir.trainingStats(g)));
        String name = RunDirectory.generationName(g);
        EloLadder.Rating rating = ladder.stream().filter(r -> r.player().equals(name)).findFirst().orElse(null);
        row.add(rating == null ? "" : RunTables.number(rating.elo()));
        row.add(rating == null ? "" : RunTables.number(rating.ci95()));
        row.add(scoreVsPrevious(dir, g, best));
        row.add(arenaSeconds(dir.arenaStats(g)));
        row.add(selfPlayCpuSeconds(shards));
        row.add(trainingCpuSeconds(dir.trainingStats(g)));
        return row;
    }

    /** eval_seconds: the wall time of the generation's arena, blank for a run of an earlier version. */
    private static String arenaSeconds(Path file) {
        if (!Files.exists(file)) {
            return "";
        }
        try {
            return RunTables.number(RunTables.readArenaStats(file).seconds());
        } catch (RuntimeException damaged) {
            return "";
        }
    }

    /**
     * selfplay_cpu_seconds: the process's CPU time over the generation's shards, blank when a shard's figures lack it
     * (an earlier version) or are damaged.
     */
    private static String selfPlayCpuSeconds(List<RunDirectory.Shard> shards) {
        double cpu = 0;
        for (RunDirectory.Shard shard : shards) {
            try {
                cpu += RunTables.readShardStats(RunDirectory.shardStats(shard.path())).cpuSeconds();
            } catch (RuntimeException missingOrDamaged) {
                return "";
            }
        }
        return shards.isEmpty() || !Double.isFinite(cpu) ? "" : RunTables.number(cpu);
    }

    /** train_cpu_seconds, blank as {@link #selfPlayCpuSeconds} is. */
    private static String trainingCpuSeconds(Path file) {
        try {
            double cpu = RunTables.readTraining(file).cpuSeconds();
            return Double.isFinite(cpu) ? RunTables.number(cpu) : "";
        } catch (RuntimeException missingOrDamaged) {
            return "";
        }
    }

    /** samples, selfplay_seconds, games_per_hour, nn_evals_per_second, nn_time_fraction. */
    private static List<String> selfPlay(List<RunDirectory.Shard> shards) {
        long samples = 0;
        long evaluations = 0;
        double seconds = 0;
        double network = 0;
        int games = 0;
        for (RunDirectory.Shard shard : shards) {
            Path stats = RunDirectory.shardStats(shard.path());
            if (!Files.exists(stats)) {
                return List.of("", "", "", "", "");
            }
            RunTables.ShardStats s;
            try {
                s = RunTables.readShardStats(stats);
            } catch (RuntimeException damaged) {
                return List.of("", "", "", "", "");
            }
            samples += s.samples();
            evaluations += s.evaluations();
            seconds += s.seconds();
            network += s.networkSeconds();
            games += s.games();
        }
        if (shards.isEmpty() || seconds <= 0) {
            return List.of("", "", "", "", "");
        }
        return List.of(Long.toString(samples), RunTables.number(seconds), RunTables.number(games * 3600 / seconds),
                RunTables.number(evaluations / seconds), RunTables.number(network / seconds));
    }

    /** train_steps, train_seconds, loss_total, loss_policy, loss_value, loss_ownership. */
    private static List<String> training(Path file) {
        if (!Files.exists(file)) {
            return List.of("", "", "", "", "", "");
        }
        RunTables.TrainingStats t;
        try {
            t = RunTables.readTraining(file);
        } catch (RuntimeException damaged) {
            return List.of("", "", "", "", "", "");
        }
        return List.of(Integer.toString(t.steps()), RunTables.number(t.seconds()), RunTables.number(t.total()),
                RunTables.number(t.policy()), RunTables.number(t.value()), RunTables.number(t.ownership()));
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
