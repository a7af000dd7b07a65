package org.tengen.models.inference;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tengen.models.onnx.OnnxModel;

/**
 * Which library and precision run the networks of search (self-play, arena, eval, match, GTP); training always runs
 * on libtorch. libtorch and ONNX Runtime in fp32 compute the same function (they agree to about 1e-6, see
 * {@code OnnxEvaluatorTest}); ONNX Runtime is faster on CPU at the small batches search makes. int8 approximates it
 * ({@link Int8Net}).
 */
public enum InferenceBackend {
    /** libtorch through DJL, the library the networks are trained with. */
    LIBTORCH,
    /** ONNX Runtime, on the checkpoint's exported model. */
    ONNX,
    /** ONNX Runtime on an int8 model derived from the exported one when the network is loaded ({@link Int8Net}). */
    INT8,
    /**
     * ONNX Runtime when its natives load on this platform, else libtorch; on ONNX Runtime, int8 for a network whose int8
     * model agrees with fp32 on its calibration positions ({@link #INT8_MIN_TOP_MOVE}, {@link #INT8_MAX_VALUE_MEAN_DIFF})
     * where int8 is at least {@link #INT8_MIN_SPEEDUP} times as fast on this CPU in a quick probe made once per run
     * ({@link AutoChoice}), else fp32.
     */
    AUTO;

    /** Least share of calibration positions where int8's most probable move is fp32's, for auto to choose int8. */
    public static final double INT8_MIN_TOP_MOVE = 0.95;
    /** Largest mean value difference from fp32 on the calibration positions for auto to choose int8. */
    public static final double INT8_MAX_VALUE_MEAN_DIFF = 0.03;
    /** Least speed-up over fp32 ONNX Runtime for auto to choose int8: below it, exactness wins. */
    public static final double INT8_MIN_SPEEDUP = 1.15;

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

    /**
     * This backend, or for {@link #AUTO} the library that runs here, {@link #ONNX} or {@link #LIBTORCH} (logged once
     * per process); whether that becomes {@link #INT8} depends on the network ({@link InferenceNet#load}).
     */
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
