package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Progress bars: only on a terminal, and readable. */
class ProgressTest {

    @Test
    void noBarWhenStderrIsNotATerminal() {
        // Under the test runner stderr is a pipe, as it is when a run's output goes to a log file.
        assertFalse(Progress.stderrIsTerminal());
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (Progress progress = Progress.start(true, "gen 1/2 self-play", 10, "")) {
            progress.step();
            progress.extra("12 samples");
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theMessageAndTheNoteAreSpacedFromTheSpeed() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (Progress progress = Progress.to(new me.tongfei.progressbar.ConsoleProgressBarConsumer(
                new PrintStream(captured, true, StandardCharsets.UTF_8), 120), "gen 3/20 training", 10,
                "run ETA 0:04:10")) {
            progress.step();
            progress.extra("loss 4.186");
        }
        String line = captured.toString(StandardCharsets.UTF_8);
        assertTrue(line.matches("(?s).*gen 3/20 training.*/s loss 4\\.186, run ETA 0:04:10.*"), line);
        assertFalse(line.matches("(?s).*/s(\\S).*"), line);
    }

    @Test
    void logLinesWaitForTheBarToClose() {
        java.util.List<String> logged = new java.util.ArrayList<>();
        Progress bar = Progress.to(new me.tongfei.progressbar.ConsoleProgressBarConsumer(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), 120), "gen 1/1 evaluation",
                4, "");
        bar.log(() -> logged.add("match"));
        assertEquals(java.util.List.of(), logged);
        bar.close();
        assertEquals(java.util.List.of("match"), logged);
        try (Progress none = Progress.start(false, "gen 1/1 evaluation", 4, "")) {
            none.log(() -> logged.add("now"));
            assertEquals(java.util.List.of("match", "now"), logged);
        }
    }

    @Test
    void withoutATerminalALogLineAtMostOnceAMinute() {
        long[] now = {0};
        java.util.List<String> lines = new java.util.ArrayList<>();
        try (Progress progress = Progress.lines("pre-training", 100, "run ETA 1:00:00", () -> now[0], lines::add)) {
            for (int i = 1; i <= 100; i++) {
                now[0] += 2_000_000_000L; // 2 s a step
                progress.step();
                if (i == 50) {
                    progress.extra("loss 3.1");
                }
            }
        }
        // Steps 30, 60 and 90 end a minute; the last step needs no line (the phase logs its own summary).
        assertEquals(java.util.List.of(
                "pre-training: 30/100 (30%), 2.00 s each, 0:02:20 left, run ETA 1:00:00",
                "pre-training: 60/100 (60%), 2.00 s each, 0:01:20 left, loss 3.1, run ETA 1:00:00",
                "pre-training: 90/100 (90%), 2.00 s each, 0:00:20 left, loss 3.1, run ETA 1:00:00"), lines);
    }
}
