package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.run.RunDirectory;

/** The config {@code train} runs with: a new run's {@code --config}, or the run directory's own when resuming. */
class TrainCommandTest {
    private static final Path QUICK = Path.of("../../configs/quick-5x5.yaml");

    /** Issue 24: a --config that differed from the run's only in comments was refused as another config. */
    @Test
    void aConfigThatDiffersOnlyInCommentsResumesTheRunWithItsOwnText(@TempDir Path tmp) throws IOException {
        String text = Files.readString(QUICK);
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        assertEquals(text, TrainCommand.resolveConfig(dir, QUICK), "a new run takes the file");
        String uncommented = "# resumed after a change of notes\n" + text.replaceAll("[ \t]*#[^\n]*", "");
        assertNotEquals(text, uncommented);
        Path edited = Files.writeString(tmp.resolve("edited.yaml"), uncommented);
        assertEquals(text, TrainCommand.resolveConfig(dir, edited), "the run keeps its own text");
        assertEquals(text, Files.readString(dir.configFile()));
    }

    /**
     * Issue 24: the config's {@code evaluation} section is now {@code arena}, and {@code selfplay.gamesPerPart} is
     * {@code gamesPerShard}. A run directory started with either names resumes with a config file that uses the
     * other, and keeps its own text.
     */
    @Test
    void aRunStartedWithEarlierNamesResumesWithTheCurrentConfigAndTheReverse(@TempDir Path tmp) throws IOException {
        String current = Files.readString(QUICK);
        String earlier = current.replace("\narena:\n", "\nevaluation:\n").replace(" gamesPerShard:", " gamesPerPart:");
        Path earlierFile = Files.writeString(tmp.resolve("earlier.yaml"), earlier);
        RunDirectory oldRun = new RunDirectory(tmp.resolve("old-run"));
        assertEquals(earlier, TrainCommand.resolveConfig(oldRun, earlierFile));
        assertEquals(earlier, TrainCommand.resolveConfig(oldRun, QUICK), "the old run keeps its text");
        RunDirectory newRun = new RunDirectory(tmp.resolve("new-run"));
        assertEquals(current, TrainCommand.resolveConfig(newRun, QUICK));
        assertEquals(current, TrainCommand.resolveConfig(newRun, earlierFile));
    }

    @Test
    void aConfigWithOtherSettingsIsRefusedAndTheRunsKept(@TempDir Path tmp) throws IOException {
        String text = Files.readString(QUICK);
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        TrainCommand.resolveConfig(dir, QUICK);
        Path edited = Files.writeString(tmp.resolve("edited.yaml"), text.replace("komi: 0.5 ", "komi: 1.5 "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrainCommand.resolveConfig(dir, edited));
        assertEquals("run directory " + dir.root() + " was started with a different config; resume it without "
                + "--config (or with the same settings), or use a new --run-dir", e.getMessage());
        assertEquals(text, Files.readString(dir.configFile()));
    }
}
