package org.tengen.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs compared: learning curves from the stored figures, one plot each, and the config fields that differ. */
class RunComparisonTest {
    @TempDir
    Path tmp;

    @Test
    void curvesPlaceEachRatedCheckpointAtTheComputeThatMadeIt() throws IOException {
        RunComparison.Curve c = RunComparison.compare(List.of(RunData.read(SyntheticRun.write(tmp.resolve("a"), 3))))
                .curves().get(0);
        // gen-0001 took 12 CPU seconds of self-play and 4 of training (6 and 2.5 of wall time); 96 games a generation.
        // Generation 2's self-play figures are blank (a run of an earlier version), which leaves the later hours unknown.
        assertArrayEquals(new double[] {96, 192, 288}, c.games(), 0);
        assertEquals(16.0 / 3600, c.hours()[0], 1e-12);
        assertTrue(Double.isNaN(c.hours()[1]) && Double.isNaN(c.hours()[2]));
    }

    @Test
    void ratesACheckpointFromItsGamesAgainstTheAnchorsAlone() throws IOException {
        Path a = SyntheticRun.write(tmp.resolve("a"), 1);
        Files.writeString(a.resolve("arena/gen-0001.csv"), "a,b,score_a\ngen-0001,gen-0000,0.0\ngen-0001,gnugo-0,1.0\n"
                + "gnugo-0,gen-0001,1.0\ngen-0001,gnugo-0,1.0\ngen-0001,gnugo-0,1.0\n");
        RunComparison.Comparison c = RunComparison.compare(List.of(RunData.read(a)));
        assertEquals("gnugo-0", c.pinned());
        // 3 wins of 4 and the ladder's prior of 0.05 drawn games against the anchor: 400 log10(3.025 / 1.025).
        assertEquals(400 * Math.log10(3.025 / 1.025), c.curves().get(0).elo()[0], 0.5);
    }

    @Test
    void runsShareOneScaleTiedToTheAnchorTheyScoredLeastAgainst() throws IOException {
        Path a = SyntheticRun.write(tmp.resolve("a"), 3);
        Path b = SyntheticRun.write(tmp.resolve("b"), 3);
        // b's own ladder says its checkpoints are far stronger; its games against the anchors are a's.
        Files.writeString(b.resolve("elo.csv"), Files.readString(b.resolve("elo.csv")).replace("gen-0003,270",
                "gen-0003,900"));
        RunComparison.Comparison c = RunComparison.compare(List.of(RunData.read(a), RunData.read(b)));

        assertEquals("mcts-rollout", c.pinned(), "the checkpoints beat random in every game");
        assertEquals(0.0, c.anchors().get("mcts-rollout"));
        double[] elo = c.curves().get(0).elo();
        assertArrayEquals(elo, c.curves().get(1).elo(), 1e-6);
        assertTrue(elo[0] < elo[1] && elo[1] < elo[2], "1, 2 and 3 wins of 4 against mcts-rollout: " + elo[0]
                + ", " + elo[1] + ", " + elo[2]);
        assertTrue(c.anchors().get("random") < elo[0]);

        var series = RunComparison.plot("p", "t", "x", c, true).chart().getSeriesMap();
        String random = String.format(Locale.ROOT, "anchor random (%.0f)", c.anchors().get("random"));
        assertEquals(List.of("a", "b", "anchor mcts-rollout (0)", random), List.copyOf(series.keySet()));
        assertEquals(c.anchors().get("random"), series.get(random).getYData()[0], 0);
    }

    @Test
    void writesBothPlotsAndTheConfigFieldsThatDiffer() throws IOException {
        Path a = SyntheticRun.write(tmp.resolve("a"), 4);
        Path b = SyntheticRun.write(tmp.resolve("b"), 2);
        Files.writeString(b.resolve("config.yaml"), SyntheticRun.CONFIG.replace("size: 5", "size: 9")
                + "search:\n  passBound: false\n");
        List<RunData> runs = List.of(RunData.read(a), RunData.read(b));
        RunReport.Output out = RunComparison.write(runs, tmp.resolve("out"));

        assertEquals(List.of("compare-elo-hours.png", "compare-elo-games.png"),
                out.images().stream().map(p -> p.getFileName().toString()).toList());
        String html = Files.readString(out.page());
        assertTrue(html.contains("<tr><td>game.size</td><td>5</td><td>9</td></tr>"), html);
        assertTrue(html.contains("<tr><td>search.passBound</td><td>-</td><td>false</td></tr>"), html);
        assertFalse(html.contains("<td>name</td>"), "fields the runs share are not listed");
        RunComparison.Curve curve = RunComparison.compare(runs).curves().get(0);
        String best = String.format(Locale.ROOT, "<td class=\"n\">%.0f \u00b1 %.0f</td>", curve.elo()[3],
                curve.ci95()[3]);
        assertTrue(html.contains(best), "best Elo of run a, its gen-0004 (4 of 4 against mcts-rollout): " + html);
    }

    /** A run from before a field was renamed does not differ from a later one by the field's name alone. */
    @Test
    void flattensEarlierFieldNamesToTheirCurrentOnes() {
        assertEquals(Map.of("selfplay.gamesPerShard", "64", "arena.gamesVsAnchors", "20"),
                RunComparison.flatten("selfplay:\n  gamesPerPart: 64\nevaluation:\n  gamesVsAnchors: 20\n"));
    }

    @Test
    void flattensNestedFieldsAndIgnoresAnUnreadableConfig() {
        assertEquals(Map.of("a.b", "1", "a.c", "[x, y]", "d", "true"),
                RunComparison.flatten("a:\n  b: 1\n  c: [x, y]\nd: true\n"));
        assertEquals(Map.of(), RunComparison.flatten("a: [unclosed"));
        assertEquals(Map.of(), RunComparison.flatten(null));
    }
}
