package org.tengen.bench.models;

import ai.onnx.proto.OnnxMl;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What the forward speeds are measured against: the better of two fp32 kernels large enough to run at full speed, in
 * GFLOP per CPU second, best round (load only slows a peak down).
 *
 * @param op        the kernel that reached it
 * @param gigaflops GFLOP per CPU second
 */
record Fp32Peak(String op, double gigaflops) {
    /** Side of the square matrices whose product measures the peak: large enough to amortise packing. */
    private static final int SIDE = 1024;

    /**
     * ONNX Runtime's MatMul of two 1024-square matrices (SGEMM) and its 3x3 convolution of 256 to 256 channels on 8
     * boards of 19x19 (the kernel the networks' trunks use, which beats SGEMM on AVX-512 machines), on
     * {@code threads} intra-op threads.
     */
    static Fp32Peak measure(int threads, Timing timing) {
        int n = SIDE;
        Fp32Peak matMul = new Fp32Peak("MatMul " + n + "x" + n + " by " + n + "x" + n, opGigaflops("MatMul",
                new long[] {n, n}, new long[] {n, n}, 2.0 * n * n * n, threads, timing));
        int c = 256;
        int boards = 8;
        OnnxMl.AttributeProto pads = OnnxMl.AttributeProto.newBuilder().setName("pads")
                .setType(OnnxMl.AttributeProto.AttributeType.INTS).addAllInts(List.of(1L, 1L, 1L, 1L)).build();
        Fp32Peak conv = new Fp32Peak("Conv 3x3 " + c + "->" + c + " on " + boards + "x19x19", opGigaflops("Conv",
                new long[] {boards, c, 19, 19}, new long[] {c, c, 3, 3}, 2.0 * boards * 361 * c * c * 9, threads,
                timing, pads));
        return matMul.gigaflops() >= conv.gigaflops() ? matMul : conv;
    }

    /** GFLOP per CPU second of {@code op(a, b)}, {@code b} a constant, best round. */
    private static double opGigaflops(String op, long[] aShape, long[] bShape, double flops, int threads,
                                      Timing timing, OnnxMl.AttributeProto... attributes) {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Random random = new Random(1);
        float[] a = new float[Math.toIntExact(Arrays.stream(aShape).reduce(1, (x, y) -> x * y))];
        float[] b = new float[Math.toIntExact(Arrays.stream(bShape).reduce(1, (x, y) -> x * y))];
        for (float[] values : new float[][] {a, b}) {
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextFloat() - 0.5f;
            }
        }
        try (OrtSession.SessionOptions sessionOptions = new OrtSession.SessionOptions()) {
            sessionOptions.setIntraOpNumThreads(threads);
            sessionOptions.setInterOpNumThreads(1);
            try (OrtSession session = env.createSession(oneOpModel(op, aShape, b, bShape, attributes), sessionOptions);
                 OnnxTensor input = OnnxTensor.createTensor(env, FloatBuffer.wrap(a), aShape)) {
                Runnable run = () -> {
                    try {
                        session.run(Map.of("a", input)).close();
                    } catch (OrtException e) {
                        throw new IllegalStateException(op + " failed", e);
                    }
                };
                Timing.timeFor(run, timing.round());
                double runs = 0;
                for (int r = 0; r < timing.rounds(); r++) {
                    runs = Math.max(runs, timing.rates(run, 1)[1]);
                }
                return runs * flops / 1e9;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("cannot measure the fp32 peak: " + e.getMessage(), e);
        }
    }

    /** {@code c = op(a, b)}: {@code a} an input, {@code b} a constant. */
    private static byte[] oneOpModel(String op, long[] aShape, float[] b, long[] bShape,
                                     OnnxMl.AttributeProto... attributes) {
        ByteBuffer bytes = ByteBuffer.allocate(b.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(b);
        int floatType = OnnxMl.TensorProto.DataType.FLOAT.getNumber();
        OnnxMl.TensorShapeProto.Builder shape = OnnxMl.TensorShapeProto.newBuilder();
        for (long d : aShape) {
            shape.addDim(OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        OnnxMl.TypeProto.Builder inputType = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor
                .newBuilder().setElemType(floatType).setShape(shape));
        OnnxMl.TypeProto.Builder outputType = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor
                .newBuilder().setElemType(floatType));
        OnnxMl.TensorProto.Builder constant = OnnxMl.TensorProto.newBuilder().setName("b").setDataType(floatType)
                .setRawData(ByteString.copyFrom(bytes.array()));
        for (long d : bShape) {
            constant.addDims(d);
        }
        OnnxMl.GraphProto graph = OnnxMl.GraphProto.newBuilder().setName("peak")
                .addInput(OnnxMl.ValueInfoProto.newBuilder().setName("a").setType(inputType))
                .addOutput(OnnxMl.ValueInfoProto.newBuilder().setName("c").setType(outputType))
                .addInitializer(constant)
                .addNode(OnnxMl.NodeProto.newBuilder().setOpType(op).addInput("a").addInput("b").addOutput("c")
                        .addAllAttribute(List.of(attributes)))
                .build();
        return OnnxMl.ModelProto.newBuilder().setIrVersion(8)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setVersion(17)).setGraph(graph).build()
                .toByteArray();
    }
}
