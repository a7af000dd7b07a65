package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
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
            assertTrue(l.matches("board=\\d+x\\d+ envs=4 threads=[12] obs=(az17|none) steps_per_s=\\d+ rounds=1"), l);
        }
        assertEquals(4, out.lines().filter(l -> l.startsWith("scaling ")).count(), out);
        assertTrue(lines.contains(lines.stream().filter(l -> l.startsWith("board=7x5 envs=4 threads=2 obs=none"))
                .findFirst().orElse("missing 7x5 line")));
    }

    @Test
    void roundsAlternateTheConfigurationsAndReportEachThreadCountsRatioToOne() {
        String out = run(0, "--boards", "5", "--envs", "4", "--threads", "1,2", "--obs", "none", "--rounds", "3",
                "--seconds", "0.02", "--warmup", "0.01")[0];
        List<String> table = out.lines().filter(l -> l.startsWith("5x5")).map(l -> l.split("\\s+")[2]).toList();
        assertEquals(List.of("1", "2", "1", "2", "1", "2"), table, out);
        List<String> scaling = out.lines().filter(l -> l.startsWith("scaling ")).toList();
        assertEquals(1, scaling.size(), out);
        assertTrue(scaling.get(0).matches("scaling board=5x5 envs=4 obs=none threads=2 over_one=\\d+\\.\\d\\d"),
                scaling.get(0));
        assertTrue(out.contains("board=5x5 envs=4 threads=2 obs=none steps_per_s="), out);
        assertTrue(run(2, "--rounds", "0", "--seconds", "0.01")[1].contains("--rounds"));
    }

    @Test
    void splitAddsIndependentEnvsBesideEachMultiThreadConfigurationAndTheirRatioToIt() {
        String out = run(0, "--boards", "5", "--envs", "4", "--threads", "1,2", "--obs", "none", "--split",
                "--seconds", "0.02", "--warmup", "0.01")[0];
        List<String> threads = out.lines().filter(l -> l.startsWith("5x5")).map(l -> l.split("\\s+")[2]).toList();
        assertEquals(List.of("1", "2", "2x1"), threads, out);
        assertTrue(out.contains("board=5x5 envs=4 threads=2 split=true obs=none steps_per_s="), out);
        List<String> split = out.lines().filter(l -> l.startsWith("split ")).toList();
        assertEquals(1, split.size(), out);
        assertTrue(split.get(0).matches("split board=5x5 envs=4 obs=none threads=2 over_shared=\\d+\\.\\d\\d"),
                split.get(0));
        assertEquals(1, out.lines().filter(l -> l.startsWith("scaling ")).count(), "split envs get no scaling line");
    }

    @Test
    void groupsAddAsynchronousStepsOfEachConfigurationAndTheirRatioToTheStep() {
        String out = run(0, "--boards", "5", "--envs", "4", "--threads", "1,2", "--obs", "none", "--groups", "2,8",
                "--seconds", "0.02", "--warmup", "0.01")[0];
        List<String> groups = out.lines().filter(l -> l.startsWith("5x5")).map(l -> l.split("\\s+")[3]).toList();
        assertEquals(List.of("-", "2", "-", "2"), groups, "8 groups of 4 games cannot be made\n" + out);
        assertTrue(out.contains("board=5x5 envs=4 threads=2 groups=2 obs=none steps_per_s="), out);
        List<String> async = out.lines().filter(l -> l.startsWith("async ")).toList();
        assertEquals(2, async.size(), out);
        assertTrue(async.get(1).matches("async board=5x5 envs=4 obs=none threads=2 groups=2 over_sync=\\d+\\.\\d\\d"),
                async.get(1));
        assertTrue(out.contains("scaling board=5x5 envs=4 obs=none threads=2 groups=2 over_one="),
                "groups scale against groups on one thread\n" + out);
        assertTrue(run(2, "--groups", "0", "--seconds", "0.01")[1].contains("--groups"));
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
    void learnerPrintsEverySettingThePeerNeedsAndTheParameterCount() {
        String out = run(0, "--learner", "--nets", "1x8", "--net-options", "gpool,own", "--boards", "5",
                "--seconds", "0.01")[0];
        List<String> lines = out.lines().filter(l -> l.startsWith("learner ")).toList();
        assertEquals(1, lines.size(), out);
        Matcher m = Pattern.compile("learner net=1x8 blocks=1 channels=8 planes=17 width=5 height=5 gpool=true "
                + "own=true score=false batch=256 threads=1 optimizer=sgd lr=0\\.001 momentum=0\\.9 l2=1\\.0E-4 "
                + "value_weight=1\\.0 ownership_weight=0\\.15 score_weight=0\\.02 seconds=0\\.01 rounds=3 "
                + "params=(\\d+) train_steps_per_s=\\d+\\.\\d{3}").matcher(lines.get(0));
        assertTrue(m.matches(), lines.get(0));
        try (PolicyValueNet net = PolicyValueNet.create(new NetConfig(17, 5, 5, 1, 8, true, true, false))) {
            assertEquals(net.parameterCount(), Long.parseLong(m.group(1)));
        }
    }

    @Test
    void badLearnerValuesAreUsageErrors() {
        assertTrue(run(2, "--learner", "--nets", "6")[1].contains("--nets value '6' is not BLOCKSxCHANNELS"));
        assertTrue(run(2, "--learner", "--nets", "6x2")[1].contains("channels must be in 4..4096"));
        assertTrue(run(2, "--learner", "--net-options", "pool")[1].contains("unknown --net-options value 'pool'"));
        assertTrue(run(2, "--learner", "--models")[1].contains("separate benchmarks"));
    }

    @Test
    void helpDescribesEveryOption() {
        String help = run(0, "--help")[0];
        for (String option : new String[] {"--boards", "--envs", "--threads", "--obs", "--seconds", "--warmup",
            "--quick", "--rounds", "--split", "--groups", "--rules", "--models", "--learner", "--nets", "--net-options", "--model-threads"}) {
            assertTrue(help.contains(option), option + " missing from\n" + help);
        }
    }
}
