package org.tengen.models.inference;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tengen.models.onnx.OnnxModel;

/**
 * Which library runs the networks of search (self-play, arena, eval, match, GTP); training always runs on libtorch.
 * Both compute the same function (they agree to about 1e-6, see {@code OnnxEvaluatorTest}); ONNX Runtime is faster
 * on CPU at the small batches search makes.
 */
public enum InferenceBackend {
    /** libtorch through DJL, the library the networks are trained with. */
    LIBTORCH,
    /** ONNX Runtime, on the checkpoint's exported model. */
    ONNX,
    /** ONNX Runtime when its natives load on this platform, else libtorch. */
    AUTO;

    private static final Logger LOG = LoggerFactory.getLogger(InferenceBackend.class);
    private static volatile boolean reported;

    /** The names accepted by {@link #parse}, as written in configs and on the command line. */
    public static final List<String> NAMES = Arrays.stream(values()).map(InferenceBackend::id).toList();

    /** The lower-case name, e.g. {@code onnx}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The backend named {@code name}, in any case.
     *
     * @throws IllegalArgumentException naming the known backends
     */
    public static InferenceBackend parse(String name) {
        for (InferenceBackend b : values()) {
            if (b.id().equals(name.toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown backend '" + name + "'; known: " + String.join(", ", NAMES));
    }

    /** This backend, or for {@link #AUTO} the one that runs here (logged once per process). */
    public InferenceBackend resolve() {
        if (this != AUTO) {
            return this;
        }
        java.util.Optional<String> problem = OnnxModel.unavailable();
        if (!reported) {
            reported = true;
            if (problem.isEmpty()) {
                LOG.info("Inference backend auto: ONNX Runtime");
            } else {
                LOG.warn("Inference backend auto: libtorch, because ONNX Runtime does not load here: {}",
                        problem.get());
            }
        }
        return problem.isEmpty() ? ONNX : LIBTORCH;
    }
}
