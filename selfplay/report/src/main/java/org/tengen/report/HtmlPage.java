package org.tengen.report;

import java.util.List;
import java.util.Locale;
import org.tengen.arena.EloLadder;

/** The report's HTML page: totals, the plots (relative links), the Elo ladder, the session summary and config. */
final class HtmlPage {
    static final String STYLE = """
            body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
            th, td { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            tr.anchor td { font-style: italic; color: #555; }
            th { text-align: left; background: #f3f3f3; }
            figure { margin: 1em 0 2em; }
            img { max-width: 100%; height: auto; border: 1px solid #ddd; }
            figcaption { color: #555; font-size: 0.9em; }
            pre { background: #f6f6f6; padding: 1em; overflow-x: auto; font-size: 0.85em; }
            """;

    private HtmlPage() {
    }

    /** The page; each plot is expected next to it as {@code name.png}. */
    static String render(RunData data, List<Charts.Plot> plots) {
        String name = data.root().getFileName() == null ? data.root().toString()
                : data.root().getFileName().toString();
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Tengen run ")
                .append(escape(name)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>Tengen run ").append(escape(name)).append("</h1>\n<p>")
                .append(escape(data.root().toString())).append("</p>\n");
        totals(html, data);
        html.append("<h2>Plots</h2>\n");
        if (plots.isEmpty()) {
            html.append("<p>No plot: metrics.csv has no figures yet.</p>\n");
        }
        for (Charts.Plot plot : plots) {
            figure(html, plot);
        }
        ladder(html, data.ladder());
        if (data.summary() != null) {
            html.append("<h2>Summary of the last training session (summary.txt)</h2>\n");
            pre(html, data.summary());
        }
        html.append("<h2>Configuration (config.yaml)</h2>\n");
        if (data.config() == null) {
            html.append("<p>The run directory has no config.yaml.</p>\n");
        } else {
            pre(html, data.config());
        }
        return html.append("</body>\n</html>\n").toString();
    }

    /** A plot's image, expected next to the page as {@code name.png}, with its caption. */
    static void figure(StringBuilder html, Charts.Plot plot) {
        html.append("<figure>\n<img src=\"").append(escape(plot.name())).append(".png\" width=\"")
                .append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT).append("\" alt=\"")
                .append(escape(plot.chart().getTitle())).append("\">\n<figcaption>")
                .append(escape(plot.caption())).append("</figcaption>\n</figure>\n");
    }

    /**
     * The process's CPU time in self-play and in training, which the load of other work does not stretch as it does
     * wall time; "-" when no generation recorded it (runs of earlier versions, async runs).
     */
    static String cpuTime(double selfPlay, double training) {
        if (!(selfPlay + training > 0)) {
            return "-";
        }
        return "self-play " + duration(selfPlay) + ", training " + duration(training);
    }

    /** Self-play, training and the arena as shares of their sum, e.g. {@code self-play 61%, training 30%, ...}. */
    static String timeSplit(double selfPlay, double training, double evaluation) {
        double all = selfPlay + training + evaluation;
        if (!(all > 0)) {
            return "-";
        }
        return String.format(Locale.ROOT, "self-play %.0f%%, training %.0f%%, arena %.0f%% of %s",
                100 * selfPlay / all, 100 * training / all, 100 * evaluation / all, duration(all))
                + (evaluation > 0 ? "" : " (no arena times: a run of an earlier version)");
    }

    /** Totals over the generations of metrics.csv (blank cells are skipped). */
    private static void totals(StringBuilder html, RunData data) {
        RunData.Metrics m = data.metrics();
        int[] g = m.generations();
        double selfPlaySeconds = sum(m.column("selfplay_seconds"));
        double games = sum(m.column("games"));
        double[] evalsPerSecond = m.column("nn_evals_per_second");
        double[] seconds = m.column("selfplay_seconds");
        double evaluations = 0;
        double evaluationSeconds = 0;
        for (int i = 0; i < g.length; i++) {
            if (Double.isFinite(evalsPerSecond[i]) && Double.isFinite(seconds[i])) {
                evaluations += evalsPerSecond[i] * seconds[i];
                evaluationSeconds += seconds[i];
            }
        }
        html.append("<h2>Totals</h2>\n<table>\n");
        row(html, "generations", g.length == g[g.length - 1] - g[0] + 1
                ? String.format(Locale.ROOT, "%d (%d to %d)", g.length, g[0], g[g.length - 1])
                : String.format(Locale.ROOT, "%d rows, %d to %d", g.length, g[0], g[g.length - 1]));
        row(html, "self-play games", count(games));
        row(html, "training samples", count(sum(m.column("samples"))));
        row(html, "self-play time", duration(selfPlaySeconds));
        row(html, "self-play speed", selfPlaySeconds > 0 && evaluationSeconds > 0
                ? String.format(Locale.ROOT, "%,.0f games/hour, %,.0f network evaluations/s", games * 3600
                        / selfPlaySeconds, evaluations / evaluationSeconds) : "-");
        row(html, "training steps", count(sum(m.column("train_steps"))));
        row(html, "training time", duration(sum(m.column("train_seconds"))));
        row(html, "arena games", count(data.arena().stream().mapToInt(RunData.ArenaScore::games).sum()));
        row(html, "where the time went", timeSplit(selfPlaySeconds, sum(m.column("train_seconds")),
                sum(m.column("eval_seconds"))));
        row(html, "CPU time", cpuTime(sum(m.column("selfplay_cpu_seconds")), sum(m.column("train_cpu_seconds"))));
        int last = lastFinite(m.column("loss_total"));
        if (last >= 0) {
            row(html, "losses of generation " + g[last], String.format(Locale.ROOT,
                    "total %.3f, policy %.3f, value %.3f, ownership %.3f", m.column("loss_total")[last],
                    m.column("loss_policy")[last], m.column("loss_value")[last], m.column("loss_ownership")[last])
                    .replace("NaN", "-"));
        }
        data.ladder().stream().filter(r -> RunData.generationOf(r.player()) >= 0 && Double.isFinite(r.elo()))
                .max((a, b) -> Double.compare(a.elo(), b.elo()))
                .ifPresent(r -> row(html, "strongest checkpoint", String.format(Locale.ROOT, "%s, %.0f \u00b1 %.0f Elo",
                        r.player(), r.elo(), r.ci95())));
        html.append("</table>\n");
    }

    private static void ladder(StringBuilder html, List<EloLadder.Rating> ladder) {
        html.append("<h2>Elo ladder (elo.csv)</h2>\n");
        if (ladder.isEmpty()) {
            html.append("<p>The run directory has no elo.csv yet.</p>\n");
            return;
        }
        html.append("<table>\n<tr><th>#</th><th>player</th><th>Elo</th><th>95% \u00b1</th><th>games</th>"
                + "<th>score</th></tr>\n");
        int rank = 1;
        for (EloLadder.Rating r : ladder) {
            boolean anchor = RunData.generationOf(r.player()) < 0;
            html.append(anchor ? "<tr class=\"anchor\">" : "<tr>")
                    .append("<td class=\"n\">").append(rank++).append("</td><td>").append(escape(r.player()))
                    .append(anchor ? " (anchor)" : "").append("</td><td class=\"n\">").append(number(r.elo(), "%.0f"))
                    .append("</td><td class=\"n\">").append(number(r.ci95(), "%.0f"))
                    .append("</td><td class=\"n\">").append(r.games())
                    .append("</td><td class=\"n\">").append(number(r.score(), "%.3f")).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void row(StringBuilder html, String name, String value) {
        html.append("<tr><th>").append(escape(name)).append("</th><td>").append(escape(value)).append("</td></tr>\n");
    }

    private static void pre(StringBuilder html, String text) {
        html.append("<pre>").append(escape(text.stripTrailing())).append("</pre>\n");
    }

    /** Escapes text for HTML element content and double-quoted attributes. */
    static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            if (Double.isFinite(v)) {
                s += v;
            }
        }
        return s;
    }

    private static int lastFinite(double[] values) {
        for (int i = values.length - 1; i >= 0; i--) {
            if (Double.isFinite(values[i])) {
                return i;
            }
        }
        return -1;
    }

    private static String count(double n) {
        return String.format(Locale.ROOT, "%,d", Math.round(n));
    }

    static String number(double v, String format) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "-";
    }

    private static String duration(double seconds) {
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.1f min", seconds / 60);
        }
        long minutes = Math.round(seconds / 60);
        return String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60);
    }
}
