package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes, help texts and error reporting of the command line. */
class MainTest {

    @Test
    void aMachineWithoutGpuGetsNoCudaWarnings() {
        // DJL's CudaUtils warns "Failed to detect GPU count" on every CPU-only machine; real errors still show.
        org.apache.logging.log4j.Logger cuda = org.apache.logging.log4j.LogManager.getLogger(
                "ai.djl.util.cuda.CudaUtils");
        assertFalse(cuda.isWarnEnabled());
        assertTrue(cuda.isErrorEnabled());
    }

    @Test
    void helpListsTheSubcommands() {
        CliRun r = CliRun.of("--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("Usage: tengen"), r.out());
        assertTrue(r.out().contains("gtp"), r.out());
        assertTrue(r.out().contains("--verbose"), r.out());
    }

    @Test
    void gtpHelpExplainsEveryOption() {
        CliRun r = CliRun.of("gtp", "--help");
        assertEquals(0, r.code());
        String[] options = {"--rules", "--size", "--komi", "--seed", "--model", "--player", "--simulations",
            "--seconds-per-move", "--max-simulations", "--time-margin", "--symmetry", "--verbose", "--help",
            "--version"};
        for (String option : options) {
            assertTrue(r.out().contains(option), option + " missing from\n" + r.out());
        }
        assertEquals(r.out(), CliRun.of("help", "gtp").out());
    }

    @Test
    void helpTextsEndEveryParagraphWithASentenceAndSplitNoWord() {
        // picocli wraps descriptions itself: a description must not break its own lines.
        CommandLine main = Main.commandLine();
        java.util.List<CommandLine> commands = new java.util.ArrayList<>(main.getSubcommands().values());
        commands.add(main);
        for (CommandLine command : commands) {
            String name = command.getCommandSpec().qualifiedName();
            for (String paragraph : command.getCommandSpec().usageMessage().description()) {
                // picocli's own help command ends its paragraphs with %n.
                assertTrue(paragraph.matches("[^\\n]*[.)](%n)?"), name + ": a paragraph ends mid-sentence: " + paragraph);
            }
            for (CommandLine.Model.OptionSpec option : command.getCommandSpec().options()) {
                for (String line : option.description()) {
                    assertFalse(line.contains("\n"), name + " " + option.longestName() + ": " + line);
                }
            }
            // picocli's wrapper may also break inside a word (after the "." of "e.g." or "quick-5x5.yaml", before
            // "[:N]"): every word of the help below the synopsis must be one of the help without wrapping.
            String help = command.getUsageMessage();
            command.setUsageHelpWidth(10_000);
            java.util.Set<String> words = new java.util.HashSet<>(
                    java.util.List.of(command.getUsageMessage().split("\\s+")));
            command.setUsageHelpWidth(80);
            String[] lines = help.split("\n");
            int start = 1; // "Usage: ..." and its indented continuation lines are the synopsis
            while (start < lines.length && lines[start].startsWith(" ")) {
                start++;
            }
            String belowSynopsis = String.join("\n", java.util.Arrays.asList(lines).subList(start, lines.length));
            for (String word : belowSynopsis.split("\\s+")) {
                assertTrue(word.isEmpty() || words.contains(word), name + " --help splits a word at '" + word
                        + "':\n" + help);
            }
        }
    }

    /** Issue 24: commands renamed or folded into another keep their earlier names as aliases. */
    @Test
    void earlierNamesOfCommandsStillRunThem() {
        java.util.Map<String, String> renamed = java.util.Map.of("evaluator", "arena", "eval", "match", "eval-sgf",
                "predict-sgf");
        CommandLine main = Main.commandLine();
        renamed.forEach((earlier, current) -> {
            assertEquals(current, main.getSubcommands().get(earlier).getCommandSpec().name(), earlier);
            assertEquals(CliRun.of(current, "--help").out(), CliRun.of(earlier, "--help").out(), earlier);
        });
    }

    @Test
    void versionNamesTheProgram() {
        CliRun r = CliRun.of("--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("tengen "), r.out());
    }

    @Test
    void usageErrorsExitWithTwoAndAOneLineMessage() {
        String[][] cases = {
            {},
            {"bogus"},
            {"gtp", "--size", "100"},
            {"gtp", "--size", "9x"},
            {"gtp", "--rules", "go"},
            {"gtp", "--komi", "6.3"},
            {"gtp", "--seed", "x"},
            {"gtp", "--player", "gnugo"},
            {"gtp", "--player", "random", "--model", "run"},
            {"gtp", "--seconds-per-move", "0"},
            {"gtp", "--time-margin", "-1"},
            {"gtp", "--max-simulations", "0"},
            {"gtp", "--backend", "cuda"},
            {"match", "--run-dir", "x", "--backend", "tpu"},
        };
        String[] expected = {
            "error: Missing subcommand",
            "error: Unmatched argument at index 0: 'bogus'",
            "error: --size: board size 100x100 is out of range 1x1..52x52",
            "error: --size: expected N or WxH, got '9x'",
            "error: --rules: unknown rules preset 'go' (known: tromp-taylor, aga, nz, chinese, simple-ko)",
            "error: --komi: komi 6.3 is not a multiple of 0.5",
            "error: Invalid value for option '--seed': 'x' is not a long",
            "error: --player: 'gnugo' is not a player; expected " + org.tengen.agent.PlayerSpec.FORMS,
            "error: --player and --model exclude each other",
            "error: --seconds-per-move: seconds per move must be positive, got 0.0",
            "error: --time-margin: time margin must be a finite number >= 0, got -1.0",
            "error: --max-simulations must be at least 1",
            "error: --backend: unknown backend 'cuda'; known: libtorch, onnx, int8, auto",
            "error: --backend: unknown backend 'tpu'; known: libtorch, onnx, int8, auto",
        };
        for (int i = 0; i < cases.length; i++) {
            CliRun r = CliRun.of(cases[i]);
            assertEquals(2, r.code(), String.join(" ", cases[i]));
            assertEquals(expected[i], r.err().lines().findFirst().orElse(""));
            assertTrue(r.err().contains("--help' for the options"), r.err());
            assertEquals("", r.out());
        }
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        private final RuntimeException failure;

        Boom(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() {
            throw failure;
        }
    }

    @Test
    void failuresPrintOneLineWithoutAStackTrace() {
        CommandLine cli = Main.commandLine();
        cli.addSubcommand("boom", new Boom(new IllegalArgumentException("no such file: x.cfg")));
        CliRun r = CliRun.of(cli, "boom");
        assertEquals(1, r.code());
        assertEquals("error: no such file: x.cfg\n", r.err().replace("\r", ""));
    }

    @Test
    void unexpectedFailuresNameTheExceptionAndPointToVerbose() {
        CommandLine cli = Main.commandLine();
        cli.addSubcommand("boom", new Boom(new NullPointerException()));
        CliRun r = CliRun.of(cli, "boom");
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("error: NullPointerException (java.lang.NullPointerException; run with"),
                r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void aRunDirectoryThatCannotBeWrittenIsOneLine(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliRun run = CliRun.of("train", "--config", "../../configs/quick-5x5.yaml", "--run-dir", file.toString());
        assertEquals(1, run.code());
        assertEquals("error: cannot write " + file.resolve("config.yaml") + ": " + file + " already exists\n",
                run.err().replace("\r", ""));
    }

    @Test
    void aRejectedTrainCommandLeavesNoRunDirectory(@TempDir Path tmp) {
        Path dir = tmp.resolve("run");
        CliRun run = CliRun.of("train", "--config", "../../configs/quick-5x5.yaml", "--run-dir", dir.toString(),
                "--generations", "-1");
        assertNotEquals(0, run.code(), run.err());
        assertTrue(run.err().contains("--generations must be at least 1"), run.err());
        assertFalse(Files.exists(dir), "nothing written");
    }

    @Test
    void aNewRunWhosePretrainingDataOrInitialWeightsAreMissingLeavesNoRunDirectory(@TempDir Path tmp)
            throws Exception {
        String quick = Files.readString(Path.of("../../configs/quick-5x5.yaml"));
        Path nowhere = tmp.resolve("nowhere");
        Path dir = tmp.resolve("run");
        Path pretrain = Files.writeString(tmp.resolve("pretrain.yaml"), quick + "\npretrain:\n  data: " + nowhere
                + "\n");
        CliRun run = CliRun.of("train", "--config", pretrain.toString(), "--run-dir", dir.toString());
        assertNotEquals(0, run.code(), run.err());
        assertEquals("error: pretrain.data: " + nowhere + " is not a directory (of shards written by tengen "
                + "import-sgf)\n", run.err().replace("\r", ""));
        assertFalse(Files.exists(dir), "nothing written");

        Path warm = Files.writeString(tmp.resolve("warm.yaml"), quick.replace("network:\n", "network:\n  initFrom: "
                + nowhere + "\n"));
        CliRun warmRun = CliRun.of("train", "--config", warm.toString(), "--run-dir", dir.toString());
        assertEquals("error: network.initFrom: " + nowhere + " is neither a checkpoint (no checkpoint.yaml) nor a "
                + "run or model folder (no checkpoints/)\n", warmRun.err().replace("\r", ""));
        assertFalse(Files.exists(dir), "nothing written");
    }

    /**
     * Issue 24: a pretrain.data directory without shards (import-sgf not run yet, or run into another directory) was
     * refused only when pre-training read it, after the run directory, its config.yaml and its log were written.
     */
    @Test
    void aNewRunWhosePretrainingDataHoldsNoShardsLeavesNoRunDirectory(@TempDir Path tmp) throws Exception {
        Path data = Files.createDirectories(tmp.resolve("imported"));
        Path config = Files.writeString(tmp.resolve("config.yaml"), Files.readString(Path.of(
                "../../configs/quick-5x5.yaml")) + "\npretrain:\n  data: " + data + "\n  steps: 1\n");
        Path dir = tmp.resolve("run");
        CliRun run = CliRun.of("train", "--config", config.toString(), "--run-dir", dir.toString(), "--no-progress");
        assertNotEquals(0, run.code(), run.err());
        assertEquals("error: pretrain.data: " + data + " holds no shards (.npz); write them with tengen import-sgf\n",
                run.err().replace("\r", ""));
        assertFalse(Files.exists(dir), "nothing written");
    }
}
