package org.tengen.models.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.HashMap;
import java.util.Map;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.LogitsEvaluator;

/**
 * Runs an {@link OnnxModel} with ONNX Runtime; {@link LogitsEvaluator} turns its logits into priors exactly as for
 * the libtorch backend.
 *
 * <p>No copies on the way in when the caller's observations are a direct buffer in native order (the env's are):
 * the input tensor is a view of them. Otherwise they are copied into a direct buffer of this evaluator's. Outputs
 * are written by ONNX Runtime straight into this evaluator's direct buffers (pinned outputs); the ownership output
 * is asked for only when the caller wants it. Buffers grow to the largest batch seen. The model is shared, not owned; single-threaded
 * like every evaluator.
 */
public final class OnnxEvaluator extends LogitsEvaluator {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final OrtSession session;
    private final boolean predictsScore;
    private FloatBuffer input = floats(0);
    private FloatBuffer policy = floats(0);
    private FloatBuffer value = floats(0);
    private FloatBuffer score = floats(0);
    private FloatBuffer ownership = floats(0);

    OnnxEvaluator(OnnxModel model, InputSpec spec) {
        super(spec, model.predictsScore(), model.predictsOwnership());
        if (spec.planes() != model.inputPlanes()) {
            throw new IllegalArgumentException("feature set " + spec.featureSet() + " has " + spec.planes()
                    + " planes but the network takes " + model.inputPlanes());
        }
        this.session = model.session();
        this.predictsScore = model.predictsScore();
    }

    @Override
    protected void forward(int batch, FloatBuffer observations, float[] logits, float[] values, float[] scores,
                           float[] owners) {
        InputSpec spec = spec();
        int floats = batch * spec.observationSize();
        int actions = spec.actionCount();
        ensureCapacity(batch, floats);
        FloatBuffer in;
        if (observations.isDirect() && observations.order() == ByteOrder.nativeOrder()) {
            in = observations.duplicate().clear().limit(floats);
        } else {
            in = input.clear().put(0, observations, 0, floats).limit(floats);
        }
        int area = spec.area();
        Map<String, OnnxTensor> outputs = new HashMap<>(8);
        try (OnnxTensor inputTensor = OnnxTensor.createTensor(env, in,
                new long[] {batch, spec.planes(), spec.height(), spec.width()})) {
            outputs.put(OnnxExport.POLICY, OnnxTensor.createTensor(env, policy.clear().limit(batch * actions),
                    new long[] {batch, actions}));
            outputs.put(OnnxExport.VALUE, OnnxTensor.createTensor(env, value.clear().limit(batch), new long[] {batch}));
            if (predictsScore) {
                outputs.put(OnnxExport.SCORE, OnnxTensor.createTensor(env, score.clear().limit(batch),
                        new long[] {batch}));
            }
            if (owners != null) {
                outputs.put(OnnxExport.OWNERSHIP, OnnxTensor.createTensor(env, ownership.clear().limit(batch * area),
                        new long[] {batch, area}));
            }
            session.run(Map.of(OnnxExport.INPUT, inputTensor), outputs).close();
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime forward pass failed: " + e.getMessage(), e);
        } finally {
            outputs.values().forEach(OnnxTensor::close);
        }
        policy.get(0, logits, 0, batch * actions);
        value.get(0, values, 0, batch);
        if (predictsScore) {
            score.get(0, scores, 0, batch);
        }
        if (owners != null) {
            ownership.get(0, owners, 0, batch * area);
        }
    }

    private void ensureCapacity(int batch, int floats) {
        if (input.capacity() < floats) {
            input = floats(floats);
        }
        if (value.capacity() < batch) {
            policy = floats(batch * spec().actionCount());
            value = floats(batch);
            score = floats(batch);
            ownership = floats(batch * spec().area());
        }
    }

    private static FloatBuffer floats(int n) {
        return ByteBuffer.allocateDirect(n * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }
}
