package org.tengen.models.onnx;

import ai.djl.ndarray.NDArray;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.onnx.proto.OnnxMl.AttributeProto;
import ai.onnx.proto.OnnxMl.GraphProto;
import ai.onnx.proto.OnnxMl.ModelProto;
import ai.onnx.proto.OnnxMl.NodeProto;
import ai.onnx.proto.OnnxMl.OperatorSetIdProto;
import ai.onnx.proto.OnnxMl.StringStringEntryProto;
import ai.onnx.proto.OnnxMl.TensorProto;
import ai.onnx.proto.OnnxMl.TensorShapeProto;
import ai.onnx.proto.OnnxMl.TypeProto;
import ai.onnx.proto.OnnxMl.ValueInfoProto;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

/**
 * Writes a {@link PolicyValueNet} as an ONNX model that computes the same outputs for inference: batch norm is folded
 * into the convolution before it, and batch size, board width and height are all dynamic, so one file plays on every
 * board like the network itself.
 *
 * <p>Input {@value #INPUT} {@code (N, planes, H, W)}. Outputs: {@value #POLICY} {@code (N, H*W + 1)} logits with pass
 * last, {@value #VALUE} {@code (N)}, then {@value #OWNERSHIP} {@code (N, H*W)} and {@value #SCORE} {@code (N)} when the
 * network has those heads: the tensors of {@link PolicyValueNet#forward}, in its order.
 *
 * <p>The exporter reads the weights in the order {@link PolicyValueNet#newBlock} creates its layers and rebuilds the
 * graph from the {@link NetConfig}; each layer taken is checked to be of the expected kind, and all must be used, so a
 * change to the network that is not mirrored here fails the export instead of producing a wrong model.
 */
public final class OnnxExport {
    public static final String INPUT = "input";
    public static final String POLICY = "policy";
    public static final String VALUE = "value";
    public static final String OWNERSHIP = "ownership";
    public static final String SCORE = "score";
    /** Metadata key holding {@link NetConfig#describe()} of the exported network. */
    public static final String NETWORK_KEY = "tengen.network";

    /** Opset 17 (ONNX 1.12, 2022): every op used here in its current form, and any recent runtime reads it. */
    private static final int OPSET = 17;
    private static final int IR_VERSION = 8;
    /** DJL's default batch-norm epsilon, which every {@link BatchNorm} of {@link PolicyValueNet} uses. */
    private static final double BN_EPSILON = 1e-5;

    private final NetConfig config;
    private final Deque<Block> layers = new ArrayDeque<>();
    private final GraphProto.Builder graph = GraphProto.newBuilder().setName("tengen");
    private int names;
    /** {@code sqrt(H*W)} of the input, and the pooling's size scale {@code (sqrt(H*W) - 14) / 10}. */
    private String sqrtArea;
    private String sizeScale;

    private OnnxExport(PolicyValueNet net) {
        this.config = net.config();
        collectLayers(net.model().getBlock());
    }

    /** The ONNX model of {@code net}, serialised. */
    public static byte[] toBytes(PolicyValueNet net) {
        return new OnnxExport(net).build().toByteArray();
    }

    private ModelProto build() {
        boardScalars();
        String x = relu(convBn(INPUT, 3));
        for (int i = 0; i < config.blocks(); i++) {
            String branch = relu(convBn(x, 3));
            if (config.poolsInBlock(i)) {
                branch = poolingBias(branch);
            }
            x = relu(node("Add", convBn(branch, 3), x));
        }
        // Heads in the order of the ParallelBlock that joins them: policy, then value (with ownership and score).
        String h = relu(convBn(x, 1));
        if (config.globalPooling()) {
            h = poolingBias(h);
        }
        String points = flatten(conv(h, take(Conv2d.class), 0));
        output(node(POLICY, "Concat", List.of(points, gemm(pool(h), take(Linear.class))), intAttr("axis", 1)),
                "actions");
        String v = relu(convBn(x, 1));
        String scalars = gemm(relu(gemm(pool(v), take(Linear.class))), take(Linear.class));
        output(node(VALUE, "Tanh", List.of(column(scalars, 0))));
        if (config.ownershipHead()) {
            output(node(OWNERSHIP, "Tanh", List.of(flatten(conv(v, take(Conv2d.class), 0)))), "points");
        }
        if (config.scoreHead()) {
            // The last layer predicts margin / sqrt(area), as in PolicyValueNet.
            output(node(SCORE, "Mul", List.of(column(scalars, 1), sqrtArea)));
        }
        if (!layers.isEmpty()) {
            throw new IllegalStateException("the exporter left " + layers.size() + " layers of a " + config.describe()
                    + " network unused: PolicyValueNet changed without OnnxExport");
        }
        graph.addInput(tensorInfo(INPUT, dim("batch"), dim(config.inputPlanes()), dim("height"), dim("width")));
        return ModelProto.newBuilder()
                .setIrVersion(IR_VERSION)
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(OPSET))
                .setProducerName("tengen")
                .setDocString("Tengen policy/value network " + config.describe())
                .addMetadataProps(StringStringEntryProto.newBuilder().setKey(NETWORK_KEY).setValue(config.describe()))
                .setGraph(graph)
                .build();
    }

    /** Conv2d, BatchNorm and Linear layers depth-first, which is the order PolicyValueNet builds them in. */
    private void collectLayers(Block block) {
        if (block instanceof Conv2d || block instanceof BatchNorm || block instanceof Linear) {
            layers.add(block);
        }
        block.getChildren().values().forEach(this::collectLayers);
    }

    private Block take(Class<? extends Block> kind) {
        Block next = layers.poll();
        if (!kind.isInstance(next)) {
            throw new IllegalStateException("exporting a " + config.describe() + " network: expected a "
                    + kind.getSimpleName() + " layer but found " + (next == null ? "none" : next.getClass()
                    .getSimpleName()) + ": PolicyValueNet changed without OnnxExport");
        }
        return next;
    }

    /** {@code sqrt(H*W)} and the size scale, computed once from the input's shape so any board size works. */
    private void boardScalars() {
        String hw = node("Shape", List.of(INPUT), intAttr("start", 2), intAttr("end", 4));
        String area = node("ReduceProd", List.of(node("Cast", List.of(hw), intAttr("to", TensorProto.DataType.FLOAT
                .getNumber()))), intAttr("keepdims", 0));
        sqrtArea = node("Sqrt", area);
        sizeScale = node("Div", node("Sub", sqrtArea, scalar(14f)), scalar(10f));
    }

    /** A bias-free convolution followed by its batch norm, folded into one convolution with bias. */
    private String convBn(String x, int kernel) {
        Block convBlock = take(Conv2d.class);
        Block bn = take(BatchNorm.class);
        float[] w = array(convBlock, "weight");
        float[] gamma = array(bn, "gamma");
        float[] beta = array(bn, "beta");
        float[] mean = array(bn, "runningMean");
        float[] var = array(bn, "runningVar");
        int out = gamma.length;
        int perFilter = w.length / out;
        float[] folded = new float[w.length];
        float[] bias = new float[out];
        for (int o = 0; o < out; o++) {
            double s = gamma[o] / Math.sqrt(var[o] + BN_EPSILON);
            for (int k = 0; k < perFilter; k++) {
                folded[o * perFilter + k] = (float) (w[o * perFilter + k] * s);
            }
            bias[o] = (float) (beta[o] - mean[o] * s);
        }
        long[] shape = shape(convBlock, "weight");
        if (shape[2] != kernel) {
            throw new IllegalStateException("expected a " + kernel + "x" + kernel + " convolution, found "
                    + Arrays.toString(shape));
        }
        return convNode(x, initializer(shape, folded), initializer(new long[] {out}, bias), kernel / 2);
    }

    /** A convolution with its own bias. */
    private String conv(String x, Block convBlock, int padding) {
        return convNode(x, initializer(shape(convBlock, "weight"), array(convBlock, "weight")),
                initializer(shape(convBlock, "bias"), array(convBlock, "bias")), padding);
    }

    private String convNode(String x, String weight, String bias, int padding) {
        return node(fresh(), "Conv", List.of(x, weight, bias), AttributeProto.newBuilder().setName("pads")
                .setType(AttributeProto.AttributeType.INTS).addAllInts(List.of((long) padding, (long) padding,
                        (long) padding, (long) padding)).build());
    }

    /** DJL's Linear: {@code x W^T + b}. */
    private String gemm(String x, Block linear) {
        return node(fresh(), "Gemm", List.of(x, initializer(shape(linear, "weight"), array(linear, "weight")),
                initializer(shape(linear, "bias"), array(linear, "bias"))), intAttr("transB", 1));
    }

    /** {@code (N, C, H, W) -> (N, 3C)}: mean, mean times the size scale, max (PolicyValueNet's globalPool). */
    private String pool(String x) {
        String mean = node("GlobalAveragePool", x);
        String all = node(fresh(), "Concat", List.of(mean, node("Mul", mean, sizeScale), node("GlobalMaxPool", x)),
                intAttr("axis", 1));
        return flatten(all);
    }

    /** Adds a per-channel bias computed from the pooled features. */
    private String poolingBias(String x) {
        String bias = gemm(pool(x), take(Linear.class));
        String shape = initializer(new long[] {4}, new long[] {0, -1, 1, 1});
        return node("Add", x, node("Reshape", bias, shape));
    }

    /** {@code (N, C, H, W) -> (N, C*H*W)}. */
    private String flatten(String x) {
        return node(fresh(), "Flatten", List.of(x), intAttr("axis", 1));
    }

    /** Column {@code index} of an {@code (N, K)} tensor, as {@code (N)}. */
    private String column(String x, long index) {
        return node(fresh(), "Gather", List.of(x, initializer(new long[0], new long[] {index})), intAttr("axis", 1));
    }

    private String relu(String x) {
        return node("Relu", x);
    }

    private String node(String op, String... inputs) {
        return node(fresh(), op, List.of(inputs));
    }

    private String node(String op, List<String> inputs, AttributeProto... attributes) {
        return node(fresh(), op, inputs, attributes);
    }

    private String node(String output, String op, List<String> inputs, AttributeProto... attributes) {
        graph.addNode(NodeProto.newBuilder().setOpType(op).setName(output).addAllInput(inputs).addOutput(output)
                .addAllAttribute(List.of(attributes)));
        return output;
    }

    private String fresh() {
        return "t" + names++;
    }

    private static AttributeProto intAttr(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }

    private String scalar(float value) {
        return initializer(new long[0], new float[] {value});
    }

    private String initializer(long[] dims, float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return initializer(dims, TensorProto.DataType.FLOAT, bytes);
    }

    private String initializer(long[] dims, long[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asLongBuffer().put(values);
        return initializer(dims, TensorProto.DataType.INT64, bytes);
    }

    private String initializer(long[] dims, TensorProto.DataType type, ByteBuffer littleEndian) {
        String name = fresh();
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(type.getNumber())
                .setRawData(ByteString.copyFrom(littleEndian.array()));
        for (long d : dims) {
            t.addDims(d);
        }
        graph.addInitializer(t);
        return name;
    }

    private void output(String name, String... extraDims) {
        TensorShapeProto.Dimension[] dims = new TensorShapeProto.Dimension[extraDims.length + 1];
        dims[0] = dim("batch");
        for (int i = 0; i < extraDims.length; i++) {
            dims[i + 1] = dim(extraDims[i]);
        }
        graph.addOutput(tensorInfo(name, dims));
    }

    private static ValueInfoProto tensorInfo(String name, TensorShapeProto.Dimension... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (TensorShapeProto.Dimension d : dims) {
            shape.addDim(d);
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT.getNumber()).setShape(shape)))
                .build();
    }

    private static TensorShapeProto.Dimension dim(String symbol) {
        return TensorShapeProto.Dimension.newBuilder().setDimParam(symbol).build();
    }

    private static TensorShapeProto.Dimension dim(long size) {
        return TensorShapeProto.Dimension.newBuilder().setDimValue(size).build();
    }

    private static NDArray parameter(Block block, String name) {
        Parameter p = block.getParameters().get(name);
        if (p == null || p.getArray() == null) {
            throw new IllegalStateException(block.getClass().getSimpleName() + " has no initialised '" + name + "'");
        }
        return p.getArray();
    }

    private static float[] array(Block block, String name) {
        return parameter(block, name).toFloatArray();
    }

    private static long[] shape(Block block, String name) {
        return parameter(block, name).getShape().getShape();
    }
}
