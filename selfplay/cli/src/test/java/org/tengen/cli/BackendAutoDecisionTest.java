package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tengen.cli.GtpEngines.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.models.inference.AutoChoice;
import org.tengen.models.inference.CpuFeatures;

/**
 * Backend auto's speed decision (int8 or fp32 ONNX Runtime, {@link AutoChoice}) is kept in the run a command runs
 * on, so that the commands after it read it instead of timing the backends again.
 */
class BackendAutoDecisionTest {
    private static final Path MODEL = Path.of("../../models/pretrained/5x5").toAbsolutePath().normalize();

    /**
     * Issue 24: only {@code train} kept the decision, in its run's {@value AutoChoice#FILE}; eval, match, gtp and the
     * actors probed again in every process. The shipped 5x5 network's int8 model agrees with fp32, so auto asks for
     * the speed decision when {@code gtp --model} loads a copy of its folder (a run: config.yaml and checkpoints).
     */
    @Test
    void gtpOnARunKeepsTheDecisionThereAndTheNextProcessReadsIt(@TempDir Path tmp) throws IOException {
        Path run = copy(MODEL, tmp.resolve("run"));
        Path decision = run.resolve(AutoChoice.FILE);
        engine("--model", run.toString(), "--backend", "auto", "--seed", "1");
        assertTrue(Files.isRegularFile(decision), "decided and kept in the run");
        String kept = Files.readString(decision);
        assertTrue(kept.contains("cpu: " + CpuFeatures.detect().describe()), kept);
        // Another process on this CPU reads it: probed again, it would be rewritten with the time of the new probe.
        engine("--model", run.toString(), "--backend", "auto", "--seed", "2");
        assertEquals(kept, Files.readString(decision));
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(f -> {
                try {
                    Files.copy(f, to.resolve(from.relativize(f).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return to;
    }
}
