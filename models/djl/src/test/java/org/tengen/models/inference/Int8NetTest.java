package org.tengen.models.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.engine.Engine;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;

import ai.onnx.proto.OnnxMl.ModelProto;
import ai.onnx.proto.OnnxMl.NodeProto;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxExport;
import org.tengen.models.onnx.OnnxModel;
import org.tengen.models.onnx.OnnxQuantize;

/**
 * The int8 model of the pretrained 9x9 network: quantized as documented, run on int8 kernels, close to fp32; and the
 * check that decides whether auto may run an int8 model, on a flat policy and on a broken model.
 */
class Int8NetTest {
    private static final Path CHECKPOINTS = Path.of("../../models/pretrained/9x9/checkpoints").toAbsolutePath()
            .normalize();

    @TempDir
    Path tmp;

    @Test
    void int8ModelAgreesWithFp32AndRunsOnInt8Kernels() throws Exception {
        // The shipped checkpoint, whichever generation its best pointer names.
        Path shipped = CHECKPOINTS.resolve(java.nio.file.Files.readString(CHECKPOINTS.resolve("best")).trim());
        byte[] fp32 = Checkpoints.onnxModel(shipped);
        try (OnnxModel onnx = OnnxModel.load(fp32, 1)) {
            Int8Net int8 = Int8Net.quantize(onnx, fp32, Preset.byName("tromp-taylor").rules(9, 9),
                    FeatureSets.byId("az9"), 1);
            try (OnnxModel m = int8.model()) {
                BackendAgreement.Summary a = int8.agreement();
                assertEquals(Int8Net.GAMES * Int8Net.PLIES / Int8Net.STRIDE, a.positions());
                assertTrue(InferenceBackend.int8CloseEnough(a), a.describe());
                assertTrue(a.valueMeanAbs() <= InferenceBackend.INT8_MAX_VALUE_MEAN_DIFF, a.describe());
                assertTrue(a.valueMaxAbs() <= 0.25, a.describe());
                assertTrue(a.policyMeanAbs() <= 0.002 && a.policyMaxAbs() <= 0.1, a.describe());
            }
            byte[] bytes = OnnxQuantize.int8(fp32, org.tengen.models.eval.InputSpec.of(FeatureSets.byId("az9"),
                    Preset.byName("tromp-taylor").rules(9, 9)), Int8Net.calibrate(onnx, Preset.byName("tromp-taylor")
                    .rules(9, 9), FeatureSets.byId("az9")).observations(), 64, OnnxQuantize.REDUCED_RANGE);
            // Stem, 2 convolutions in each of 4 blocks, the policy and value heads' hidden convolutions: 11 of 13.
            ModelProto q = ModelProto.parseFrom(bytes);
            Set<String> dequantized = q.getGraph().getNodeList().stream().filter(n -> n.getOpType()
                    .equals("DequantizeLinear")).map(n -> n.getOutput(0)).collect(Collectors.toSet());
            assertEquals(13, count(q, "Conv"));
            assertEquals(11, q.getGraph().getNodeList().stream().filter(n -> n.getOpType().equals("Conv")
                    && dequantized.contains(n.getInput(0)) && dequantized.contains(n.getInput(1))).count());
            assertEquals(5, count(q, "Relu"), "left: the Relu after each residual Add and the value head's dense one");
            Set<String> optimized = optimizedOps(bytes);
            assertTrue(optimized.contains("QLinearConv"), "ONNX Runtime fused no QDQ convolution: " + optimized);
        }
    }

    @Test
    void aYoungNetworksFlatPolicyPassesWhereTheTopMoveCheckFailed() {
        Engine.getEngine("PyTorch").setRandomSeed(1);
        // 4 blocks of 32 channels on 9x9, az17: the small net of tengen bench --models.
        try (PolicyValueNet net = PolicyValueNet.create(NetConfig.of(17, 9, 9, 4, 32))) {
            // The policy head's output layers (point logits, pass logit: its weights with one output) made small,
            // so the logits are near zero and the policy nearly flat, as a young network's.
            List<Block> top = net.model().getBlock().getChildren().values();
            Block policyHead = top.get(top.size() - 1).getChildren().values().get(0);
            policyHead.getParameters().forEach(p -> {
                if (p.getValue().getType() == Parameter.Type.WEIGHT && p.getValue().getArray().getShape().get(0) == 1) {
                    p.getValue().getArray().muli(0.1f);
                }
            });
            byte[] fp32 = OnnxExport.toBytes(net);
            try (OnnxModel onnx = OnnxModel.load(fp32, 1)) {
                Int8Net int8 = Int8Net.quantize(onnx, fp32, Preset.TROMP_TAYLOR.rules(9, 9), FeatureSets.byId("az17"),
                        1);
                int8.model().close();
                BackendAgreement.Summary a = int8.agreement();
                assertTrue(a.topMoveAgreement() < 0.95, "the former check (95% same top move) refused it: "
                        + a.describe());
                assertTrue(InferenceBackend.int8CloseEnough(a), a.describe());
            }
        }
    }

    @Test
    void anInt8ModelCalibratedOnEmptyInputsFailsTheCheck() throws Exception {
        Path shipped = CHECKPOINTS.resolve(Files.readString(CHECKPOINTS.resolve("best")).trim());
        byte[] fp32 = Checkpoints.onnxModel(shipped);
        Rules rules = Preset.byName("tromp-taylor").rules(9, 9);
        try (OnnxModel onnx = OnnxModel.load(fp32, 1)) {
            Int8Net.Calibration c = Int8Net.calibrate(onnx, rules, FeatureSets.byId("az9"));
            // All-zero planes give activation ranges far too narrow for real positions: int8 clips them.
            FloatBuffer zeros = ByteBuffer.allocateDirect(c.positions() * c.spec().observationSize() * Float.BYTES)
                    .order(ByteOrder.nativeOrder()).asFloatBuffer();
            byte[] corrupt = OnnxQuantize.int8(fp32, c.spec(), zeros, c.positions(), Int8Net.weightRange());
            float[] policy = new float[c.positions() * c.spec().actionCount()];
            float[] value = new float[c.positions()];
            try (OnnxModel m = OnnxModel.load(corrupt, 1); Evaluator e = m.evaluator(c.spec())) {
                e.evaluate(c.positions(), c.observations(), c.legal(), policy, value, new float[c.positions()]);
            }
            BackendAgreement a = new BackendAgreement();
            a.add(c.positions(), c.spec().actionCount(), policy, value, c.policy(), c.value());
            assertFalse(InferenceBackend.int8CloseEnough(a.summary()), a.describe());
        }
    }

    private static long count(ModelProto m, String op) {
        return m.getGraph().getNodeList().stream().filter(n -> n.getOpType().equals(op)).count();
    }

    /** The operators of the model after ONNX Runtime's graph optimisations. */
    private Set<String> optimizedOps(byte[] model) throws Exception {
        Path out = tmp.resolve("optimized.onnx");
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            // QDQ fusion is an extended optimisation; the layout ones above it are not wanted in a saved model.
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.EXTENDED_OPT);
            options.setOptimizedModelFilePath(out.toString());
            OrtEnvironment.getEnvironment().createSession(model, options).close();
        }
        return ModelProto.parseFrom(Files.readAllBytes(out)).getGraph().getNodeList().stream()
                .map(NodeProto::getOpType).collect(Collectors.toSet());
    }
}
