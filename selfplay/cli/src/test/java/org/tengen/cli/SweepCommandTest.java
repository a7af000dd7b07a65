package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.run.TrainingRunTest;

/** {@code tengen sweep}: variants x seeds trained as separate processes, resumed, then compared. */
class SweepCommandTest {
    /** The tiny 4x4 run of {@code TrainingRunTest}, one generation on ONNX Runtime: seconds. */
    private static final String TINY = "backend: onnx\n"
            + TrainingRunTest.TINY.replace("generations: 2", "generations: 1");

    @TempDir
    Path tmp;

    @Test
    void runsEveryVariantAndSeedThenComparesThemAndResumesAsANoOp() throws IOException {
        Path base = Files.writeString(tmp.resolve("tiny.yaml"), TINY);
        Path out = tmp.resolve("sweep");
        String[] args = {"sweep", base.toString(), "--vary", "selfplay.search.simulations=4,8", "--seeds", "2",
            "--out", out.toString(), "--parallel", "2"};
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.out().startsWith("sweep: 4 runs (2 variants x 2 seeds)"), r.out());
        for (String run : new String[] {"simulations=4-s1", "simulations=4-s2", "simulations=8-s1",
            "simulations=8-s2"}) {
            RunDirectory dir = new RunDirectory(out.resolve("runs").resolve(run));
            assertTrue(Files.isDirectory(dir.checkpoint(1)), run + " trained its generation");
            RunConfig config = RunConfig.load(dir.configFile());
            assertEquals(run.contains("=8") ? 8 : 4, config.search().simulations());
            assertEquals(run.endsWith("s2") ? 2 : 1, config.seed());
        }
        String page = Files.readString(out.resolve("report").resolve("compare.html"));
        assertTrue(page.contains("<h2>Variants over seeds</h2>"), page);
        assertTrue(page.contains("<tr><td>simulations=8</td><td class=\"n\">2</td>"), page);

        CliRun again = CliRun.of(args);
        assertEquals(0, again.code(), again.err());
        assertTrue(Files.readString(out.resolve("runs/simulations=4-s1.log")).contains("is already complete"),
                "a finished run is not trained again");
    }

    @Test
    void aBadVariantFailsInOneLineBeforeAnyRunStarts() throws IOException {
        Path base = Files.writeString(tmp.resolve("tiny.yaml"), TINY);
        Path out = tmp.resolve("sweep");
        CliRun r = CliRun.of("sweep", base.toString(), "--variant", "fast:selfplay.search.simulatons=2",
                "--out", out.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("error: variant fast: "), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(!Files.exists(out.resolve("runs")), "nothing ran");

        CliRun unchanged = CliRun.of("sweep", base.toString(), "--variant", "same:generations=1", "--out",
                out.toString());
        assertEquals("error: variant same: generations=1 changes nothing in " + base, unchanged.err().strip());
    }
}
