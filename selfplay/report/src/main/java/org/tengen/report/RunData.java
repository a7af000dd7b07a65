package org.tengen.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tengen.arena.EloLadder;
import org.tengen.run.RunDirectory;
import org.tengen.run.tables.CsvTable;
import org.tengen.run.tables.RunTables;

/**
 * What a report shows of a run directory, read once: metrics.csv (required), elo.csv, arena/gen-NNNN.csv,
 * config.yaml and summary.txt (each optional).
 *
 * @param root    the run directory
 * @param metrics metrics.csv, one row per generation in generation order
 * @param ladder  elo.csv, best first (empty when absent)
 * @param arena   the arena scores per generation and opponent (empty when there are no arena files)
 * @param config  config.yaml's text, or null
 * @param summary summary.txt's text, or null
 */
public record RunData(Path root, Metrics metrics, List<EloLadder.Rating> ladder, List<ArenaScore> arena,
                      String config, String summary) {
    private static final Pattern GENERATION = Pattern.compile("gen-(\\d+)");

    /**
     * metrics.csv by column name; blank cells are NaN.
     *
     * @param generations the generation of each row, ascending
     * @param columns     every other column, indexed like {@code generations}
     */
    public record Metrics(int[] generations, Map<String, double[]> columns) {
        /** The column's values, all NaN when the file has no such column. */
        public double[] column(String name) {
            double[] values = columns.get(name);
            if (values == null) {
                values = new double[generations.length];
                Arrays.fill(values, Double.NaN);
            }
            return values;
        }

        public int size() {
            return generations.length;
        }
    }

    /**
     * The arena games of one generation's checkpoint against one opponent.
     *
     * @param score mean score of the checkpoint (1 win, 0.5 draw, 0 loss)
     */
    public record ArenaScore(int generation, String opponent, int games, double score) {
    }

    /** Reads a run directory; a clear {@link IllegalArgumentException} when it is not one or has no metrics yet. */
    public static RunData read(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            throw new IllegalArgumentException("run directory " + runDir + (Files.exists(runDir)
                    ? " is not a directory" : " does not exist"));
        }
        RunDirectory dir = new RunDirectory(runDir);
        if (!Files.isRegularFile(dir.metricsFile())) {
            throw new IllegalArgumentException(dir.root() + " has no metrics.csv: not a run directory, or its first "
                    + "generation has not finished yet");
        }
        Metrics metrics = readMetrics(CsvTable.read(dir.metricsFile()));
        List<EloLadder.Rating> ladder = Files.isRegularFile(dir.eloFile()) ? RunTables.readLadder(dir.eloFile())
                : List.of();
        return new RunData(dir.root(), metrics, ladder, readArena(dir), RunDirectory.readIfExists(dir.configFile()),
                RunDirectory.readIfExists(dir.summaryFile()));
    }

    /** The generation a player name like {@code gen-0007} stands for, or -1 for other players (anchors). */
    public static int generationOf(String player) {
        Matcher m = GENERATION.matcher(player);
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static Metrics readMetrics(CsvTable csv) {
        if (csv.rows().isEmpty()) {
            throw new IllegalArgumentException(csv.file() + " has no generations yet");
        }
        int generationColumn = csv.requireColumn("generation");
        Integer[] order = new Integer[csv.rows().size()];
        int[] generation = new int[order.length];
        for (int r = 0; r < order.length; r++) {
            double g = csv.number(r, generationColumn);
            if (!(g >= 0 && g == Math.rint(g))) {
                throw new IllegalArgumentException(csv.file() + " line " + (r + 2) + ": generation '"
                        + csv.text(r, generationColumn) + "' is not a generation number");
            }
            order[r] = r;
            generation[r] = (int) g;
        }
        Arrays.sort(order, Comparator.comparingInt(r -> generation[r]));
        int[] generations = Arrays.stream(order).mapToInt(r -> generation[r]).toArray();
        Map<String, double[]> columns = new LinkedHashMap<>();
        for (int c = 0; c < csv.header().size(); c++) {
            if (c != generationColumn) {
                double[] values = new double[order.length];
                for (int i = 0; i < order.length; i++) {
                    values[i] = csv.number(order[i], c);
                }
                columns.put(csv.header().get(c), values);
            }
        }
        return new Metrics(generations, columns);
    }

    /** Sums arena/gen-NNNN.csv (columns a, b, score_a) per generation and opponent of the generation's checkpoint. */
    private static List<ArenaScore> readArena(RunDirectory dir) {
        Path arenaDir = dir.arenaDir();
        if (!Files.isDirectory(arenaDir)) {
            return List.of();
        }
        List<ArenaScore> scores = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(arenaDir, "gen-*.csv")) {
            for (Path file : files) {
                int generation = generationOf(file.getFileName().toString().replace(".csv", ""));
                if (generation >= 0) {
                    scores.addAll(readArenaFile(RunTables.readResults(file), generation));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + arenaDir + ": " + e.getMessage(), e);
        }
        scores.sort(Comparator.comparingInt(ArenaScore::generation).thenComparing(ArenaScore::opponent));
        return scores;
    }

    private static List<ArenaScore> readArenaFile(List<EloLadder.GameResult> games, int generation) {
        String self = RunDirectory.generationName(generation);
        Map<String, double[]> byOpponent = new LinkedHashMap<>(); // opponent -> {games, total score}
        for (EloLadder.GameResult game : games) {
            double s = game.scoreA();
            String opponent;
            if (game.a().equals(self)) {
                opponent = game.b();
            } else if (game.b().equals(self)) {
                opponent = game.a();
                s = 1 - s;
            } else {
                continue; // a game between two other players says nothing about this checkpoint
            }
            if (!Double.isNaN(s)) {
                double[] sum = byOpponent.computeIfAbsent(opponent, k -> new double[2]);
                sum[0]++;
                sum[1] += s;
            }
        }
        List<ArenaScore> scores = new ArrayList<>();
        byOpponent.forEach((opponent, sum) -> scores.add(
                new ArenaScore(generation, opponent, (int) sum[0], sum[1] / sum[0])));
        return scores;
    }
}
