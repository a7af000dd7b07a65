package org.tengen.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.tengen.sweep.SweepPlan;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Several runs side by side, for a self-play experiment: the Elo of each run's checkpoints against the hours of
 * self-play and training that made them and against the self-play games, on one plot each, and a table of the
 * config fields in which the runs differ. Every run's ladder is anchored at the random player (0), so the curves share
 * a scale; evaluation time is left out of the hours, since it measures a run rather than trains it.
 */
public final class RunComparison {
    public static final String PAGE = "compare.html";

    private RunComparison() {
    }

    /**
     * One run's learning curve: per checkpoint of its ladder, the compute that made it and its Elo; and the Elo of each
     * fixed anchor in that ladder.
     */
    record Curve(String name, double[] hours, double[] games, double[] elo, double[] ci95,
                 Map<String, Double> anchors) {
    }

    /**
     * Writes the plots and {@value #PAGE} into {@code outDir} (created if needed), replacing earlier ones.
     */
    public static RunReport.Output write(List<RunData> runs, Path outDir) {
        List<Curve> curves = runs.stream().map(RunComparison::curve).toList();
        List<Charts.Plot> plots = List.of(
                plot("compare-elo-hours", "Elo against hours of self-play and training", "hours (self-play + "
                        + "training, arena left out)", curves, true),
                plot("compare-elo-games", "Elo against self-play games", "self-play games", curves, false));
        return RunReport.write(plots, PAGE, page(runs, curves, plots), outDir);
    }

    /**
     * The checkpoints of a run's ladder in generation order, each at the cumulative self-play and training seconds and
     * self-play games of the generations up to its own (a generation with a blank figure leaves the rest NaN).
     */
    static Curve curve(RunData data) {
        RunData.Metrics m = data.metrics();
        Map<Integer, double[]> byGeneration = new LinkedHashMap<>(); // generation -> {hours, games}
        double seconds = 0;
        double games = 0;
        double[] selfPlay = m.column("selfplay_seconds");
        double[] train = m.column("train_seconds");
        double[] played = m.column("games");
        for (int i = 0; i < m.size(); i++) {
            seconds += selfPlay[i] + (Double.isFinite(train[i]) ? train[i] : 0);
            games += played[i];
            byGeneration.put(m.generations()[i], new double[] {seconds / 3600, games});
        }
        List<double[]> rows = new ArrayList<>(); // {generation, hours, games, elo, ci95}
        Map<String, Double> anchors = new TreeMap<>();
        for (EloLadder.Rating r : data.ladder()) {
            int g = RunData.generationOf(r.player());
            double[] at = g == 0 ? new double[] {0, 0} : byGeneration.get(g);
            if (g < 0 && Double.isFinite(r.elo())) {
                anchors.put(r.player(), r.elo());
            } else if (g >= 0 && at != null) {
                rows.add(new double[] {g, at[0], at[1], r.elo(), r.ci95()});
            }
        }
        rows.sort((a, b) -> Double.compare(a[0], b[0]));
        return new Curve(name(data), column(rows, 1), column(rows, 2), column(rows, 3), column(rows, 4), anchors);
    }

    static Charts.Plot plot(String name, String title, String xTitle, List<Curve> curves, boolean hours) {
        XYChart chart = Charts.chart(title, "Elo (random = 0)");
        chart.setXAxisTitle(xTitle);
        // A benchmark compares many runs: their names fit in a column beside the plot, not in a row below it.
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(hours ? v -> String.format(Locale.ROOT, "%.2f", v)
                : v -> String.format(Locale.ROOT, "%,.0f", v));
        List<Double> xs = new ArrayList<>();
        for (Curve c : curves) {
            Charts.Points p = Charts.Points.of(hours ? c.hours() : c.games(), c.elo(), c.ci95());
            if (!p.isEmpty()) {
                XYSeries s = chart.addSeries(uniqueName(chart, c.name()), p.x(), p.y(), p.error());
                s.setMarker(SeriesMarkers.CIRCLE);
                Arrays.stream(p.x()).forEach(xs::add);
            }
        }
        if (!xs.isEmpty()) {
            sharedAnchorLines(chart, curves, Charts.span(xs.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return new Charts.Plot(name, "Elo of each checkpoint in its own run's final ladder (random = 0; bars are "
                + "95% intervals) against the " + (hours ? "hours of self-play and training" : "self-play games")
                + " that made it; the dashed lines are the fixed anchors every run played, at their Elo in each "
                + "run's ladder (one line where the runs agree).", chart);
    }

    /**
     * One dashed line for each anchor in every run's ladder, at its mean Elo over the runs, with their range in the
     * legend where they differ (one line per run and anchor would bury the curves of a benchmark of many runs).
     */
    private static void sharedAnchorLines(XYChart chart, List<Curve> curves, double[] span) {
        Set<String> shared = new TreeSet<>(curves.get(0).anchors().keySet());
        curves.forEach(c -> shared.retainAll(c.anchors().keySet()));
        for (String anchor : shared) {
            double[] elo = curves.stream().mapToDouble(c -> c.anchors().get(anchor)).toArray();
            double mean = Arrays.stream(elo).average().orElseThrow();
            long low = Math.round(Arrays.stream(elo).min().orElseThrow());
            long high = Math.round(Arrays.stream(elo).max().orElseThrow());
            String label = low == high ? String.format(Locale.ROOT, "anchor %s (%d)", anchor, low)
                    : String.format(Locale.ROOT, "anchor %s (%.0f, runs %d to %d)", anchor, mean, low, high);
            Charts.anchorLine(chart, uniqueName(chart, label), span, mean);
        }
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
        html.append("<table>\n<tr><th>run</th><th>directory</th><th>checkpoints</th><th>hours</th>"
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
                + "<th>hours</th><th>final Elo</th>");
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

    /** A config's fields as dotted paths to their values' text; an absent or unreadable config has none. */
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
            out.put(prefix, String.valueOf(node));
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
