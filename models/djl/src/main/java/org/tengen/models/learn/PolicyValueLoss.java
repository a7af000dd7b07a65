package org.tengen.models.learn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.loss.Loss;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.Scalars;

/**
 * The AlphaZero loss with KataGo's auxiliary terms, as a DJL {@link Loss}: policy cross-entropy against a target
 * distribution, value MSE, and when the net has the head and the labels the target, ownership MSE and the score
 * error. Labels are found by name: {@link #POLICY}, {@link #VALUE}, {@link #OWNERSHIP}, {@link #SCORE}.
 * The L2 penalty is added by the {@link Learner}, since it depends on the parameters rather than the predictions.
 */
public final class PolicyValueLoss extends Loss {
    public static final String POLICY = "policy";
    public static final String VALUE = "value";
    public static final String OWNERSHIP = "ownership";
    public static final String SCORE = "score";

    private final NetConfig net;
    private final TrainConfig train;

    public PolicyValueLoss(NetConfig net, TrainConfig train) {
        super("policy-value");
        this.net = net;
        this.train = train;
    }

    /** Weighted sum of the terms, without L2. */
    @Override
    public NDArray evaluate(NDList labels, NDList predictions) {
        return weighted(terms(labels, predictions));
    }

    /** Weighted sum of terms as returned by {@link #terms}. */
    public NDArray weighted(NDArray[] terms) {
        return terms[0].add(Scalars.times(terms[1], train.valueWeight()))
                .add(Scalars.times(terms[2], train.ownershipWeight()))
                .add(Scalars.times(terms[3], train.scoreWeight()));
    }

    /**
     * Unweighted scalar terms {@code [policy, value, ownership, score]}; an absent term is a zero scalar.
     *
     * @param labels      named targets; {@link #POLICY} and {@link #VALUE} are required
     * @param predictions the network's outputs
     */
    public NDArray[] terms(NDList labels, NDList predictions) {
        NDArray logits = predictions.get(0);
        NDArray policy = labels.get(POLICY).mul(logits.logSoftmax(1)).sum(new int[] {1}).neg().mean();
        NDArray value = squaredError(predictions.get(1), labels.get(VALUE));
        NDArray zero = value.zerosLike();
        NDArray ownership = net.ownershipHead() && labels.contains(OWNERSHIP)
                ? squaredError(predictions.get(net.ownershipIndex()), labels.get(OWNERSHIP))
                : zero;
        NDArray score = zero;
        if (net.scoreHead() && labels.contains(SCORE)) {
            float area = logits.getShape().get(1) - 1;
            score = Scalars.times(squaredError(predictions.get(net.scoreIndex()), labels.get(SCORE)), 1f / area);
        }
        return new NDArray[] {policy, value, ownership, score};
    }

    /** Mean squared error over the targets that are known: a NaN target (unknown) adds no loss and no gradient. */
    private static NDArray squaredError(NDArray predicted, NDArray target) {
        NDArray t = target.reshape(predicted.getShape());
        NDArray unknown = t.isNaN();
        NDArray error = NDArrays.where(unknown, predicted.zerosLike(), predicted.sub(t));
        NDArray known = unknown.logicalNot().toType(DataType.FLOAT32, false);
        return error.square().sum().div(known.sum().maximum(1f));
    }
}
