package org.tengen.models.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxExport;
import org.tengen.models.testing.Fixtures;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.TrainConfig;

class CheckpointsTest {
    private static final NetConfig NET = new NetConfig(3, 5, 5, 2, 8, true, true, true);
    private static final Provenance PROVENANCE = new Provenance("az17", 1, "tromp-taylor", 3, "runs/a/step-0");

    @TempDir
    Path tmp;

    @Test
    void loadedModelGivesBitIdenticalOutputs() throws IOException {
        InputSpec spec = new InputSpec("t", 3, 5, 5);
        Path dir = tmp.resolve("ckpt").resolve("step-3");
        float[][] before;
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            try (Learner learner = new Learner(net, TrainConfig.sgd(0.05f))) {
                for (int i = 0; i < 3; i++) {
                    learner.trainStep(Fixtures.batch(spec, 4, i, true)); // moves batch-norm statistics too
                }
            }
            before = outputs(net);
            CheckpointInfo info = Checkpoints.save(dir, net, PROVENANCE);
            assertEquals(64, info.weightsSha256().length());
        }
        try (Stream<Path> siblings = Files.list(dir.getParent())) {
            assertEquals(List.of(dir), siblings.toList(), "no temporary directory left behind");
        }
        try (PolicyValueNet loaded = Checkpoints.load(dir, NET)) {
            float[][] after = outputs(loaded);
            for (int k = 0; k < before.length; k++) {
                assertArrayEquals(before[k], after[k], 0f, "output " + k);
            }
        }
        CheckpointInfo read = Checkpoints.read(dir);
        assertEquals(NET, read.network());
        assertEquals(PROVENANCE, read.provenance());
        String yaml = Files.readString(dir.resolve(Checkpoints.METADATA_FILE));
        assertTrue(yaml.contains("channels: 8") && yaml.contains("rules: tromp-taylor"), yaml);
    }

    @Test
    void theOnnxModelIsSavedWithItsHashAndCheckedOnLoad() throws IOException {
        Path dir = tmp.resolve("c");
        byte[] exported;
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, PROVENANCE);
            exported = OnnxExport.toBytes(net);
        }
        Path onnx = dir.resolve(Checkpoints.ONNX_FILE);
        assertArrayEquals(exported, Files.readAllBytes(onnx));
        assertArrayEquals(exported, Checkpoints.onnxModel(dir));
        assertEquals(64, Checkpoints.verify(dir).onnxSha256().length());

        Files.write(onnx, new byte[] {1}, StandardOpenOption.APPEND);
        CheckpointException damaged = assertThrows(CheckpointException.class, () -> Checkpoints.onnxModel(dir));
        assertTrue(damaged.getMessage().contains(Checkpoints.ONNX_FILE + " has SHA-256"), damaged.getMessage());
        assertThrows(CheckpointException.class, () -> Checkpoints.verify(dir));
        Files.delete(onnx);
        CheckpointException missing = assertThrows(CheckpointException.class, () -> Checkpoints.onnxModel(dir));
        assertTrue(missing.getMessage().contains("has no " + Checkpoints.ONNX_FILE), missing.getMessage());
    }

    /** A checkpoint saved before checkpoints carried an ONNX model: it is exported from the weights when asked. */
    @Test
    void aCheckpointWithoutAnOnnxModelExportsOneOnTheFly() throws IOException {
        Path dir = tmp.resolve("c");
        byte[] exported;
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, PROVENANCE);
            exported = OnnxExport.toBytes(net);
        }
        Files.delete(dir.resolve(Checkpoints.ONNX_FILE));
        Path metadata = dir.resolve(Checkpoints.METADATA_FILE);
        Files.writeString(metadata, Files.readString(metadata).replaceAll("onnxSha256: \\w+\n", ""));
        assertNull(Checkpoints.verify(dir).onnxSha256());
        assertArrayEquals(exported, Checkpoints.onnxModel(dir));
    }

    @Test
    void missingCheckpointNamesThePath() {
        Path missing = tmp.resolve("nowhere");
        CheckpointException e = assertThrows(CheckpointException.class, () -> Checkpoints.load(missing, NET));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("no such directory"),
                e.getMessage());
    }

    @Test
    void configMismatchNamesTheField() {
        Path dir = tmp.resolve("c");
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, PROVENANCE);
        }
        NetConfig wider = new NetConfig(3, 5, 5, 2, 16, true, true, true);
        CheckpointException e = assertThrows(CheckpointException.class, () -> Checkpoints.load(dir, wider));
        assertEquals("checkpoint " + dir + " has channels=8 but the config says 16", e.getMessage());
        CheckpointException features = assertThrows(CheckpointException.class,
                () -> Checkpoints.read(dir).requireFeatures("az17", 2, dir));
        assertTrue(features.getMessage().contains("featureVersion=1 but the config says 2"));
    }

    @Test
    void corruptWeightsFailTheHashCheck() throws IOException {
        Path dir = tmp.resolve("c");
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, new Provenance("az17", 1, "aga", 0, null));
        }
        assertNull(Checkpoints.read(dir).provenance().parent());
        Files.write(dir.resolve(Checkpoints.WEIGHTS_FILE), new byte[] {1}, StandardOpenOption.APPEND);
        CheckpointException e = assertThrows(CheckpointException.class, () -> Checkpoints.load(dir));
        assertTrue(e.getMessage().contains("SHA-256"), e.getMessage());
    }

    @Test
    void weightsThatDoNotFitTheStoredConfigAreRejected() throws IOException {
        Path dir = tmp.resolve("c");
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, PROVENANCE);
        }
        Path metadata = dir.resolve(Checkpoints.METADATA_FILE);
        Files.writeString(metadata, Files.readString(metadata).replace("channels: 8", "channels: 16"));
        CheckpointException wider = assertThrows(CheckpointException.class, () -> Checkpoints.load(dir));
        assertTrue(wider.getMessage().contains("do not fit a 2x16") && wider.getMessage().contains("shape"),
                wider.getMessage());
        Files.writeString(metadata, Files.readString(metadata).replace("channels: 16", "channels: 8")
                .replace("blocks: 2", "blocks: 3"));
        CheckpointException deeper = assertThrows(CheckpointException.class, () -> Checkpoints.load(dir));
        assertTrue(deeper.getMessage().contains("do not fit a 3x8"), deeper.getMessage());
    }

    @Test
    void neverOverwrites() {
        Path dir = tmp.resolve("c");
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, PROVENANCE);
            CheckpointException e = assertThrows(CheckpointException.class,
                    () -> Checkpoints.save(dir, net, PROVENANCE));
            assertTrue(e.getMessage().contains("already exists"));
        }
    }

    @Test
    void malformedMetadataNamesTheField() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dir.resolve(Checkpoints.METADATA_FILE), "format: 1\nnetwork: {inputPlanes: 3}\n");
        CheckpointException e = assertThrows(CheckpointException.class, () -> Checkpoints.read(dir));
        assertTrue(e.getMessage().contains("lacks field 'width'"), e.getMessage());
        assertFalse(e.getMessage().isBlank());
    }

    private static float[][] outputs(PolicyValueNet net) {
        try (NDManager manager = net.model().getNDManager().newSubManager()) {
            NDList out = net.forward(manager.arange(150f).reshape(new Shape(2, 3, 5, 5)).div(150f));
            float[][] result = new float[out.size()][];
            for (int k = 0; k < out.size(); k++) {
                result[k] = out.get(k).toFloatArray();
            }
            return result;
        }
    }
}
