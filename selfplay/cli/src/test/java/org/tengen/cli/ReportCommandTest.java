package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.report.SyntheticRun;

/** {@code tengen report} from the command line: help, default and explicit output, one-line errors. */
class ReportCommandTest {
    @TempDir
    Path tmp;



    @Test
    void helpExplainsTheArguments() {
        CliRun r = CliRun.of("report", "--help");
        assertEquals(0, r.code());
        for (String word : new String[] {"RUN_DIR", "--out", "RUN_DIR/report", "report.html", "--help"}) {
            assertTrue(r.out().contains(word), word + " missing from\n" + r.out());
        }
    }

    @Test
    void writesIntoTheRunDirectoryByDefaultOrIntoOut() throws IOException {
        Path run = SyntheticRun.write(tmp.resolve("run"), 2);
        CliRun r = CliRun.of("report", run.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Wrote 4 plots and "), r.out());
        assertTrue(Files.isRegularFile(run.resolve("report").resolve("report.html")));

        Path out = tmp.resolve("elsewhere").resolve("report");
        assertEquals(0, CliRun.of("report", run.toString(), "--out", out.toString()).code());
        assertTrue(Files.isRegularFile(out.resolve("elo.png")));
    }

    @Test
    void userMistakesAreOneLineErrors() throws IOException {
        CliRun missing = CliRun.of("report", tmp.resolve("nope").toString());
        assertEquals(1, missing.code());
        assertEquals("error: run directory " + tmp.resolve("nope") + " does not exist", missing.err().strip());

        CliRun empty = CliRun.of("report", tmp.toString());
        assertEquals(1, empty.code());
        assertTrue(empty.err().startsWith("error: ") && empty.err().contains("has no metrics.csv")
                && empty.err().strip().lines().count() == 1, empty.err());

        CliRun noArgument = CliRun.of("report");
        assertEquals(2, noArgument.code());
        assertTrue(noArgument.err().startsWith("error: Missing required parameter: 'RUN_DIR'"), noArgument.err());
    }
}
