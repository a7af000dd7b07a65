package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {

    private static String[] run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        assertEquals(expectedExit, cli.execute(args), err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void quickRunPrintsATableAndOneMachineLinePerConfiguration() {
        String out = run(0, "--quick", "--boards", "5,7x5", "--envs", "4", "--threads", "1,2",
                "--seconds", "0.02", "--warmup", "0.01")[0];
        assertTrue(out.contains("steps/s") && out.contains("peak heap"), out);
        List<String> lines = out.lines().filter(l -> l.startsWith("board=")).toList();
        assertEquals(8, lines.size(), out);
        for (String l : lines) {
            assertTrue(l.matches("board=\\d+x\\d+ envs=4 threads=[12] obs=(az17|none) steps_per_s=\\d+"), l);
        }
        assertTrue(lines.contains(lines.stream().filter(l -> l.startsWith("board=7x5 envs=4 threads=2 obs=none"))
                .findFirst().orElse("missing 7x5 line")));
    }

    @Test
    void badValuesAreUsageErrorsNamingTheProblem() {
        assertTrue(run(2, "--obs", "az4", "--seconds", "0.01")[1].contains("unknown feature set 'az4'"));
        assertTrue(run(2, "--boards", "nine", "--seconds", "0.01")[1].contains("not a board size"));
        assertTrue(run(2, "--boards", "99", "--seconds", "0.01")[1].contains("out of range"));
        assertTrue(run(2, "--rules", "japanese", "--seconds", "0.01")[1].contains("unknown rules preset"));
        assertTrue(run(2, "--envs", "0", "--seconds", "0.01")[1].contains("--envs"));
    }

    @Test
    void helpDescribesEveryOption() {
        String help = run(0, "--help")[0];
        for (String option : new String[] {"--boards", "--envs", "--threads", "--obs", "--seconds", "--warmup",
            "--quick", "--rules"}) {
            assertTrue(help.contains(option), option + " missing from\n" + help);
        }
    }
}
