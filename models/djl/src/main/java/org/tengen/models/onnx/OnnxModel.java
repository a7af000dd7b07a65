package org.tengen.models.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.util.Optional;
import org.tengen.models.eval.InputSpec;

/**
 * An ONNX Runtime session over a model written by {@link OnnxExport}, shared by the {@link OnnxEvaluator}s of all
 * threads: ONNX Runtime allows concurrent {@code run} calls on one session, and each evaluator keeps its own buffers.
 */
public final class OnnxModel implements AutoCloseable {
    private static volatile Optional<String> unavailable;

    private final OrtSession session;
    private final int inputPlanes;
    private final boolean predictsScore;
    private final boolean predictsOwnership;

    private OnnxModel(OrtSession session) throws OrtException {
        this.session = session;
        NodeInfo input = session.getInputInfo().get(OnnxExport.INPUT);
        if (input == null || !session.getOutputInfo().containsKey(OnnxExport.POLICY)
                || !session.getOutputInfo().containsKey(OnnxExport.VALUE)) {
            throw new IllegalArgumentException("not a Tengen network: needs input '" + OnnxExport.INPUT
                    + "' and outputs '" + OnnxExport.POLICY + "', '" + OnnxExport.VALUE + "', has "
                    + session.getInputNames() + " and " + session.getOutputNames());
        }
        this.inputPlanes = (int) ((TensorInfo) input.getInfo()).getShape()[1];
        this.predictsScore = session.getOutputInfo().containsKey(OnnxExport.SCORE);
        this.predictsOwnership = session.getOutputInfo().containsKey(OnnxExport.OWNERSHIP);
    }

    /**
     * A session over {@code model} (ONNX bytes) running each forward pass on {@code threads} intra-op threads.
     *
     * @throws IllegalStateException if ONNX Runtime cannot load here or rejects the model
     */
    public static OnnxModel load(byte[] model, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("ONNX Runtime threads must be at least 1, got " + threads);
        }
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            // Self-play runs one worker per core: threads spinning while they wait for work would steal those cores.
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            OrtSession session = OrtEnvironment.getEnvironment().createSession(model, options);
            try {
                return new OnnxModel(session);
            } catch (RuntimeException | OrtException e) {
                session.close();
                throw e;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load the model: " + e.getMessage(), e);
        }
    }

    /**
     * Why ONNX Runtime's natives do not load on this platform, or empty when they do. Checked once per process.
     */
    public static Optional<String> unavailable() {
        Optional<String> known = unavailable;
        if (known == null) {
            try {
                OrtEnvironment.getEnvironment();
                known = Optional.empty();
            } catch (LinkageError | RuntimeException e) {
                known = Optional.of(e.toString());
            }
            unavailable = known;
        }
        return known;
    }

    /** An evaluator of positions shaped as {@code spec}; its planes must be the model's input planes. */
    public OnnxEvaluator evaluator(InputSpec spec) {
        return new OnnxEvaluator(this, spec);
    }

    /** Input planes the model takes. */
    public int inputPlanes() {
        return inputPlanes;
    }

    /** Whether the model has the score output. */
    public boolean predictsScore() {
        return predictsScore;
    }

    /** Whether the model has the ownership output. */
    public boolean predictsOwnership() {
        return predictsOwnership;
    }

    /** The session, for callers that drive ONNX Runtime directly (benchmarks of the bare library). */
    public OrtSession session() {
        return session;
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("cannot close the ONNX Runtime session", e);
        }
    }
}
