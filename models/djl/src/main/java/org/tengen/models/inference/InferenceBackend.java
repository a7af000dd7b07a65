package org.tengen.models.inference;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tengen.models.onnx.OnnxModel;

/**
 * Which library and precision run the networks of search (self-play, arena, match, GTP); training always runs
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
     * model is close to fp32 on its calibration positions ({@link #int8CloseEnough}) where int8 is at least
     * {@link #INT8_MIN_SPEEDUP} times as fast on this CPU in a quick probe made once per run ({@link AutoChoice}), else
     * fp32.
     */
    AUTO;

    /**
     * Largest mean over calibration positions of int8's policy total variation distance from fp32 (the prior
     * probability it moves, {@link BackendAgreement}) for auto to choose int8. Small against what moves a search's
     * visits anyway: PUCT self-play's root noise (a quarter of the prior replaced by a spiky Dirichlet sample) moves
     * the root prior by 0.15 to 0.2 on every 9x9 move (20 to 82 legal moves), and one visit of a 64-simulation search
     * is 0.016 of its visit distribution, so 0.05 is a third to a quarter of the noise, about three visits at the root
     * and under one at a node of fewer than 20 visits. The pretrained networks' int8 models are at about 0.013.
     */
    public static final double INT8_MAX_POLICY_TV_MEAN = 0.05;
    /**
     * Largest policy total variation distance from fp32 that 99% of calibration positions must stay within: the rare
     * worst positions may move half as much as the root noise does (the pretrained networks': 0.03 to 0.04).
     */
    public static final double INT8_MAX_POLICY_TV_P99 = 0.10;
    /** Largest mean value difference from fp32 on the calibration positions for auto to choose int8. */
    public static final double INT8_MAX_VALUE_MEAN_DIFF = 0.03;
    /** Least speed-up over fp32 ONNX Runtime for auto to choose int8: below it, exactness wins. */
    public static final double INT8_MIN_SPEEDUP = 1.15;

    private static final Logger LOG = LoggerFactory.getLogger(InferenceBackend.class);
    private static volatile boolean reported;

    /** The names accepted by {@link #parse}, as written in configs and on the command line. */
    public static final List<String> NAMES = Arrays.stream(values()).map(InferenceBackend::id).toList();

    /** Whether an int8 model that differs from fp32 as {@code a} says is close enough for auto to run it. */
    public static boolean int8CloseEnough(BackendAgreement.Summary a) {
        return a.policyTvMean() <= INT8_MAX_POLICY_TV_MEAN && a.policyTvP99() <= INT8_MAX_POLICY_TV_P99
                && a.valueMeanAbs() <= INT8_MAX_VALUE_MEAN_DIFF;
    }

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
