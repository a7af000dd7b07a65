package org.tengen.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.tengen.arena.Arena;
import org.tengen.arena.EloLadder;

/** The report's plots, built from a run's data; a plot without a single finite point is left out. */
final class Charts {
    static final int WIDTH = 960;
    static final int HEIGHT = 520;

    static {
        // Plots are drawn into off-screen images: never connect to a display, even when one is set.
        System.setProperty("java.awt.headless", "true");
    }

    /**
     * One plot of the report.
     *
     * @param name        file name without extension
     * @param caption     one sentence under the plot in the HTML page
     */
    record Plot(String name, String caption, XYChart chart) {
    }

    private Charts() {
    }

    static List<Plot> all(RunData data) {
        List<Plot> plots = new ArrayList<>();
        elo(data).ifPresent(plots::add);
        arenaScores(data).ifPresent(plots::add);
        losses(data).ifPresent(plots::add);
        throughput(data).ifPresent(plots::add);
        asyncRoles(data).ifPresent(plots::add);
        return plots;
    }

    /** Finite points of a series; error bars are optional (null), and a non-finite error draws none. */
    record Points(double[] x, double[] y, double[] error) {
        static Points of(double[] x, double[] y, double[] error) {
            int n = 0;
            for (int i = 0; i < x.length; i++) {
                if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                    n++;
                }
            }
            Points p = new Points(new double[n], new double[n], error == null ? null : new double[n]);
            int k = 0;
            for (int i = 0; i < x.length; i++) {
                if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                    p.x[k] = x[i];
                    p.y[k] = y[i];
                    if (error != null) {
                        p.error[k] = Double.isFinite(error[i]) ? error[i] : 0;
                    }
                    k++;
                }
            }
            return p;
        }

        boolean isEmpty() {
            return x.length == 0;
        }
    }

    /** The Elo of every checkpoint in the final ladder, with 95% intervals, and the anchors as horizontal lines. */
    static Optional<Plot> elo(RunData data) {
        List<double[]> checkpoints = new ArrayList<>(); // {generation, elo, ci95}
        List<EloLadder.Rating> anchors = new ArrayList<>();
        for (EloLadder.Rating r : data.ladder()) {
            int g = RunData.generationOf(r.player());
            if (g >= 0) {
                checkpoints.add(new double[] {g, r.elo(), r.ci95()});
            } else {
                anchors.add(r);
            }
        }
        String source = "final Elo ladder (elo.csv)";
        if (checkpoints.isEmpty()) { // no elo.csv: the ratings metrics.csv recorded when each generation was new
            source = "Elo when each checkpoint was evaluated (metrics.csv)";
            RunData.Metrics m = data.metrics();
            for (int i = 0; i < m.size(); i++) {
                checkpoints.add(new double[] {m.generations()[i], m.column("elo")[i], m.column("elo_ci95")[i]});
            }
        }
        checkpoints.sort((a, b) -> Double.compare(a[0], b[0]));
        Points points = Points.of(column(checkpoints, 0), column(checkpoints, 1), column(checkpoints, 2));
        if (points.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = chart("Elo of each checkpoint with its 95% interval", "Elo");
        XYSeries series = chart.addSeries("checkpoint", points.x(), points.y(), points.error());
        series.setMarker(SeriesMarkers.CIRCLE);
        double[] span = span(points.x());
        for (EloLadder.Rating anchor : anchors) {
            if (Double.isFinite(anchor.elo())) {
                anchorLine(chart, String.format(Locale.ROOT, "anchor %s (%.0f)", anchor.player(), anchor.elo()), span,
                        anchor.elo());
            }
        }
        return Optional.of(new Plot("elo", "Elo of each checkpoint from the " + source
                + "; the bars are 95% intervals, the dashed lines the fixed anchors (the ladder's anchor is at 0).",
                chart));
    }

    /**
     * The mean score of each new checkpoint against the previous best and each anchor, with the 95% Wilson interval
     * of its game count; the series sit side by side around each generation so that their intervals stay apart.
     */
    static Optional<Plot> arenaScores(RunData data) {
        Map<String, List<double[]>> byOpponent = new LinkedHashMap<>(); // series -> {generation, score, games}
        for (RunData.ArenaScore s : data.arena()) {
            String name = RunData.generationOf(s.opponent()) >= 0 ? "vs previous best" : "vs " + s.opponent();
            byOpponent.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new double[] {s.generation(), s.score(), s.games()});
        }
        if (byOpponent.isEmpty()) { // no arena files: metrics.csv still has the score against the previous best
            RunData.Metrics m = data.metrics();
            List<double[]> rows = new ArrayList<>();
            for (int i = 0; i < m.size(); i++) {
                rows.add(new double[] {m.generations()[i], m.column("score_vs_previous")[i], 0});
            }
            byOpponent.put("vs previous best", rows);
        }
        XYChart chart = chart("Arena score of each new checkpoint with its 95% interval",
                "mean score (win 1, draw 0.5, loss 0)");
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        Color[] colors = chart.getStyler().getSeriesColors();
        List<Double> generations = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, List<double[]>> e : byOpponent.entrySet()) {
            double offset = (index - (byOpponent.size() - 1) / 2.0) * 0.06;
            Color color = colors[index++ % colors.length];
            double[] x = Arrays.stream(column(e.getValue(), 0)).map(g -> g + offset).toArray();
            Points p = Points.of(x, column(e.getValue(), 1), null);
            if (p.isEmpty()) {
                continue;
            }
            XYSeries series = chart.addSeries(e.getKey(), p.x(), p.y());
            series.setLineColor(color);
            series.setMarkerColor(color);
            addIntervals(chart, e.getKey(), x, e.getValue(), color);
            for (double g : p.x()) {
                generations.add(g);
            }
        }
        if (generations.isEmpty()) {
            return Optional.empty();
        }
        double[] span = span(generations.stream().mapToDouble(Double::doubleValue).toArray());
        // Whole-generation bounds keep the ticks (and so their labels) on whole generations despite the offsets.
        chart.getStyler().setXAxisMin(Math.floor(span[0])).setXAxisMax(Math.ceil(span[1]));
        XYSeries even = chart.addSeries("even (0.5)", span, new double[] {0.5, 0.5});
        even.setMarker(SeriesMarkers.NONE);
        even.setLineStyle(SeriesLines.DOT_DOT);
        even.setLineColor(Color.GRAY);
        return Optional.of(new Plot("scores", "Mean score of each generation's new checkpoint in its arena "
                + "games (arena/gen-NNNN.csv) against the previous best checkpoint and against each anchor; the bars "
                + "are 95% Wilson intervals from the number of games.", chart));
    }

    /**
     * Vertical bars from the low to the high end of each row's 95% Wilson interval ({generation, score, games}
     * rows, drawn at {@code x}), as one line series broken by NaN and left out of the legend.
     */
    private static void addIntervals(XYChart chart, String name, double[] x, List<double[]> rows, Color color) {
        List<double[]> segments = new ArrayList<>(); // {x, y}, NaN between bars
        for (int i = 0; i < rows.size(); i++) {
            double[] row = rows.get(i);
            if (Double.isFinite(x[i]) && Double.isFinite(row[1]) && row[2] >= 1) {
                double[] interval = Arena.wilson95(row[1], (int) row[2]);
                segments.add(new double[] {x[i], interval[0]});
                segments.add(new double[] {x[i], interval[1]});
                segments.add(new double[] {Double.NaN, Double.NaN});
            }
        }
        if (segments.isEmpty()) {
            return;
        }
        XYSeries bars = chart.addSeries(name + " interval", column(segments, 0), column(segments, 1));
        bars.setMarker(SeriesMarkers.NONE);
        bars.setLineColor(color);
        bars.setShowInLegend(false);
    }

    /** The training losses of each generation. */
    static Optional<Plot> losses(RunData data) {
        XYChart chart = chart("Training loss per generation", "loss");
        boolean any = false;
        String[][] columns = {{"loss_total", "total (weighted sum + L2)"}, {"loss_policy", "policy"}, {"loss_value", "value"},
            {"loss_ownership", "ownership"}};
        for (String[] c : columns) {
            any |= addLine(chart, c[1], data.metrics(), c[0]) != null;
        }
        return any ? Optional.of(new Plot("losses", "Mean training losses of each generation (metrics.csv): the "
                + "total is policy + weighted value, ownership and score losses plus L2.", chart)) : Optional.empty();
    }

    /** Self-play games per hour (left axis) and network evaluations per second (right axis). */
    static Optional<Plot> throughput(RunData data) {
        XYChart chart = chart("Self-play throughput per generation", "games per hour");
        XYSeries games = addLine(chart, "games per hour (left)", data.metrics(), "games_per_hour");
        XYSeries evals = addLine(chart, "network evaluations per second (right)", data.metrics(),
                "nn_evals_per_second");
        if (games == null && evals == null) {
            return Optional.empty();
        }
        if (evals != null) {
            evals.setYAxisGroup(1);
            chart.setYAxisGroupTitle(1, "network evaluations per second");
            chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
            chart.getStyler().setYAxisMin(1, 0.0);
        }
        if (games != null) {
            chart.setYAxisGroupTitle(0, "games per hour");
        }
        chart.getStyler().setYAxisMin(0, 0.0);
        return Optional.of(new Plot("throughput", "Self-play speed of each generation (metrics.csv); generations "
                + "whose self-play ran in an earlier session of the run have no figures.", chart));
    }

    /** An asynchronous run's costs: how far the actor's model lagged behind, and how old the trained samples were. */
    static Optional<Plot> asyncRoles(RunData data) {
        XYChart chart = chart("Asynchronous self-play: model lag and sample age", "generations");
        boolean any = addLine(chart, "model lag when a batch was uploaded (mean)", data.metrics(), "model_lag_mean")
                != null;
        any |= addLine(chart, "sample age at training (mean)", data.metrics(), "sample_age_mean") != null;
        any |= addLine(chart, "sample age at training (max)", data.metrics(), "sample_age_max") != null;
        return any ? Optional.of(new Plot("async", "Runs with mode: async (metrics.csv): generations between the latest"
                + " model and the one that played a batch when it was uploaded, and between the model that played a"
                + " sample and the model trained on it.", chart)) : Optional.empty();
    }

    /**
     * Adds a metrics column as a line over generations, broken where a cell is blank (XChart leaves a gap at NaN);
     * null when the column has no finite value.
     */
    private static XYSeries addLine(XYChart chart, String name, RunData.Metrics m, String column) {
        double[] y = m.column(column);
        if (Arrays.stream(y).noneMatch(Double::isFinite)) {
            return null;
        }
        double[] x = Arrays.stream(m.generations()).asDoubleStream().toArray();
        return chart.addSeries(name, x, Arrays.stream(y).map(v -> Double.isFinite(v) ? v : Double.NaN).toArray());
    }

    static XYChart chart(String title, String yTitle) {
        XYChart chart = new XYChart(WIDTH, HEIGHT);
        chart.setTitle(title);
        chart.setXAxisTitle("generation");
        chart.setYAxisTitle(yTitle);
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setErrorBarsColorSeriesColor(true);
        styler.setMarkerSize(6);
        // Generations are whole numbers: label only the whole ticks.
        styler.setxAxisTickLabelsFormattingFunction(
                v -> Math.abs(v - Math.rint(v)) < 1e-9 ? String.format(Locale.ROOT, "%d", Math.round(v)) : "");
        // One plain format on every value axis: 110,000 and 22,000, never 1.1E5.
        styler.setyAxisTickLabelsFormattingFunction(Charts::plainNumber);
        return chart;
    }

    /** A tick label: thousands separated, up to three decimals, no exponent. */
    static String plainNumber(double v) {
        return new java.text.DecimalFormat("#,##0.###", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(v);
    }

    /** The x range of horizontal reference lines: the data's, widened around a single generation. */
    /** A dashed horizontal line named {@code name} at Elo {@code elo} over {@code span}: a fixed anchor's rating. */
    static void anchorLine(XYChart chart, String name, double[] span, double elo) {
        XYSeries line = chart.addSeries(name, span, new double[] {elo, elo});
        line.setMarker(SeriesMarkers.NONE);
        line.setLineStyle(SeriesLines.DASH_DASH);
    }

    static double[] span(double[] x) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return min == max ? new double[] {min - 0.5, max + 0.5} : new double[] {min, max};
    }

    private static double[] column(List<double[]> rows, int index) {
        return rows.stream().mapToDouble(r -> r[index]).toArray();
    }
}
