package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.report.SyntheticRun;
import picocli.CommandLine;

/** {@code tengen report} from the command line: help, default and explicit output, one-line errors. */
class ReportCommandTest {
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cli = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void helpExplainsTheArguments() {
        Run r = run("report", "--help");
        assertEquals(0, r.code());
        for (String word : new String[] {"RUN_DIR", "--out", "RUN_DIR/report", "report.html", "--help"}) {
            assertTrue(r.out().contains(word), word + " missing from\n" + r.out());
        }
    }

    @Test
    void writesIntoTheRunDirectoryByDefaultOrIntoOut() throws IOException {
        Path run = SyntheticRun.write(tmp.resolve("run"), 2);
        Run r = run("report", run.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Wrote 4 plots and "), r.out());
        assertTrue(Files.isRegularFile(run.resolve("report").resolve("report.html")));

        Path out = tmp.resolve("elsewhere").resolve("report");
        assertEquals(0, run("report", run.toString(), "--out", out.toString()).code());
        assertTrue(Files.isRegularFile(out.resolve("elo.png")));
    }

    @Test
    void userMistakesAreOneLineErrors() throws IOException {
        Run missing = run("report", tmp.resolve("nope").toString());
        assertEquals(1, missing.code());
        assertEquals("error: run directory " + tmp.resolve("nope") + " does not exist", missing.err().strip());

        Run empty = run("report", tmp.toString());
        assertEquals(1, empty.code());
        assertTrue(empty.err().startsWith("error: ") && empty.err().contains("has no metrics.csv")
                && empty.err().strip().lines().count() == 1, empty.err());

        Run noArgument = run("report");
        assertEquals(2, noArgument.code());
        assertTrue(noArgument.err().startsWith("error: Missing required parameter: 'RUN_DIR'"), noArgument.err());
    }
}
