package org.tengen.models.golden;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.io.FileTrees;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxExport;
import org.tengen.models.testing.Fixtures;

/**
 * A checkpoint and a training shard written by an earlier version of Tengen must still load, with the same
 * parameters and data, so a format change that breaks old runs fails here. Forward outputs are compared within
 * 1e-5: libtorch's kernels differ in the last bits between CPUs (AVX2, AVX-512). To re-make the files on purpose,
 * run with {@code -Dtengen.golden.regenerate=true} and say why in the commit.
 */
class GoldenModelFilesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path CHECKPOINT = GOLDEN.resolve("checkpoint-5x5");
    private static final Path OUTPUTS = GOLDEN.resolve("checkpoint-5x5-outputs.txt");
    private static final Path SHARD = GOLDEN.resolve("shard-5x5.npz");
    private static final NetConfig NET = new NetConfig(9, 5, 5, 2, 8, true, true, true);
    private static final Provenance PROVENANCE = new Provenance("az9", 1, "tromp-taylor", 3, "gen-0000");
    private static final InputSpec SPEC = new InputSpec("az9", 9, 5, 5);

    @TempDir
    Path tmp;

    @Test
    void theCommittedCheckpointLoadsWithItsMetadataAndOutputs() throws IOException {
        if (Boolean.getBoolean("tengen.golden.regenerate")) {
            writeCheckpoint();
        }
        CheckpointInfo info = Checkpoints.read(CHECKPOINT);
        assertEquals(NET, info.network());
        assertEquals(PROVENANCE, info.provenance());
        try (PolicyValueNet net = Checkpoints.load(CHECKPOINT)) {
            float[][] outputs = outputs(net);
            List<String> expected = Files.readAllLines(OUTPUTS);
            assertEquals(outputs.length, expected.size());
            for (int k = 0; k < outputs.length; k++) {
                assertArrayEquals(parse(expected.get(k)), outputs[k], 1e-5f, "output " + k);
            }
        }
    }

    /**
     * The committed checkpoint predates ONNX models in checkpoints (it has no {@value Checkpoints#ONNX_FILE}): one is
     * exported from its weights, and ONNX Runtime gives the committed outputs.
     */
    @Test
    void theCommittedCheckpointGivesItsOutputsThroughOnnxRuntime() throws Exception {
        assertNull(Checkpoints.read(CHECKPOINT).onnxSha256(), "the golden checkpoint must stay an old one");
        List<String> expected = Files.readAllLines(OUTPUTS);
        int size = 2 * SPEC.observationSize();
        float[] input = new float[size];
        for (int i = 0; i < size; i++) {
            input[i] = (float) i / size;
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession session = env.createSession(Checkpoints.onnxModel(CHECKPOINT), new OrtSession.SessionOptions());
             OnnxTensor tensor = OnnxTensor.createTensor(env, FloatBuffer.wrap(input), new long[] {2, 9, 5, 5});
             OrtSession.Result result = session.run(Map.of(OnnxExport.INPUT, tensor))) {
            assertEquals(expected.size(), result.size());
            for (int k = 0; k < result.size(); k++) {
                FloatBuffer got = ((OnnxTensor) result.get(k)).getFloatBuffer();
                float[] values = new float[got.remaining()];
                got.get(values);
                assertArrayEquals(parse(expected.get(k)), values, 1e-5f, "output " + k);
            }
        }
    }

    @Test
    void theCommittedShardReadsToTheSameArraysAndIsWrittenIdentically() throws IOException {
        if (Boolean.getBoolean("tengen.golden.regenerate")) {
            Files.deleteIfExists(SHARD);
            shard().write(SHARD);
        }
        TrainingShard read = TrainingShard.read(SHARD);
        TrainingShard expected = shard();
        assertEquals(expected.spec(), read.spec());
        assertEquals(expected.count(), read.count());
        assertArrayEquals(expected.observations(), read.observations(), 0f);
        assertArrayEquals(expected.policy(), read.policy(), 0f);
        assertArrayEquals(expected.value(), read.value(), 0f);
        assertArrayEquals(expected.ownership(), read.ownership(), 0f);
        Path again = tmp.resolve("again.npz");
        expected.write(again);
        assertArrayEquals(Files.readAllBytes(SHARD), Files.readAllBytes(again), "the writer's bytes changed");
    }

    /** Three positions whose every value is a fixed function of its index. */
    private static TrainingShard shard() {
        int n = 3;
        float[] obs = new float[n * SPEC.observationSize()];
        float[] policy = new float[n * SPEC.actionCount()];
        float[] value = new float[n];
        float[] ownership = new float[n * 25];
        for (int i = 0; i < obs.length; i++) {
            obs[i] = i % 7 == 0 ? 1f : 0f;
        }
        for (int i = 0; i < n; i++) {
            policy[i * SPEC.actionCount() + 3 * i] = 0.75f;
            policy[i * SPEC.actionCount() + SPEC.actionCount() - 1] = 0.25f;
            value[i] = i - 1;
        }
        for (int i = 0; i < ownership.length; i++) {
            ownership[i] = (i % 3) - 1;
        }
        return new TrainingShard(SPEC, n, obs, policy, value, ownership, null);
    }

    /** A net trained three steps (so batch-norm statistics are not the defaults), saved as the golden checkpoint. */
    private static void writeCheckpoint() throws IOException {
        FileTrees.delete(CHECKPOINT);
        ai.djl.engine.Engine.getInstance().setRandomSeed(5);
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            try (Learner learner = new Learner(net, TrainConfig.sgd(0.05f))) {
                for (int i = 0; i < 3; i++) {
                    learner.trainStep(Fixtures.batch(SPEC, 4, i, true));
                }
            }
            Checkpoints.save(CHECKPOINT, net, PROVENANCE);
            List<String> lines = new ArrayList<>();
            for (float[] output : outputs(net)) {
                StringBuilder line = new StringBuilder();
                for (float v : output) {
                    line.append(line.length() == 0 ? "" : " ").append(Float.toString(v));
                }
                lines.add(line.toString());
            }
            Files.write(OUTPUTS, lines);
        }
    }

    private static float[][] outputs(PolicyValueNet net) {
        try (NDManager manager = net.model().getNDManager().newSubManager()) {
            int size = 2 * SPEC.observationSize();
            NDList out = net.forward(manager.arange((float) size).reshape(new Shape(2, 9, 5, 5)).div(size));
            float[][] result = new float[out.size()][];
            for (int k = 0; k < out.size(); k++) {
                result[k] = out.get(k).toFloatArray();
            }
            return result;
        }
    }

    private static float[] parse(String line) {
        String[] words = line.split(" ");
        float[] values = new float[words.length];
        for (int i = 0; i < words.length; i++) {
            values[i] = Float.parseFloat(words[i]);
        }
        return values;
    }
}
