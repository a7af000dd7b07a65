package org.tengen.models.onnx;

import ai.onnx.proto.OnnxMl.AttributeProto;
import ai.onnx.proto.OnnxMl.GraphProto;
import ai.onnx.proto.OnnxMl.ModelProto;
import ai.onnx.proto.OnnxMl.NodeProto;
import ai.onnx.proto.OnnxMl.TensorProto;
import ai.onnx.proto.OnnxMl.TypeProto;
import ai.onnx.proto.OnnxMl.ValueInfoProto;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tengen.models.eval.InputSpec;

/**
 * Turns a model written by {@link OnnxExport} into an int8 model in ONNX's QDQ form: {@code QuantizeLinear} /
 * {@code DequantizeLinear} pairs around the convolutions of the trunk and the heads' hidden layers, which ONNX Runtime
 * fuses into {@code QLinearConv} (u8 activations, s8 weights: VNNI or AVX2 kernels, whichever the CPU has).
 *
 * <p>Written here rather than with ONNX Runtime's quantizer because that is Python only; the rewrite is small since
 * the exporter's graphs have one shape. What is quantized, and how:
 * <ul>
 *   <li>A convolution whose output goes only to a {@code Relu} or an {@code Add} (the stem, both convolutions of each
 *       residual block, the policy and value heads' first convolution). The rest (the 1-channel policy and ownership
 *       convolutions, the {@code Gemm}s on pooled vectors) produces outputs or works on vectors of a few hundred
 *       values: under 1% of the arithmetic, so int8 would cost accuracy and save nothing. They stay fp32.</li>
 *   <li>Weights: per output channel, symmetric, zero point 0, scale {@code max|w| / qmax}.</li>
 *   <li>Bias: int32 with scale {@code input scale * weight scale}, as {@code QLinearConv} needs.</li>
 *   <li>Activations: uint8, asymmetric over {@code [min(0, lo), max(0, hi)]} of the tensor on calibration positions
 *       (the convolution's input and its output; after a {@code Relu} the output range starts at 0, and the
 *       {@code Relu} is dropped because a quantizer with zero point 0 clamps at 0 exactly as it does).</li>
 * </ul>
 */
public final class OnnxQuantize {
    /**
     * Largest weight magnitude for CPUs without VNNI: 7-bit weights, because AVX2's u8 x s8 multiply adds pairs of
     * products in saturating 16 bits ({@code 255 * 127 * 2 > 32767}), as ONNX Runtime's "reduce range" does.
     */
    public static final int REDUCED_RANGE = 63;
    /** Largest weight magnitude with VNNI, whose dot products accumulate in 32 bits. */
    public static final int FULL_RANGE = 127;

    private static final int U8 = TensorProto.DataType.UINT8.getNumber();
    private static final int I8 = TensorProto.DataType.INT8.getNumber();
    private static final int I32 = TensorProto.DataType.INT32.getNumber();
    private static final int F32 = TensorProto.DataType.FLOAT.getNumber();

    private final GraphProto source;
    private final Map<String, TensorProto> initializers = new HashMap<>();
    private final Map<String, List<NodeProto>> consumers = new HashMap<>();
    private final GraphProto.Builder graph;
    /** Tensors quantized so far: name of the tensor to its dequantized copy and its scale. */
    private final Map<String, Quantized> quantized = new HashMap<>();
    private final Map<String, float[]> ranges;
    private final int weightRange;
    private int names;

    private record Quantized(String dequantized, float scale) {
    }

    private OnnxQuantize(GraphProto source, Map<String, float[]> ranges, int weightRange) {
        this.source = source;
        this.ranges = ranges;
        this.weightRange = weightRange;
        source.getInitializerList().forEach(t -> initializers.put(t.getName(), t));
        for (NodeProto n : source.getNodeList()) {
            n.getInputList().forEach(in -> consumers.computeIfAbsent(in, k -> new ArrayList<>()).add(n));
        }
        this.graph = source.toBuilder().clearNode();
    }

    /**
     * The int8 QDQ model of {@code fp32} (an {@link OnnxExport} model), with activation ranges measured by running it
     * on {@code positions} observations of shape {@code spec} held in {@code calibration}.
     *
     * @param weightRange largest weight magnitude: {@link #FULL_RANGE} or {@link #REDUCED_RANGE}
     */
    public static byte[] int8(byte[] fp32, InputSpec spec, FloatBuffer calibration, int positions, int weightRange) {
        if (weightRange < 1 || weightRange > FULL_RANGE || positions < 1) {
            throw new IllegalArgumentException("weight range must be 1.." + FULL_RANGE + " and positions positive, got "
                    + weightRange + " and " + positions);
        }
        ModelProto model;
        try {
            model = ModelProto.parseFrom(fp32);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not an ONNX model: " + e.getMessage(), e);
        }
        List<String> observed = observedTensors(model.getGraph());
        Map<String, float[]> ranges = ranges(model, observed, spec, calibration, positions);
        GraphProto quantizedGraph = new OnnxQuantize(model.getGraph(), ranges, weightRange).build();
        return model.toBuilder().setGraph(quantizedGraph).setDocString(model.getDocString() + ", int8 QDQ")
                .build().toByteArray();
    }

    private GraphProto build() {
        for (NodeProto n : source.getNodeList()) {
            if (quantizedConv(n)) {
                convolution(n);
            } else if (!(n.getOpType().equals("Relu") && quantizedConv(producer(n.getInput(0))))) {
                graph.addNode(n);
            }
        }
        // The fp32 weights of the quantized convolutions are left unused: drop them.
        Set<String> used = new HashSet<>();
        graph.getNodeList().forEach(n -> used.addAll(n.getInputList()));
        List<TensorProto> kept = graph.getInitializerList().stream().filter(t -> used.contains(t.getName())).toList();
        graph.clearInitializer().addAllInitializer(kept);
        return graph.build();
    }

    /** The tensors whose ranges calibration measures: every quantized convolution's input and (activated) output. */
    private static List<String> observedTensors(GraphProto g) {
        OnnxQuantize probe = new OnnxQuantize(g, Map.of(), FULL_RANGE);
        List<String> names = new ArrayList<>();
        for (NodeProto n : g.getNodeList()) {
            if (probe.quantizedConv(n)) {
                names.add(n.getInput(0));
                names.add(probe.activatedOutput(n));
            }
        }
        return names.stream().distinct().toList();
    }

    private boolean quantizedConv(NodeProto n) {
        return n != null && n.getOpType().equals("Conv") && quantizable(n);
    }

    /** A convolution whose output goes only to one {@code Relu} or {@code Add}. */
    private boolean quantizable(NodeProto conv) {
        List<NodeProto> uses = consumers.getOrDefault(conv.getOutput(0), List.of());
        return uses.size() == 1 && (uses.get(0).getOpType().equals("Relu") || uses.get(0).getOpType().equals("Add"));
    }

    /** The output of the convolution's {@code Relu} if it has one, else its own output. */
    private String activatedOutput(NodeProto conv) {
        NodeProto use = consumers.get(conv.getOutput(0)).get(0);
        return use.getOpType().equals("Relu") ? use.getOutput(0) : conv.getOutput(0);
    }

    private NodeProto producer(String tensor) {
        for (NodeProto n : source.getNodeList()) {
            if (n.getOutputList().contains(tensor)) {
                return n;
            }
        }
        return null;
    }

    /** DQ(x) * DQ(w) + DQ(b), then Q -> DQ into the name its consumers read. */
    private void convolution(NodeProto conv) {
        Quantized x = activation(conv.getInput(0));
        TensorProto w = initializers.get(conv.getInput(1));
        TensorProto b = initializers.get(conv.getInput(2));
        float[] weights = floats(w);
        float[] bias = floats(b);
        int out = bias.length;
        int perFilter = weights.length / out;
        float[] wScale = new float[out];
        byte[] wq = new byte[weights.length];
        int[] bq = new int[out];
        float[] bScale = new float[out];
        for (int o = 0; o < out; o++) {
            float max = 0;
            for (int k = 0; k < perFilter; k++) {
                max = Math.max(max, Math.abs(weights[o * perFilter + k]));
            }
            wScale[o] = max > 0 ? max / weightRange : 1f;
            for (int k = 0; k < perFilter; k++) {
                wq[o * perFilter + k] = (byte) Math.round(weights[o * perFilter + k] / wScale[o]);
            }
            bScale[o] = x.scale() * wScale[o];
            bq[o] = Math.round(bias[o] / bScale[o]);
        }
        ByteBuffer wBytes = ByteBuffer.wrap(wq);
        ByteBuffer bBytes = ByteBuffer.allocate(out * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bBytes.asIntBuffer().put(bq);
        String wDq = dequantize(initializer(w.getDimsList(), I8, wBytes), initializer(List.of((long) out), wScale),
                initializer(List.of((long) out), I8, ByteBuffer.allocate(out)), true);
        String bDq = dequantize(initializer(List.of((long) out), I32, bBytes), initializer(List.of((long) out), bScale),
                initializer(List.of((long) out), I32, ByteBuffer.allocate(out * Integer.BYTES)), true);
        String raw = fresh();
        graph.addNode(conv.toBuilder().setName(raw).setInput(0, x.dequantized()).setInput(1, wDq).setInput(2, bDq).setOutput(0, raw));
        String activated = activatedOutput(conv);
        float[] range = ranges.get(activated);
        quantizePair(raw, range, activated);
    }

    /** The dequantized copy of activation {@code tensor}, made at its first use. */
    private Quantized activation(String tensor) {
        Quantized known = quantized.get(tensor);
        if (known != null) {
            return known;
        }
        return quantizePair(tensor, ranges.get(tensor), fresh());
    }

    /** {@code output = DQ(Q(input))} with uint8 parameters fitted to {@code range}; remembered as {@code output}. */
    private Quantized quantizePair(String input, float[] range, String output) {
        float lo = Math.min(0, range[0]);
        float hi = Math.max(0, range[1]);
        float scale = hi > lo ? (hi - lo) / 255f : 1f;
        int zeroPoint = Math.max(0, Math.min(255, Math.round(-lo / scale)));
        String s = initializer(List.of(), new float[] {scale});
        String zp = initializer(List.of(), U8, ByteBuffer.wrap(new byte[] {(byte) zeroPoint}));
        String q = fresh();
        graph.addNode(NodeProto.newBuilder().setOpType("QuantizeLinear").setName(q).addInput(input).addInput(s)
                .addInput(zp).addOutput(q));
        graph.addNode(NodeProto.newBuilder().setOpType("DequantizeLinear").setName(output).addInput(q).addInput(s)
                .addInput(zp).addOutput(output));
        Quantized result = new Quantized(output, scale);
        quantized.put(input, result);
        quantized.put(output, result);
        return result;
    }

    private String dequantize(String values, String scale, String zeroPoint, boolean perChannel) {
        String out = fresh();
        NodeProto.Builder n = NodeProto.newBuilder().setOpType("DequantizeLinear").setName(out).addInput(values)
                .addInput(scale).addInput(zeroPoint).addOutput(out);
        if (perChannel) {
            n.addAttribute(AttributeProto.newBuilder().setName("axis").setType(AttributeProto.AttributeType.INT)
                    .setI(0));
        }
        graph.addNode(n);
        return out;
    }

    /** Runs the model with {@code observed} as extra outputs over the calibration positions: {min, max} of each. */
    private static Map<String, float[]> ranges(ModelProto model, List<String> observed, InputSpec spec,
                                               FloatBuffer calibration, int positions) {
        GraphProto.Builder g = model.getGraph().toBuilder();
        int size = spec.observationSize();
        Map<String, float[]> ranges = new LinkedHashMap<>();
        observed.forEach(name -> ranges.put(name, new float[] {Float.MAX_VALUE, -Float.MAX_VALUE}));
        // The network's input is read from the buffer; the others are extra outputs of the model.
        float[] inputRange = ranges.get(OnnxExport.INPUT);
        for (int i = 0; inputRange != null && i < positions * size; i++) {
            inputRange[0] = Math.min(inputRange[0], calibration.get(i));
            inputRange[1] = Math.max(inputRange[1], calibration.get(i));
        }
        List<String> inner = observed.stream().filter(name -> !name.equals(OnnxExport.INPUT)).toList();
        for (String name : inner) {
            g.addOutput(ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                    TypeProto.Tensor.newBuilder().setElemType(F32))));
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int batch = 64;
        try (OnnxModel probe = OnnxModel.load(model.toBuilder().setGraph(g).build().toByteArray(), 1)) {
            OrtSession session = probe.session();
            for (int from = 0; from < positions; from += batch) {
                int n = Math.min(batch, positions - from);
                FloatBuffer in = calibration.duplicate().position(from * size).limit((from + n) * size).slice();
                try (OnnxTensor input = OnnxTensor.createTensor(env, in,
                        new long[] {n, spec.planes(), spec.height(), spec.width()});
                     OrtSession.Result result = session.run(Map.of(OnnxExport.INPUT, input), new HashSet<>(inner))) {
                    for (String name : inner) {
                        FloatBuffer values = ((OnnxTensor) result.get(name).orElseThrow()).getFloatBuffer();
                        float[] r = ranges.get(name);
                        while (values.hasRemaining()) {
                            float v = values.get();
                            r[0] = Math.min(r[0], v);
                            r[1] = Math.max(r[1], v);
                        }
                    }
                }
            }
        } catch (OrtException e) {
            throw new IllegalStateException("calibrating the int8 model failed: " + e.getMessage(), e);
        }
        return ranges;
    }

    private String fresh() {
        return "q" + names++;
    }

    private String initializer(List<Long> dims, float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return initializer(dims, F32, bytes);
    }

    private String initializer(List<Long> dims, int type, ByteBuffer littleEndian) {
        String name = fresh();
        graph.addInitializer(TensorProto.newBuilder().setName(name).setDataType(type).addAllDims(dims)
                .setRawData(ByteString.copyFrom(littleEndian.array())));
        return name;
    }

    private static float[] floats(TensorProto t) {
        FloatBuffer fb = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        float[] values = new float[fb.remaining()];
        fb.get(values);
        return values;
    }
}
