package org.tengen.models.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.ndarray.NDManager;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tengen.models.data.NpyArray;
import org.tengen.models.data.NpzFile;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.testing.Fixtures;

/**
 * Training continues across learners (one per generation, or a resumed process) as if it had never stopped: the
 * optimiser's momentum and Adam's moments travel with the weights.
 */
class OptimizerStateTest {
    private static final NetConfig NET = new NetConfig(4, 5, 5, 1, 8, false, true, true);
    private static final InputSpec SPEC = new InputSpec("test", 4, 5, 5);
    private static final int STEPS = 6;
    private static final int SPLIT = 3;

    @TempDir
    Path tmp;

    private static TrainConfig config(TrainConfig.OptimizerKind kind) {
        return kind == TrainConfig.OptimizerKind.SGD ? TrainConfig.sgd(0.05f) : TrainConfig.adam(3e-3f);
    }

    private static TrainingBatch batch(int step) {
        return Fixtures.batch(SPEC, 8, 100 + step, true);
    }

    @ParameterizedTest
    @EnumSource(TrainConfig.OptimizerKind.class)
    void aRestoredLearnerContinuesExactlyLikeAnUninterruptedOne(TrainConfig.OptimizerKind kind) throws IOException {
        TrainConfig config = config(kind);
        byte[] start = initialWeights();
        byte[] uninterrupted;
        try (PolicyValueNet net = load(start); Learner learner = new Learner(net, config)) {
            for (int i = 0; i < STEPS; i++) {
                learner.trainStep(batch(i));
            }
            uninterrupted = weights(net);
            assumeEngineSound(learner);
        }
        byte[] middle;
        Path state = tmp.resolve("optimizer.npz");
        try (PolicyValueNet net = load(start); Learner learner = new Learner(net, config)) {
            for (int i = 0; i < SPLIT; i++) {
                learner.trainStep(batch(i));
            }
            middle = weights(net);
            assumeEngineSound(learner);
            NpzFile.write(state, learner.optimizerState());
        }
        byte[] resumed;
        byte[] fresh;
        try (PolicyValueNet net = load(middle); Learner learner = new Learner(net, config, SPLIT)) {
            learner.restoreOptimizerState(NpzFile.read(state));
            for (int i = SPLIT; i < STEPS; i++) {
                learner.trainStep(batch(i));
            }
            resumed = weights(net);
            assumeEngineSound(learner);
        }
        try (PolicyValueNet net = load(middle); Learner learner = new Learner(net, config, SPLIT)) {
            for (int i = SPLIT; i < STEPS; i++) {
                learner.trainStep(batch(i));
            }
            fresh = weights(net);
            assumeEngineSound(learner);
        }
        float[] a = floats(uninterrupted);
        assertArrayEquals(a, floats(resumed), 1e-5f, kind + ": the restored learner continues the same run");
        assertTrue(maxDifference(a, floats(fresh)) > 1e-3f, kind + ": without its state the run would differ");
    }

    @ParameterizedTest
    @EnumSource(TrainConfig.OptimizerKind.class)
    void stateOfTheOtherOptimiserOrAnotherNetworkIsRefused(TrainConfig.OptimizerKind kind) throws IOException {
        Map<String, NpyArray> state;
        try (PolicyValueNet net = load(initialWeights()); Learner learner = new Learner(net, config(kind))) {
            learner.trainStep(batch(0));
            assumeEngineSound(learner);
            state = learner.optimizerState();
        }
        TrainConfig.OptimizerKind other = kind == TrainConfig.OptimizerKind.SGD ? TrainConfig.OptimizerKind.ADAM
                : TrainConfig.OptimizerKind.SGD;
        try (PolicyValueNet net = load(initialWeights()); Learner learner = new Learner(net, config(other))) {
            assertThrows(IllegalArgumentException.class, () -> learner.restoreOptimizerState(state));
        }
        NetConfig wider = new NetConfig(4, 5, 5, 1, 16, false, true, true);
        try (PolicyValueNet net = PolicyValueNet.create(wider); Learner learner = new Learner(net, config(kind))) {
            assertThrows(IllegalArgumentException.class, () -> learner.restoreOptimizerState(state));
        }
    }

    /** Checkpoints saved before the convolutions became ChunkedConv2d blocks name their state after DJL's Conv2d. */
    @ParameterizedTest
    @EnumSource(TrainConfig.OptimizerKind.class)
    void stateSavedWhenConvolutionsWereConv2dBlocksStillFits(TrainConfig.OptimizerKind kind) throws IOException {
        try (PolicyValueNet net = load(initialWeights()); Learner learner = new Learner(net, config(kind))) {
            learner.trainStep(batch(0));
            assumeEngineSound(learner);
            Map<String, NpyArray> state = learner.optimizerState();
            Map<String, NpyArray> earlier = new java.util.LinkedHashMap<>();
            state.forEach((key, value) -> earlier.put(key.replace("ChunkedConv2d_", "Conv2d_"), value));
            assertTrue(!earlier.keySet().equals(state.keySet()), "the net has convolutions to rename");
            learner.restoreOptimizerState(earlier);
            assertEquals(state.keySet(), learner.optimizerState().keySet());
        }
    }

    @ParameterizedTest
    @EnumSource(TrainConfig.OptimizerKind.class)
    void stepsLeaveNoArraysBehind(TrainConfig.OptimizerKind kind) throws IOException {
        try (PolicyValueNet net = load(initialWeights()); Learner learner = new Learner(net, config(kind))) {
            NDManager root = net.model().getNDManager();
            learner.trainStep(batch(0));
            int before = root.getManagedArrays().size();
            for (int i = 1; i < 5; i++) {
                learner.trainStep(batch(i));
            }
            assumeEngineSound(learner);
            assertEquals(before, root.getManagedArrays().size());
        }
    }

    /**
     * Exact continuation can only be checked when libtorch computed every step: on one AVX-512 CPU it returned NaN
     * gradients now and then, which the learner skips (docs/networks.md, "A CPU on which libtorch misbehaves").
     */
    private static void assumeEngineSound(Learner learner) {
        assumeTrue(learner.skippedSteps() == 0, "libtorch gave non-finite gradients on this CPU, so the learner "
                + "skipped " + learner.skippedSteps() + " steps: see docs/networks.md");
    }

    private static byte[] initialWeights() throws IOException {
        ai.djl.engine.Engine.getInstance().setRandomSeed(7);
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            return weights(net);
        }
    }

    private static PolicyValueNet load(byte[] weights) throws IOException {
        return PolicyValueNet.load(NET, new ByteArrayInputStream(weights));
    }

    private static byte[] weights(PolicyValueNet net) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        net.saveParameters(out);
        return out.toByteArray();
    }

    /** The weight bytes as floats (the parameter file is mostly float32 data; headers compare equal anyway). */
    private static float[] floats(byte[] bytes) {
        java.nio.FloatBuffer f = java.nio.ByteBuffer.wrap(bytes, 0, bytes.length / 4 * 4)
                .order(java.nio.ByteOrder.BIG_ENDIAN).asFloatBuffer();
        float[] out = new float[f.remaining()];
        f.get(out);
        for (int i = 0; i < out.length; i++) {
            if (Float.isNaN(out[i]) || Math.abs(out[i]) > 1e6f) {
                out[i] = 0f;
            }
        }
        return out;
    }

    private static float maxDifference(float[] a, float[] b) {
        float max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }
}
