package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a real {@code tengen train} process with SIGKILL during self-play and again during training, then
 * resumes: the run completes with every artifact, and no phase is done twice.
 */
public class KillAndResumeTest {

    @Test
    void killNineDuringSelfPlayAndTrainingThenResume(@TempDir Path tmp) throws Exception {
        Path config = tmp.resolve("tiny.yaml");
        Files.writeString(config, TrainingRunTest.TINY.replace("gamesPerGeneration: 8", "gamesPerGeneration: 16")
                .replace("stepsPerGeneration: 4", "stepsPerGeneration: 400"));
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));

        Process first = start(config, dir, tmp.resolve("first.log"));
        waitFor(() -> !dir.shards(1).isEmpty(), first, "a first self-play shard");
        first.destroyForcibly().waitFor();
        int gamesBefore = dir.shards(1).stream().mapToInt(RunDirectory.Shard::games).sum();
        assertTrue(gamesBefore < 16, "killed before self-play finished: " + gamesBefore);

        Process second = start(config, dir, tmp.resolve("second.log"));
        waitFor(() -> dir.shards(1).stream().mapToInt(RunDirectory.Shard::games).sum() == 16, second,
                "generation 1 self-play to finish");
        second.destroyForcibly().waitFor();
        assertTrue(!Files.isDirectory(dir.checkpoint(1)) || Files.exists(dir.checkpoint(1).resolve(
                "checkpoint.yaml")), "a checkpoint is complete or absent");

        Process last = start(config, dir, tmp.resolve("last.log"));
        assertTrue(last.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "resumed run finishes");
        assertEquals(0, last.exitValue(), Files.readString(tmp.resolve("last.log")));
        for (int g = 0; g <= 2; g++) {
            assertTrue(Files.exists(dir.checkpoint(g).resolve("checkpoint.yaml")), "checkpoint " + g);
        }
        assertEquals(16, dir.shards(1).stream().mapToInt(RunDirectory.Shard::games).sum());
        assertEquals(16, dir.shards(2).stream().mapToInt(RunDirectory.Shard::games).sum());
        List<String> metrics = Files.readAllLines(dir.metricsFile());
        assertEquals(3, metrics.size(), String.join("\n", metrics));
        assertTrue(Files.readString(dir.logFile()).contains("resuming self-play after " + gamesBefore + " of 16"));

        // Resuming the finished run says so in one line and succeeds.
        Process again = start(config, dir, tmp.resolve("again.log"));
        assertTrue(again.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "a finished run returns");
        String output = Files.readString(tmp.resolve("again.log"));
        assertEquals(0, again.exitValue(), output);
        assertTrue(output.contains("Run " + dir.root() + " is already complete (2 generations)"), output);
        assertFalse(output.contains("Run summary"), output);
    }

    /** Starts {@code tengen train} on {@code dir} in a process of its own, its output to {@code log}. */
    public static Process start(Path config, RunDirectory dir, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Dai.djl.pytorch.num_threads=1", "org.tengen.cli.Main", "train", "--config", config.toString(),
                "--run-dir", dir.root().toString(), "--no-progress")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void waitFor(BooleanSupplier condition, Process process, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!condition.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new AssertionError("the run ended before " + what + " (exit " + process.exitValue() + ")");
            }
            if (System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
