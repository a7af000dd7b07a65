package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.config.ConfigNode;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.net.PolicyValueNet;

/** {@code network.initFrom}: a run starts from another run's weights, on another board size. */
class WarmStartTest {

    /** The tiny 4x4 run of {@link TrainingRunTest}, one generation. */
    private static RunConfig tiny(String change) {
        String text = TrainingRunTest.TINY.replace("generations: 2", "generations: 1");
        return RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(change.isEmpty() ? text
                : text.replace("game: {size: 4,", "game: {size: 5,").replace("network: {", "network: {" + change))));
    }

    /** Outputs of {@code net} on an all-ones 5x5 input: the same weights give the same numbers on any board. */
    private static float[] outputs(PolicyValueNet net) {
        try (NDManager m = NDManager.newBaseManager()) {
            NDList out = net.forward(m.ones(PolicyValueNet.inputShape(net.config().withBoard(5, 5), 1)));
            return out.stream().map(NDArray::toFloatArray).reduce(new float[0], WarmStartTest::concat);
        }
    }

    private static float[] concat(float[] a, float[] b) {
        float[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void aRunStartsFromAnotherRunsLatestWeightsOnAnotherBoard(@TempDir Path tmp) {
        RunDirectory small = new RunDirectory(tmp.resolve("4x4"));
        new TrainingRun(tiny(""), small, false).run();
        Path source = small.checkpoint(1);

        RunConfig warm = tiny("initFrom: '" + small.root() + "', ");
        assertEquals(small.root(), warm.initFrom());
        warm.requireInitialInputs();
        RunDirectory big = new RunDirectory(tmp.resolve("5x5"));
        new TrainingRun(warm, big, false).run();

        assertEquals(source.toString(), Checkpoints.read(big.checkpoint(0)).provenance().parent(),
                "the provenance names the checkpoint the weights came from");
        assertEquals(5, Checkpoints.read(big.checkpoint(0)).network().width());
        try (PolicyValueNet from = Checkpoints.load(source); PolicyValueNet start = Checkpoints.load(big.checkpoint(0))) {
            assertArrayEquals(outputs(from), outputs(start), 0f, "gen-0000 holds the source's weights");
        }
    }

    @Test
    void aCheckpointThatDoesNotFitIsRefusedInOneLineBeforeTheRunStarts(@TempDir Path tmp) {
        RunDirectory small = new RunDirectory(tmp.resolve("4x4"));
        new TrainingRun(tiny(""), small, false).run();

        RunConfig otherShape = RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TrainingRunTest.TINY
                .replace("network: {blocks: 1, channels: 8", "network: {initFrom: '" + small.root()
                        + "', blocks: 1, channels: 16"))));
        CheckpointException e = assertThrows(CheckpointException.class, otherShape::requireInitialInputs);
        assertEquals("checkpoint " + small.checkpoint(1) + " has channels=8 but the config says 16", e.getMessage());

        RunConfig nowhere = tiny("initFrom: '" + tmp.resolve("nowhere") + "', ");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, nowhere::requireInitialInputs);
        assertEquals("network.initFrom: " + tmp.resolve("nowhere") + " is neither a checkpoint (no checkpoint.yaml) "
                + "nor a run or model folder (no checkpoints/)", missing.getMessage());
        RunDirectory refused = new RunDirectory(tmp.resolve("refused"));
        assertThrows(IllegalArgumentException.class, () -> new TrainingRun(nowhere, refused, false).run());
        assertFalse(Files.exists(refused.checkpoint(0)));
    }
}
