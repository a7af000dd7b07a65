package org.tengen.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.tengen.arena.Arena;
import org.tengen.arena.EloLadder;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.sweep.SweepPlan;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Several runs side by side, for a self-play experiment: the Elo of each run's checkpoints against the CPU-hours of
 * self-play and training that made them and against the self-play games, on one plot each, and a table of the
 * config fields in which the runs differ. The Elo comes from one ladder of every run's games against the fixed
 * anchors (random, GNU Go, ...), so the curves share a scale. CPU time, not wall time, because other work on a shared
 * machine stretches wall time (in a 9x9 sweep the same 4,000 training steps took 21 minutes in one run and 4 in
 * another); the arena is left out, since it measures a run rather than trains it.
 */
public final class RunComparison {
    public static final String PAGE = "compare.html";

    private RunComparison() {
    }

    /** One run's learning curve: per checkpoint that played the anchors, the compute that made it and its Elo. */
    record Curve(String name, double[] hours, double[] games, double[] elo, double[] ci95) {
    }

    /**
     * The runs on one scale: their curves, the anchor fixed at 0 Elo (null when no run played an anchor), and every
     * anchor's Elo.
     */
    record Comparison(List<Curve> curves, String pinned, Map<String, Double> anchors) {
    }

    /**
     * Writes the plots and {@value #PAGE} into {@code outDir} (created if needed), replacing earlier ones.
     */
    public static RunReport.Output write(List<RunData> runs, Path outDir) {
        Comparison comparison = compare(runs);
        List<Charts.Plot> plots = List.of(
                plot("compare-elo-hours", "Elo against CPU-hours of self-play and training", "CPU-hours "
                        + "(self-play + training, arena left out)", comparison, true),
                plot("compare-elo-games", "Elo against self-play games", "self-play games", comparison, false));
        return RunReport.write(plots, PAGE, page(runs, comparison.curves(), plots), outDir);
    }

    /**
     * Rates every run's checkpoints in one ladder of their games against the fixed anchors, the anchors shared by all
     * runs. Games between a run's own checkpoints are left out: each run's chain of checkpoints drifts on its own (in
     * the 9x9 sweep a run that never beat GNU Go ended 560 Elo above one that did, each in its own ladder), while an
     * anchor is the same player in every run. The anchor the checkpoints scored least against is fixed at 0, so the
     * scale is tied to the most informative games. Only each pair's total points enter the fit, so rebuilding games
     * from a mean score loses nothing.
     */
    static Comparison compare(List<RunData> runs) {
        List<EloLadder.GameResult> games = new ArrayList<>();
        Map<String, double[]> pooled = new TreeMap<>(); // anchor -> {games, points of the checkpoints}
        for (int i = 0; i < runs.size(); i++) {
            for (RunData.ArenaScore s : runs.get(i).arena()) {
                if (RunData.generationOf(s.opponent()) >= 0) {
                    continue;
                }
                String checkpoint = checkpoint(i, s.generation());
                double points = s.score() * s.games();
                int wins = (int) Math.floor(points + 1e-9);
                int draws = points - wins > 0.25 ? 1 : 0;
                for (int g = 0; g < s.games(); g++) {
                    games.add(new EloLadder.GameResult(checkpoint, s.opponent(),
                            g < wins ? 1 : g < wins + draws ? 0.5 : 0));
                }
                double[] sum = pooled.computeIfAbsent(s.opponent(), k -> new double[2]);
                sum[0] += s.games();
                sum[1] += points;
            }
        }
        String pinned = pooled.entrySet().stream()
                .min(Comparator.comparingDouble(e -> e.getValue()[1] / e.getValue()[0]))
                .map(Map.Entry::getKey).orElse(null);
        Map<String, EloLadder.Rating> ratings = new HashMap<>();
        if (pinned != null) {
            EloLadder.fit(games, pinned, List.of()).forEach(r -> ratings.put(r.player(), r));
        }
        List<Curve> curves = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            curves.add(curve(runs.get(i), i, ratings));
        }
        Map<String, Double> anchors = new TreeMap<>();
        pooled.keySet().forEach(a -> anchors.put(a, ratings.get(a).elo()));
        return new Comparison(curves, pinned, anchors);
    }

    private static String checkpoint(int run, int generation) {
        return run + "/" + RunDirectory.generationName(generation);
    }

    /**
     * The rated checkpoints of run {@code index} in generation order, each at the cumulative CPU seconds of self-play
     * and training and self-play games of the generations up to its own (a generation whose self-play CPU time is
     * blank, as in runs of earlier versions, leaves the rest NaN).
     */
    static Curve curve(RunData data, int index, Map<String, EloLadder.Rating> ratings) {
        RunData.Metrics m = data.metrics();
        List<double[]> rows = new ArrayList<>(); // {hours, games, elo, ci95}
        double seconds = 0;
        double games = 0;
        double[] selfPlay = m.column("selfplay_cpu_seconds");
        double[] train = m.column("train_cpu_seconds");
        double[] played = m.column("games");
        for (int i = 0; i < m.size(); i++) {
            seconds += selfPlay[i] + (Double.isFinite(train[i]) ? train[i] : 0);
            games += played[i];
            EloLadder.Rating r = ratings.get(checkpoint(index, m.generations()[i]));
            if (r != null) {
                rows.add(new double[] {seconds / 3600, games, r.elo(), r.ci95()});
            }
        }
        return new Curve(name(data), column(rows, 0), column(rows, 1), column(rows, 2), column(rows, 3));
    }

    static Charts.Plot plot(String name, String title, String xTitle, Comparison comparison, boolean hours) {
        String scale = comparison.pinned() == null ? "no anchor played" : comparison.pinned() + " = 0";
        XYChart chart = Charts.chart(title, "Elo (" + scale + ")");
        chart.setXAxisTitle(xTitle);
        // A benchmark compares many runs: their names fit in a column beside the plot, not in a row below it.
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(hours ? v -> String.format(Locale.ROOT, "%.2f", v)
                : v -> String.format(Locale.ROOT, "%,.0f", v));
        List<Double> xs = new ArrayList<>();
        for (Curve c : comparison.curves()) {
            Charts.Points p = Charts.Points.of(hours ? c.hours() : c.games(), c.elo(), c.ci95());
            if (!p.isEmpty()) {
                XYSeries s = chart.addSeries(uniqueName(chart, c.name()), p.x(), p.y(), p.error());
                s.setMarker(SeriesMarkers.CIRCLE);
                Arrays.stream(p.x()).forEach(xs::add);
            }
        }
        if (!xs.isEmpty()) {
            double[] span = Charts.span(xs.stream().mapToDouble(Double::doubleValue).toArray());
            comparison.anchors().forEach((anchor, elo) -> Charts.anchorLine(chart,
                    uniqueName(chart, String.format(Locale.ROOT, "anchor %s (%.0f)", anchor, elo)), span, elo));
        }
        return new Charts.Plot(name, "Elo of each checkpoint that played the fixed anchors (" + scale + "; bars are "
                + "95% intervals), rated from those games alone in one ladder over all runs, against the "
                + (hours ? "CPU-hours of self-play and training" : "self-play games") + " that made it; the dashed "
                + "lines are the anchors.", chart);
    }

    private static String uniqueName(XYChart chart, String name) {
        String unique = name;
        for (int k = 2; chart.getSeriesMap().containsKey(unique); k++) {
            unique = name + " (" + k + ")";
        }
        return unique;
    }

    private static String page(List<RunData> runs, List<Curve> curves, List<Charts.Plot> plots) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Tengen: ")
                .append(runs.size()).append(" runs compared</title>\n<style>\n").append(HtmlPage.STYLE)
                .append("</style>\n</head>\n<body>\n<h1>").append(runs.size()).append(" runs compared</h1>\n");
        html.append("<table>\n<tr><th>run</th><th>directory</th><th>rated checkpoints</th><th>CPU-hours</th>"
                + "<th>self-play games</th><th>best Elo</th></tr>\n");
        for (int i = 0; i < runs.size(); i++) {
            Curve c = curves.get(i);
            int n = c.elo().length;
            int best = -1;
            for (int k = 0; k < n; k++) {
                if (Double.isFinite(c.elo()[k]) && (best < 0 || c.elo()[k] > c.elo()[best])) {
                    best = k;
                }
            }
            html.append("<tr><td>").append(HtmlPage.escape(c.name())).append("</td><td>")
                    .append(HtmlPage.escape(runs.get(i).root().toString())).append("</td><td class=\"n\">").append(n)
                    .append("</td><td class=\"n\">").append(n == 0 ? "-" : HtmlPage.number(c.hours()[n - 1], "%.2f"))
                    .append("</td><td class=\"n\">").append(n == 0 ? "-" : HtmlPage.number(c.games()[n - 1], "%,.0f"))
                    .append("</td><td class=\"n\">").append(best < 0 ? "-"
                            : HtmlPage.number(c.elo()[best], "%.0f") + " \u00b1 " + HtmlPage.number(c.ci95()[best], "%.0f")).append("</td></tr>\n");
        }
        html.append("</table>\n");
        variantTable(html, runs, curves);
        html.append("<h2>Plots</h2>\n");
        for (Charts.Plot plot : plots) {
            HtmlPage.figure(html, plot);
        }
        configDifferences(html, runs, curves);
        return html.append("</body>\n</html>\n").toString();
    }

    /**
     * Runs named {@code VARIANT-sN} (a sweep's seeds) grouped into one row per variant: the final checkpoint's Elo,
     * mean and 95% Student-t interval over the seeds, and its score against each anchor, its games pooled over the
     * seeds with a 95% Wilson interval. Nothing when no run is so named.
     */
    private static void variantTable(StringBuilder html, List<RunData> runs, List<Curve> curves) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            Matcher m = SweepPlan.RUN_NAME.matcher(curves.get(i).name());
            if (m.matches()) {
                groups.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(i);
            }
        }
        if (groups.isEmpty()) {
            return;
        }
        Set<String> anchors = new TreeSet<>();
        runs.forEach(r -> r.arena().stream().map(RunData.ArenaScore::opponent)
                .filter(o -> RunData.generationOf(o) < 0).forEach(anchors::add));
        html.append("<h2>Variants over seeds</h2>\n<p>The last checkpoint of each run: Elo as mean \u00b1 95% "
                + "Student-t interval over the seeds; against each anchor, the score of its last games there, pooled "
                + "over the seeds, \u00b1 95% Wilson interval.</p>\n<table>\n<tr><th>variant</th><th>seeds</th>"
                + "<th>CPU-hours</th><th>final Elo</th>");
        anchors.forEach(a -> html.append("<th>vs ").append(HtmlPage.escape(a)).append("</th>"));
        html.append("</tr>\n");
        groups.forEach((variant, members) -> {
            double[] finalElo = members.stream().mapToDouble(i -> last(curves.get(i).elo())).toArray();
            double[] hours = members.stream().mapToDouble(i -> last(curves.get(i).hours())).toArray();
            html.append("<tr><td>").append(HtmlPage.escape(variant)).append("</td><td class=\"n\">")
                    .append(members.size()).append("</td><td class=\"n\">")
                    .append(HtmlPage.number(new Mean().evaluate(hours), "%.2f")).append("</td><td class=\"n\">")
                    .append(meanWithInterval(finalElo)).append("</td>");
            for (String anchor : anchors) {
                double won = 0;
                int games = 0;
                for (int i : members) {
                    RunData.ArenaScore lastGames = null;
                    for (RunData.ArenaScore score : runs.get(i).arena()) {
                        if (score.opponent().equals(anchor)) {
                            lastGames = score; // the scores are in generation order
                        }
                    }
                    if (lastGames != null) {
                        won += lastGames.score() * lastGames.games();
                        games += lastGames.games();
                    }
                }
                double[] wilson = Arena.wilson95(games == 0 ? 0 : won / games, games);
                html.append("<td class=\"n\">").append(games == 0 ? "-" : HtmlPage.number(won / games, "%.2f")
                        + " \u00b1 " + HtmlPage.number((wilson[1] - wilson[0]) / 2, "%.2f") + " (" + games + ")")
                        .append("</td>");
            }
            html.append("</tr>\n");
        });
        html.append("</table>\n");
    }

    /** {@code mean ± t(0.975, n-1) sd / sqrt(n)}; the mean alone for one value; "-" for none. */
    static String meanWithInterval(double[] values) {
        double[] finite = Arrays.stream(values).filter(Double::isFinite).toArray();
        if (finite.length == 0) {
            return "-";
        }
        double mean = new Mean().evaluate(finite);
        if (finite.length == 1) {
            return HtmlPage.number(mean, "%.0f");
        }
        double t = new TDistribution(finite.length - 1).inverseCumulativeProbability(0.975);
        double half = t * new StandardDeviation().evaluate(finite) / Math.sqrt(finite.length);
        return HtmlPage.number(mean, "%.0f") + " \u00b1 " + HtmlPage.number(half, "%.0f");
    }

    private static double last(double[] values) {
        return values.length == 0 ? Double.NaN : values[values.length - 1];
    }

    /** The config fields (dotted paths) whose values are not the same in every run; absent fields show as "-". */
    private static void configDifferences(StringBuilder html, List<RunData> runs, List<Curve> curves) {
        List<Map<String, String>> flat = runs.stream().map(r -> flatten(r.config())).toList();
        Set<String> keys = new LinkedHashSet<>();
        flat.forEach(f -> keys.addAll(f.keySet()));
        html.append("<h2>Config differences</h2>\n");
        List<String> differing = keys.stream().filter(k -> flat.stream().map(f -> f.getOrDefault(k, "-"))
                .distinct().count() > 1).toList();
        if (differing.isEmpty()) {
            html.append("<p>The runs' configs are the same.</p>\n");
            return;
        }
        html.append("<table>\n<tr><th>field</th>");
        curves.forEach(c -> html.append("<th>").append(HtmlPage.escape(c.name())).append("</th>"));
        html.append("</tr>\n");
        for (String k : differing) {
            html.append("<tr><td>").append(HtmlPage.escape(k)).append("</td>");
            flat.forEach(f -> html.append("<td>").append(HtmlPage.escape(f.getOrDefault(k, "-"))).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /**
     * A config's fields as dotted paths, under their current names ({@link RunConfig#RENAMED}: a run from before a
     * rename does not differ by the name alone), to their values' text; an absent or unreadable config has none.
     */
    static Map<String, String> flatten(String yaml) {
        Map<String, String> out = new LinkedHashMap<>();
        if (yaml == null) {
            return out;
        }
        Object root;
        try {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        } catch (RuntimeException unreadable) {
            return out;
        }
        flatten("", root, out);
        return out;
    }

    private static void flatten(String prefix, Object node, Map<String, String> out) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, out));
        } else if (!prefix.isEmpty()) {
            out.put(RunConfig.currentName(prefix), String.valueOf(node));
        }
    }

    private static String name(RunData data) {
        Path file = data.root().getFileName();
        return file == null ? data.root().toString() : file.toString();
    }

    private static double[] column(List<double[]> rows, int index) {
        return rows.stream().mapToDouble(r -> r[index]).toArray();
    }
}
