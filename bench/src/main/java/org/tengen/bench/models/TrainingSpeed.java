package org.tengen.bench.models;

import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.TrainingBatch;
import org.tengen.models.net.PolicyValueNet;

/**
 * Optimiser steps per second of {@link ModelBenchmark#TRAINING} on one batch of random positions, one-hot policies and
 * values of +-1 (bench/pytorch-learner-peer.py builds the same batch).
 */
final class TrainingSpeed {
    private TrainingSpeed() {
    }

    static ModelBenchmark.TrainResult measure(PolicyValueNet net, int batch, Timing timing) {
        InputSpec spec = RandomInputs.spec(net.config());
        RandomInputs in = new RandomInputs(spec, batch, 7);
        int area = spec.width() * spec.height();
        float[] policy = new float[batch * (area + 1)];
        float[] value = new float[batch];
        for (int i = 0; i < batch; i++) {
            policy[i * (area + 1) + i % (area + 1)] = 1f;
            value[i] = i % 2 == 0 ? 1f : -1f;
        }
        TrainingBatch data = new TrainingBatch(batch, spec.width(), spec.height(), in.observations, policy, value,
                net.config().ownershipHead() ? new float[batch * area] : null,
                net.config().scoreHead() ? new float[batch] : null);
        double[] rates = new double[timing.rounds()];
        try (Learner learner = new Learner(net, ModelBenchmark.TRAINING)) {
            Runnable step = () -> learner.trainStep(data);
            step.run();
            for (int r = 0; r < rates.length; r++) {
                rates[r] = timing.rate(step, 1);
            }
        }
        return new ModelBenchmark.TrainResult(net.config(), batch, net.parameterCount(), Timing.median(rates));
    }
}
