package org.tengen.models.learn;

/**
 * How to train: optimiser, learning rate and its schedule, L2 regularisation and the weights of the loss terms.
 *
 * @param optimizer       {@link OptimizerKind#SGD} (with momentum) or {@link OptimizerKind#ADAM}
 * @param learningRate    base learning rate, shaped by {@code schedule}
 * @param momentum        SGD momentum (ignored by Adam)
 * @param l2              coefficient of the L2 penalty {@code l2 * sum(w^2)} over convolution and dense kernels
 *                        (biases and batch-norm parameters are not penalised)
 * @param schedule        learning-rate schedule
 * @param valueWeight     weight of the value MSE (the policy cross-entropy has weight 1)
 * @param ownershipWeight weight of the ownership MSE; used only when the net has that head and the batch targets
 * @param scoreWeight     weight of the score loss (squared error in points divided by the area, which keeps its scale
 *                        similar across board sizes); same condition
 */
public record TrainConfig(OptimizerKind optimizer, float learningRate, float momentum, float l2,
        LrSchedule schedule, float valueWeight, float ownershipWeight, float scoreWeight) {

    /** Supported optimisers. */
    public enum OptimizerKind { SGD, ADAM }

    public TrainConfig {
        if (optimizer == null || schedule == null) {
            throw new IllegalArgumentException("optimizer and schedule are required");
        }
        requireNonNegative("learningRate", learningRate);
        if (learningRate == 0f) {
            throw new IllegalArgumentException("learningRate must be positive");
        }
        if (!(momentum >= 0f && momentum < 1f)) {
            throw new IllegalArgumentException("momentum must be in [0, 1), got " + momentum);
        }
        requireNonNegative("l2", l2);
        requireNonNegative("valueWeight", valueWeight);
        requireNonNegative("ownershipWeight", ownershipWeight);
        requireNonNegative("scoreWeight", scoreWeight);
    }

    /** SGD with momentum 0.9, L2 1e-4, constant rate, value weight 1, auxiliary weights 0.15 and 0.02. */
    public static TrainConfig sgd(float learningRate) {
        return new TrainConfig(OptimizerKind.SGD, learningRate, 0.9f, 1e-4f, new LrSchedule.Constant(), 1f, 0.15f,
                0.02f);
    }

    /** Adam with the same loss weights and L2 as {@link #sgd}. */
    public static TrainConfig adam(float learningRate) {
        return new TrainConfig(OptimizerKind.ADAM, learningRate, 0f, 1e-4f, new LrSchedule.Constant(), 1f, 0.15f,
                0.02f);
    }

    /** Copy with another schedule. */
    public TrainConfig withSchedule(LrSchedule newSchedule) {
        return new TrainConfig(optimizer, learningRate, momentum, l2, newSchedule, valueWeight, ownershipWeight,
                scoreWeight);
    }

    /** Copy with another L2 coefficient. */
    public TrainConfig withL2(float newL2) {
        return new TrainConfig(optimizer, learningRate, momentum, newL2, schedule, valueWeight, ownershipWeight,
                scoreWeight);
    }

    private static void requireNonNegative(String name, float value) {
        if (!(value >= 0f) || Float.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite non-negative number, got " + value);
        }
    }
}
