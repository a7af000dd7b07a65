package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code tengen eval}: one checkpoint against itself with a larger search, and bad counts as one-line errors. */
class EvalCommandTest {
    private static final Path MODEL_5X5 = Path.of("../../models/pretrained/5x5");

    @Test
    void eachPlayerMayHaveItsOwnSearchBudget() {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        CliRun r;
        try {
            r = CliRun.of("eval", "--run-dir", MODEL_5X5.toString(), "--a", "latest", "--b", "latest",
                    "--a-simulations", "16", "--b-simulations", "2", "--games", "2", "--parallel", "2",
                    "--backend", "onnx");
        } finally {
            System.setOut(stdout);
        }
        String out = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.code(), r.err());
        assertTrue(out.contains("gen-0025 (16 simulations) vs gen-0025 (2 simulations) on 5x5"), out);
    }

    @Test
    void aSearchOfNoSimulationsIsRefused() {
        CliRun r = CliRun.of("eval", "--run-dir", MODEL_5X5.toString(), "--a-simulations", "0");
        assertEquals(1, r.code());
        assertEquals("error: --games, --parallel and --a/--b-simulations must be at least 1", r.err().strip());
    }
}
