package org.tengen.models.learn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.util.Pair;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tengen.models.data.NpyArray;

/**
 * SGD with momentum and Adam whose state (momentum buffers, Adam's moments and update count) can be read and
 * restored, so that training continues across generations and processes as if it had never stopped. DJL's own
 * optimisers keep that state in private maps, which is why this one is written here.
 *
 * <p>SGD follows PyTorch: {@code m = momentum m + g; w -= lr m}. Adam: {@code m = b1 m + (1-b1) g},
 * {@code v = b2 v + (1-b2) g^2}, {@code w -= lr (m / (1-b1^t)) / (sqrt(v / (1-b2^t)) + eps)}, where {@code t}
 * counts this optimiser's own updates (restored with the moments, so bias correction never assumes a history the
 * moments do not have). State is keyed by parameter name, which is stable across processes (DJL's parameter ids
 * are not). L2 is in the loss, not here.
 */
final class StatefulOptimizer extends Optimizer {
    private static final float BETA1 = 0.9f;
    private static final float BETA2 = 0.999f;
    private static final float EPSILON = 1e-8f;
    /**
     * A parameter's name holds its block's class name, and the convolutions were DJL's {@code Conv2d} blocks until
     * {@link org.tengen.models.net.ChunkedConv2d} replaced them (2026-11-27): state saved before then names them so.
     */
    private static final String EARLIER_CONVOLUTION = "Conv2d_";
    private static final String CONVOLUTION = "ChunkedConv2d_";

    private final TrainConfig config;
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, NDArray> first = new LinkedHashMap<>();
    private final Map<String, NDArray> second = new LinkedHashMap<>();
    /** Training steps taken, which the learning-rate schedule follows. */
    private long step;
    /** Updates these moments have seen (Adam's bias correction). */
    private long updates;

    StatefulOptimizer(TrainConfig config, Iterable<Pair<String, Parameter>> parameters, long startStep) {
        super(Optimizer.sgd().setLearningRateTracker(ai.djl.training.tracker.Tracker.fixed(0f)));
        this.config = config;
        this.step = startStep;
        for (Pair<String, Parameter> p : parameters) {
            names.put(p.getValue().getId(), p.getKey());
        }
    }

    /** Called by the learner once every parameter of a training step is updated. */
    void stepDone() {
        step++;
        updates++;
    }

    @Override
    public void update(String parameterId, NDArray weight, NDArray grad) {
        apply(parameterId, weight, grad);
        // PyTorch adds each backward pass into the weight's gradient; the engine's own updates clear it, so must this.
        try (NDArray accumulated = weight.getGradient()) {
            accumulated.muli(0f);
        }
    }

    private void apply(String parameterId, NDArray weight, NDArray grad) {
        String name = names.get(parameterId);
        if (name == null) {
            throw new IllegalStateException("parameter " + parameterId + " is not one of the network's");
        }
        float rate = config.schedule().rate(config.learningRate(), step);
        NDArray m = first.computeIfAbsent(name, n -> weight.zerosLike());
        if (config.optimizer() == TrainConfig.OptimizerKind.SGD) {
            m.muli(config.momentum()).addi(grad);
            subtractScaled(weight, m, rate);
            return;
        }
        NDArray v = second.computeIfAbsent(name, n -> weight.zerosLike());
        long t = updates + 1;
        try (NDArray g1 = grad.mul(1 - BETA1); NDArray g2 = grad.square()) {
            m.muli(BETA1).addi(g1);
            v.muli(BETA2).addi(g2.muli(1 - BETA2));
        }
        float correction1 = (float) (1 - Math.pow(BETA1, t));
        float correction2 = (float) (1 - Math.pow(BETA2, t));
        try (NDArray root = v.div(correction2)) {
            root.powi(0.5f).addi(EPSILON);
            try (NDArray direction = m.div(root)) {
                subtractScaled(weight, direction, rate / correction1);
            }
        }
    }

    private static void subtractScaled(NDArray target, NDArray x, float scale) {
        try (NDArray scaled = x.mul(scale)) {
            target.subi(scaled);
        }
    }

    /**
     * The state as named arrays: {@code updates} (a scalar), and per parameter {@code m_NAME} (and {@code v_NAME}
     * for Adam), float32 in the parameter's shape.
     */
    Map<String, NpyArray> state() {
        Map<String, NpyArray> out = new LinkedHashMap<>();
        out.put("updates", NpyArray.Longs.scalar(updates));
        first.forEach((name, array) -> out.put("m_" + name, floats(array)));
        second.forEach((name, array) -> out.put("v_" + name, floats(array)));
        return out;
    }

    /**
     * Restores a state written by {@link #state} for the same network and optimiser.
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    void restore(Map<String, NpyArray> state, Map<String, Parameter> parameters) {
        if (!(state.get("updates") instanceof NpyArray.Longs count) || count.data().length != 1) {
            throw new IllegalArgumentException("the optimiser state has no update count");
        }
        boolean adam = config.optimizer() == TrainConfig.OptimizerKind.ADAM;
        boolean hasSecond = state.keySet().stream().anyMatch(k -> k.startsWith("v_"));
        if (adam != hasSecond) {
            throw new IllegalArgumentException("the optimiser state is " + (hasSecond ? "Adam's" : "SGD's")
                    + " but the training config uses " + config.optimizer().name().toLowerCase(java.util.Locale.ROOT));
        }
        first.clear();
        second.clear();
        for (Map.Entry<String, NpyArray> e : state.entrySet()) {
            if (e.getKey().equals("updates")) {
                continue;
            }
            String name = e.getKey().substring(2);
            Parameter p = parameters.get(name);
            if (p == null && !name.contains(CONVOLUTION)) {
                name = name.replace(EARLIER_CONVOLUTION, CONVOLUTION);
                p = parameters.get(name);
            }
            if (p == null || !(e.getValue() instanceof NpyArray.Floats f)
                    || !new Shape(f.shape()).equals(p.getArray().getShape())) {
                throw new IllegalArgumentException("the optimiser state's " + e.getKey()
                        + " does not fit the network's parameters");
            }
            NDArray array = p.getArray().getManager().create(f.data(), new Shape(f.shape()));
            (e.getKey().startsWith("m_") ? first : second).put(name, array);
        }
        updates = count.data()[0];
    }

    private static NpyArray.Floats floats(NDArray array) {
        return new NpyArray.Floats(array.toFloatArray(), array.getShape().getShape());
    }
}
