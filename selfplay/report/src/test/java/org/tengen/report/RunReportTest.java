package org.tengen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reports of synthetic run directories: valid PNGs with content, a page linking them, clear errors. */
class RunReportTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void writesEveryPlotAndAPageLinkingThem(int generations) throws IOException {
        Path run = SyntheticRun.write(tmp.resolve("run"), generations);
        RunReport.Output out = RunReport.write(RunData.read(run), tmp.resolve("out"));

        assertEquals(List.of("elo.png", "scores.png", "losses.png", "throughput.png"),
                out.images().stream().map(p -> p.getFileName().toString()).toList());
        for (Path png : out.images()) {
            assertDrawn(png);
        }
        String html = Files.readString(out.page());
        assertLinksExactlyThePngs(html, tmp.resolve("out"));
        assertTrue(html.contains("# a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;"), html);
        assertFalse(html.contains("<b>"), "config must be escaped");
        assertTrue(html.contains("<td>mcts-rollout (anchor)</td>"), html);
        assertTrue(html.contains("<td>gen-000" + generations + "</td>"), html);
        assertTrue(html.contains("arena games</th><td>" + 12 * generations + "</td>"), html);
        // Generation 2 recorded no self-play CPU time, generation 3 none for training (SyntheticRun).
        assertTrue(html.contains(generations == 1 ? "CPU time</th><td>self-play 12.0 s, training 4.0 s</td>"
                : "CPU time</th><td>self-play 46.0 s, training 12.0 s</td>"), html);
        assertFalse(html.contains("<script") || html.contains("<link") || html.contains("http"),
                "the page must be self-contained");
    }

    @Test
    void scoresHaveWilsonIntervalsLossesSayWhatTheTotalIsAndAxesUseOnePlainFormat() throws IOException {
        RunData data = RunData.read(SyntheticRun.write(tmp.resolve("run"), 3));
        java.util.Map<String, org.knowm.xchart.XYSeries> scores = Charts.arenaScores(data).orElseThrow().chart()
                .getSeriesMap();
        // Generation 2 won 2 of 4 games against mcts-rollout: the bar spans that score's 95% Wilson interval.
        org.knowm.xchart.XYSeries bars = scores.get("vs mcts-rollout interval");
        assertFalse(bars.isShowInLegend());
        double[] interval = org.tengen.arena.Arena.wilson95(0.5, 4);
        double[] y = bars.getYData();
        assertEquals(interval[0], y[3], 1e-12);
        assertEquals(interval[1], y[4], 1e-12);
        assertTrue(interval[0] < 0.5 && interval[1] > 0.5 && interval[1] < 1);
        assertTrue(Charts.losses(data).orElseThrow().chart().getSeriesMap()
                .containsKey("total (weighted sum + L2)"));
        assertEquals("110,000", Charts.plainNumber(1.1e5));
        assertEquals("22,000", Charts.plainNumber(22_000));
        assertEquals("0.25", Charts.plainNumber(0.25));
        assertEquals("-1,200", Charts.plainNumber(-1200));
    }

    @Test
    void theTotalsSayWhereTheTimeWent() {
        assertEquals("self-play 60%, training 30%, arena 10% of 60.0 min", HtmlPage.timeSplit(2160, 1080, 360));
        assertEquals("self-play 67%, training 33%, arena 0% of 90.0 min (no arena times: a run of an earlier "
                + "version)", HtmlPage.timeSplit(3600, 1800, 0));
        assertEquals("-", HtmlPage.timeSplit(0, 0, 0));
        assertEquals("self-play 2 h 00 min, training 30.0 min", HtmlPage.cpuTime(7200, 1800));
        assertEquals("-", HtmlPage.cpuTime(0, 0));
    }

    @Test
    void defaultsToTheRunsReportDirectory() {
        assertEquals(tmp.resolve("report"), RunReport.defaultOutput(tmp));
    }

    @Test
    void readsBlankCellsAsMissingAndArenaScoresPerOpponent() throws IOException {
        RunData data = RunData.read(SyntheticRun.write(tmp.resolve("run"), 3));
        assertEquals(3, data.metrics().size());
        assertTrue(Double.isNaN(data.metrics().column("games_per_hour")[1]));
        assertTrue(Double.isNaN(data.metrics().column("loss_total")[2]));
        assertTrue(Double.isNaN(data.metrics().column("no_such_column")[0]));
        assertEquals(3.0 / 2, data.metrics().column("loss_total")[1], 1e-3);
        // Generation 2: 4 games each against gen-0001 (1, 0.5, 1, 0.5), mcts-rollout (2 wins of 4) and random.
        List<RunData.ArenaScore> g2 = data.arena().stream().filter(s -> s.generation() == 2).toList();
        assertEquals(List.of(new RunData.ArenaScore(2, "gen-0001", 4, 0.75),
                new RunData.ArenaScore(2, "mcts-rollout", 4, 0.5), new RunData.ArenaScore(2, "random", 4, 1.0)), g2);
        assertEquals(6, data.ladder().size());
    }

    @Test
    void withoutLadderOrArenaPlotsTheMetricsFigures() throws IOException {
        Path run = SyntheticRun.write(tmp.resolve("run"), 3);
        Files.delete(run.resolve("elo.csv"));
        try (Stream<Path> files = Files.list(run.resolve("arena"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        RunReport.Output out = RunReport.write(RunData.read(run), tmp.resolve("out"));
        assertEquals(4, out.images().size());
        String html = Files.readString(out.page());
        assertTrue(html.contains("no elo.csv yet"), html);
        assertTrue(html.contains("from the Elo when each checkpoint was evaluated (metrics.csv)"), html);
    }

    @Test
    void plotsOnlyWhatTheMetricsHold() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("metrics.csv"), SyntheticRun.METRICS_HEADER + "\n1,96,,,,,,,,,,,,,,,,,\n");
        RunReport.Output out = RunReport.write(RunData.read(run), tmp.resolve("out"));
        assertEquals(List.of(), out.images());
        String html = Files.readString(out.page());
        assertTrue(html.contains("No plot"), html);
        assertTrue(html.contains("no config.yaml"), html);
        assertLinksExactlyThePngs(html, tmp.resolve("out"));
    }

    /** The columns an asynchronous run adds to metrics.csv (its roles' costs) get a plot of their own. */
    @Test
    void anAsyncRunsModelLagAndSampleAgeArePlotted() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("metrics.csv"), "generation,model_lag_mean,sample_age_mean,sample_age_max\n"
                + "1,0.5,0.4,1\n2,1.25,0.9,2\n3,,1.1,2\n");
        RunReport.Output out = RunReport.write(RunData.read(run), tmp.resolve("out"));
        assertEquals(List.of("async.png"), out.images().stream().map(p -> p.getFileName().toString()).toList());
        assertDrawn(out.images().get(0));
        assertTrue(Files.readString(out.page()).contains("model lag"), "the page shows the async figures");
    }

    @Test
    void missingDirectoryIsAClearError() {
        Path missing = tmp.resolve("nope");
        Exception e = assertThrows(IllegalArgumentException.class, () -> RunData.read(missing));
        assertEquals("run directory " + missing + " does not exist", e.getMessage());
    }

    @Test
    void directoryWithoutMetricsIsAClearError() throws IOException {
        Files.writeString(tmp.resolve("config.yaml"), SyntheticRun.CONFIG);
        Exception e = assertThrows(IllegalArgumentException.class, () -> RunData.read(tmp));
        assertTrue(e.getMessage().contains("has no metrics.csv"), e.getMessage());
    }

    @Test
    void metricsWithoutRowsIsAClearError() throws IOException {
        Files.writeString(tmp.resolve("metrics.csv"), SyntheticRun.METRICS_HEADER + "\n");
        Exception e = assertThrows(IllegalArgumentException.class, () -> RunData.read(tmp));
        assertTrue(e.getMessage().endsWith("metrics.csv has no generations yet"), e.getMessage());
    }

    @Test
    void badNumberNamesTheFileLineAndColumn() throws IOException {
        Files.writeString(tmp.resolve("metrics.csv"), "generation,loss_total\n1,3.5\n2,lots\n");
        Exception e = assertThrows(IllegalArgumentException.class, () -> RunData.read(tmp));
        assertTrue(e.getMessage().endsWith("metrics.csv line 3, column 'loss_total': not a number: 'lots'"),
                e.getMessage());
    }

    @Test
    void escapesHtml() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
                HtmlPage.escape("<a href=\"x\">Tom & Jerry's</a>"));
    }

    /** A PNG of the chart size with real drawing: many colours and plenty of pixels off the background. */
    private static void assertDrawn(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image != null, png + " is not a readable image");
        assertEquals(Charts.WIDTH, image.getWidth(), png.toString());
        assertEquals(Charts.HEIGHT, image.getHeight(), png.toString());
        int background = image.getRGB(0, 0);
        Set<Integer> colours = new HashSet<>();
        int drawn = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                colours.add(rgb);
                drawn += rgb != background ? 1 : 0;
            }
        }
        assertTrue(colours.size() > 50, png + " has only " + colours.size() + " colours");
        assertTrue(drawn > image.getWidth() * image.getHeight() / 2, png + " is mostly background");
    }

    /** Every PNG in the directory is linked by a relative {@code src}, and nothing else is. */
    private static void assertLinksExactlyThePngs(String html, Path dir) throws IOException {
        Set<String> pngs = new HashSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png")).forEach(pngs::add);
        }
        Set<String> linked = new HashSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("src=\"([^\"]*)\"").matcher(html);
        while (m.find()) {
            linked.add(m.group(1));
        }
        assertEquals(pngs, linked);
    }

    @org.junit.jupiter.api.Test
    void aRegularFileIsNotARunDirectory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("metrics.csv"), "generation\n");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RunData.read(file));
        org.junit.jupiter.api.Assertions.assertEquals("run directory " + file + " is not a directory", e.getMessage());
    }
}
