package org.tengen.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs compared: learning curves from the stored figures, one plot each, and the config fields that differ. */
class RunComparisonTest {
    @TempDir
    Path tmp;

    @Test
    void curvesPlaceEachCheckpointAtTheComputeThatMadeIt() throws IOException {
        RunComparison.Curve c = RunComparison.curve(RunData.read(SyntheticRun.write(tmp.resolve("a"), 1)));
        // gen-0000 is where every run starts; gen-0001 took 6 s of self-play and 2.5 s of training, 96 games.
        assertArrayEquals(new double[] {0, 8.5 / 3600}, c.hours(), 1e-12);
        assertArrayEquals(new double[] {0, 96}, c.games(), 0);
        assertArrayEquals(new double[] {20.5, 90}, c.elo(), 1e-9);
    }

    @Test
    void blankSelfPlayFiguresLeaveTheLaterHoursUnknown() throws IOException {
        // Generation 2 of the synthetic run ran its self-play in an earlier session (blank figures).
        RunComparison.Curve c = RunComparison.curve(RunData.read(SyntheticRun.write(tmp.resolve("a"), 3)));
        assertEquals(4, c.hours().length);
        assertTrue(Double.isFinite(c.hours()[1]));
        assertTrue(Double.isNaN(c.hours()[2]) && Double.isNaN(c.hours()[3]));
    }

    @Test
    void writesBothPlotsAndTheConfigFieldsThatDiffer() throws IOException {
        Path a = SyntheticRun.write(tmp.resolve("a"), 4);
        Path b = SyntheticRun.write(tmp.resolve("b"), 2);
        Files.writeString(b.resolve("config.yaml"), SyntheticRun.CONFIG.replace("size: 5", "size: 9")
                + "search:\n  passBound: false\n");
        RunReport.Output out = RunComparison.write(List.of(RunData.read(a), RunData.read(b)), tmp.resolve("out"));

        assertEquals(List.of("compare-elo-hours.png", "compare-elo-games.png"),
                out.images().stream().map(p -> p.getFileName().toString()).toList());
        String html = Files.readString(out.page());
        assertTrue(html.contains("<tr><td>game.size</td><td>5</td><td>9</td></tr>"), html);
        assertTrue(html.contains("<tr><td>search.passBound</td><td>-</td><td>false</td></tr>"), html);
        assertFalse(html.contains("<td>name</td>"), "fields the runs share are not listed");
        assertTrue(html.contains("<td class=\"n\">360 \u00b1 104</td>"), "best Elo of run a: " + html);
    }

    @Test
    void drawsEachAnchorEveryRunPlayedOnceAtItsMeanElo() throws IOException {
        Path a = SyntheticRun.write(tmp.resolve("a"), 2);
        Path b = SyntheticRun.write(tmp.resolve("b"), 2);
        Files.writeString(a.resolve("elo.csv"), Files.readString(a.resolve("elo.csv")) + "gnugo-0,700,90,40,0.5\n");
        Files.writeString(b.resolve("elo.csv"), Files.readString(b.resolve("elo.csv"))
                .replace("mcts-rollout,250,", "mcts-rollout,300,"));
        List<RunComparison.Curve> curves = List.of(RunComparison.curve(RunData.read(a)),
                RunComparison.curve(RunData.read(b)));
        assertEquals(Map.of("random", 0.0, "mcts-rollout", 250.0, "gnugo-0", 700.0), curves.get(0).anchors());

        var series = RunComparison.plot("p", "t", "x", curves, true).chart().getSeriesMap();
        assertEquals(List.of("a", "b", "anchor mcts-rollout (275, runs 250 to 300)", "anchor random (0)"),
                List.copyOf(series.keySet()), "gnugo-0 is in one run's ladder only");
        assertArrayEquals(new double[] {275, 275}, series.get("anchor mcts-rollout (275, runs 250 to 300)").getYData(),
                0);
        assertArrayEquals(new double[] {0, 8.5 / 3600}, series.get("anchor random (0)").getXData(), 1e-12,
                "the lines span the checkpoints of all runs");
    }

    @Test
    void flattensNestedFieldsAndIgnoresAnUnreadableConfig() {
        assertEquals(Map.of("a.b", "1", "a.c", "[x, y]", "d", "true"),
                RunComparison.flatten("a:\n  b: 1\n  c: [x, y]\nd: true\n"));
        assertEquals(Map.of(), RunComparison.flatten("a: [unclosed"));
        assertEquals(Map.of(), RunComparison.flatten(null));
    }
}
