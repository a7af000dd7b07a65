package org.tengen.models.learn;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Map;
import org.tengen.models.data.NpyArray;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.net.Scalars;

/**
 * Trains a {@link PolicyValueNet} one batch at a time: forward in training mode, {@link PolicyValueLoss} plus the L2
 * penalty, backward, one optimiser update.
 *
 * <p>Every array a step creates lives in a sub-manager closed at the end of the step, so a long run holds only the
 * weights and optimiser state. Not thread-safe. The optimiser's state (momentum, Adam's moments) is read with
 * {@link #optimizerState()} and restored with {@link #restoreOptimizerState}, so a learner built for the next
 * generation, or in a resumed process, continues exactly where the last one stopped.
 */
public final class Learner implements AutoCloseable {
    private final PolicyValueNet net;
    private final TrainConfig config;
    private final PolicyValueLoss loss;
    private final Trainer trainer;
    private final StatefulOptimizer optimizer;
    private final List<Parameter> penalised;
    private final List<Parameter> trained;
    private long step;
    private long skipped;

    /** A learner starting at step 0. */
    public Learner(PolicyValueNet net, TrainConfig config) {
        this(net, config, 0);
    }

    /**
     * @param net       the network to train (shared, not owned)
     * @param config    optimiser, schedule and loss weights
     * @param startStep updates already done, e.g. from a checkpoint, so the schedule resumes where it stopped
     */
    public Learner(PolicyValueNet net, TrainConfig config, long startStep) {
        if (startStep < 0 || startStep > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("startStep must be in 0.." + (Integer.MAX_VALUE - 1) + ", got "
                    + startStep);
        }
        this.net = net;
        this.config = config;
        this.step = startStep;
        this.loss = new PolicyValueLoss(net.config(), config);
        this.optimizer = new StatefulOptimizer(config, net.model().getBlock().getParameters(), startStep);
        this.trainer = net.model().newTrainer(new DefaultTrainingConfig(loss)
                .optOptimizer(optimizer)
                .optDevices(new Device[] {net.model().getNDManager().getDevice()}));
        this.penalised = net.model().getBlock().getParameters().values().stream()
                .filter(p -> p.getType() == Parameter.Type.WEIGHT)
                .toList();
        this.trained = net.model().getBlock().getParameters().values().stream()
                .filter(Parameter::requiresGradient)
                .toList();
    }

    /**
     * Steps whose loss or gradients were not finite and that therefore changed nothing. libtorch 2.7.1 on an AVX-512
     * CPU (2026-11-27) returned NaN gradients for a finite loss after its thread count was changed at run time; one
     * such update makes every weight NaN for good, so it is dropped instead.
     */
    public long skippedSteps() {
        return skipped;
    }

    /** Optimiser updates done so far (including {@code startStep}). */
    public long step() {
        return step;
    }

    /** The learning rate the next update will use. */
    public float learningRate() {
        return config.schedule().rate(config.learningRate(), step);
    }

    /**
     * One optimiser update on {@code batch}.
     *
     * @return the loss terms measured on this batch before the update
     * @throws IllegalArgumentException if the batch's observations do not fit the network's input planes
     */
    public LossComponents trainStep(TrainingBatch batch) {
        NetConfig shape = net.config();
        int area = batch.width() * batch.height();
        long floats = (long) batch.size() * shape.inputPlanes() * area;
        if (batch.observations().limit() < floats) {
            throw new IllegalArgumentException("observations hold " + batch.observations().limit() + " floats but "
                    + batch.size() + " positions of " + shape.inputPlanes() + "x" + batch.height() + "x"
                    + batch.width() + " need " + floats);
        }
        float[] measured;
        boolean finite;
        try (NDManager manager = trainer.getManager().newSubManager()) {
            NDArray input = manager.create(batch.observations().duplicate().position(0).limit((int) floats),
                    new Shape(batch.size(), shape.inputPlanes(), batch.height(), batch.width()));
            NDList labels = labels(manager, batch);
            try (GradientCollector collector = trainer.newGradientCollector()) {
                NDList predictions = trainer.forward(new NDList(input));
                NDArray[] terms = loss.terms(labels, predictions);
                NDArray l2 = l2Penalty(manager);
                NDArray total = loss.weighted(terms).add(l2);
                collector.backward(total);
                measured = NDArrays.stack(new NDList(total, terms[0], terms[1], terms[2], terms[3], l2,
                        gradientSum(manager))).toFloatArray();
                finite = Float.isFinite(measured[0]) && Float.isFinite(measured[6]);
                if (!finite) {
                    clearGradients(); // else they would add to the next step's
                }
            }
            if (finite) {
                trainer.step();
            }
        }
        if (!finite) {
            skipped++;
        }
        // A skipped step still counts, as the schedule and a resumed run's step numbers expect.
        optimizer.stepDone();
        step++;
        return new LossComponents(measured[0], measured[1], measured[2], measured[3], measured[4], measured[5]);
    }

    /**
     * Sets every gradient to zero in place, NaN included: multiplying by zero keeps a NaN, and DJL's collector zeroes
     * only the arrays of its system manager, not the model's.
     */
    private void clearGradients() {
        for (Parameter p : trained) {
            JniUtils.zeroGrad((PtNDArray) p.getArray());
        }
    }

    /** The sum of every gradient, in {@code manager}: not finite when any gradient is not. */
    private NDArray gradientSum(NDManager manager) {
        NDList sums = new NDList(trained.size());
        for (Parameter p : trained) {
            try (NDArray gradient = p.getArray().getGradient()) {
                NDArray sum = gradient.sum();
                sum.attach(manager);
                sums.add(sum);
            }
        }
        return NDArrays.stack(sums).sum();
    }

    /** The optimiser's state, to be saved with the weights (see {@link StatefulOptimizer#state}). */
    public Map<String, NpyArray> optimizerState() {
        return optimizer.state();
    }

    /**
     * Continues from a state {@link #optimizerState()} returned for this network and optimiser kind.
     *
     * @throws IllegalArgumentException if it does not fit
     */
    public void restoreOptimizerState(Map<String, NpyArray> state) {
        Map<String, Parameter> parameters = new java.util.HashMap<>();
        net.model().getBlock().getParameters().forEach(p -> parameters.put(p.getKey(), p.getValue()));
        optimizer.restore(state, parameters);
    }

    @Override
    public void close() {
        trainer.close();
    }

    private NDList labels(NDManager manager, TrainingBatch batch) {
        int n = batch.size();
        int area = batch.width() * batch.height();
        NDList labels = new NDList(4);
        labels.add(named(manager.create(FloatBuffer.wrap(batch.policyTargets(), 0, n * (area + 1)),
                new Shape(n, area + 1)), PolicyValueLoss.POLICY));
        labels.add(named(manager.create(FloatBuffer.wrap(batch.valueTargets(), 0, n), new Shape(n)),
                PolicyValueLoss.VALUE));
        if (batch.ownershipTargets() != null) {
            labels.add(named(manager.create(FloatBuffer.wrap(batch.ownershipTargets(), 0, n * area),
                    new Shape(n, area)), PolicyValueLoss.OWNERSHIP));
        }
        if (batch.scoreTargets() != null) {
            labels.add(named(manager.create(FloatBuffer.wrap(batch.scoreTargets(), 0, n), new Shape(n)),
                    PolicyValueLoss.SCORE));
        }
        return labels;
    }

    private NDArray l2Penalty(NDManager manager) {
        NDArray sum = manager.zeros(new Shape());
        if (config.l2() == 0f) {
            return sum;
        }
        for (Parameter p : penalised) {
            // An operation on a parameter lands in the parameter's manager: move it into this step's.
            NDArray squares = p.getArray().square();
            squares.attach(manager);
            sum = sum.add(squares.sum());
        }
        return Scalars.times(sum, config.l2());
    }

    private static NDArray named(NDArray array, String name) {
        array.setName(name);
        return array;
    }
}
