package org.tengen.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes small run directories by hand, with the blank cells a resumed run leaves, for report tests. */
public final class SyntheticRun {
    public static final String METRICS_HEADER = "generation,games,samples,selfplay_seconds,games_per_hour,"
            + "nn_evals_per_second,nn_time_fraction,train_steps,train_seconds,loss_total,loss_policy,loss_value,"
            + "loss_ownership,elo,elo_ci95,score_vs_previous,eval_seconds,selfplay_cpu_seconds,train_cpu_seconds";
    /** A config whose text needs escaping in HTML. */
    public static final String CONFIG = """
            # a <b> & "c" 'd'
            name: synthetic
            game:
              size: 5
            """;

    private SyntheticRun() {
    }

    /**
     * A run of {@code generations} generations with config, metrics, elo and arena files. Generation 2 (if any) ran
     * its self-play in an earlier session (blank throughput), generation 3 (if any) its training (blank losses).
     */
    public static Path write(Path dir, int generations) throws IOException {
        Files.createDirectories(dir.resolve("arena"));
        Files.writeString(dir.resolve("config.yaml"), CONFIG);
        StringBuilder metrics = new StringBuilder(METRICS_HEADER).append('\n');
        StringBuilder elo = new StringBuilder("player,elo,ci95,games,score\n");
        elo.append("gen-0000,20.5,150,20,0.5\n");
        for (int g = 1; g <= generations; g++) {
            double loss = 3.0 / g;
            String selfPlay = g == 2 ? ",,,," : String.format(Locale.ROOT, "%d,%.3f,%.4g,%.4g,0.9",
                    1000 + 10 * g, 5.0 + g, 60000.0 + 1000 * g, 12000.0 - 500 * g);
            String training = g == 3 ? ",,,,," : String.format(Locale.ROOT, "80,2.5,%.4g,%.4g,%.4g,%.4g",
                    loss, 0.7 * loss, 0.2 * loss, 0.1 * loss);
            metrics.append(g).append(",96,").append(selfPlay).append(',').append(training).append(',')
                    .append(String.format(Locale.ROOT, "%.4g,%.4g,0.5000,30.0", 100.0 * g, 120.0))
                    .append(g == 2 ? "," : String.format(Locale.ROOT, ",%.4g", 2 * (5.0 + g)))
                    .append(g == 3 ? ",\n" : ",4.0\n");
            elo.append(String.format(Locale.ROOT, "gen-%04d,%.4g,%.4g,60,0.7\n", g, 90.0 * g, 100.0 + g));
            StringBuilder arena = new StringBuilder("a,b,score_a\n");
            String self = String.format(Locale.ROOT, "gen-%04d", g);
            String previous = String.format(Locale.ROOT, "gen-%04d", g - 1);
            for (int i = 0; i < 4; i++) {
                arena.append(self).append(',').append(previous).append(',').append(i % 2 == 0 ? "1.0" : "0.5")
                        .append('\n');
                arena.append(self).append(",random,1.0\n");
                arena.append(self).append(",mcts-rollout,").append(i < g ? "1.0" : "0.0").append('\n');
            }
            Files.writeString(dir.resolve("arena").resolve(self + ".csv"), arena);
        }
        elo.append("mcts-rollout,250,80,200,0.4\n").append("random,0.000,0.000,200,0.1\n");
        Files.writeString(dir.resolve("metrics.csv"), metrics);
        Files.writeString(dir.resolve("elo.csv"), elo);
        return dir;
    }
}
