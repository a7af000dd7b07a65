package org.tengen.bench.models;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.BatchingEvaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

/**
 * The batching service with client threads submitting one position at a time, against direct calls at the largest
 * batch those clients can form, {@code min(clients, maxBatch)}.
 */
final class BatchingSpeed {
    private BatchingSpeed() {
    }

    /** Each client count with each wait, on libtorch. */
    static List<ModelBenchmark.BatchingResult> measure(NetConfig config, int[] clientCounts, int maxBatch,
                                                       Duration[] waits, Timing timing) {
        List<ModelBenchmark.BatchingResult> results = new ArrayList<>();
        try (PolicyValueNet net = PolicyValueNet.create(config)) {
            InputSpec spec = RandomInputs.spec(config);
            for (int clients : clientCounts) {
                int fullBatch = Math.min(clients, maxBatch);
                double direct;
                try (DjlEvaluator evaluator = new DjlEvaluator(net, spec)) {
                    direct = Timing.median(timing.measure(RandomInputs.evaluatorLoop(evaluator, spec, fullBatch),
                            fullBatch));
                }
                for (Duration wait : waits) {
                    results.add(run(net, spec, clients, maxBatch, wait, direct, timing));
                }
            }
        }
        return results;
    }

    private static ModelBenchmark.BatchingResult run(PolicyValueNet net, InputSpec spec, int clients, int maxBatch,
                                                     Duration wait, double direct, Timing timing) {
        try (BatchingEvaluator service = new BatchingEvaluator(new DjlEvaluator(net, spec), maxBatch, wait)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong done = new AtomicLong();
            CountDownLatch finished = new CountDownLatch(clients);
            for (int c = 0; c < clients; c++) {
                RandomInputs in = new RandomInputs(spec, 1, c);
                Thread thread = new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            service.evaluate(1, in.observations, in.legal, in.policy, in.value, in.score);
                            done.incrementAndGet();
                        }
                    } finally {
                        finished.countDown();
                    }
                }, "bench-client-" + c);
                thread.setDaemon(true);
                thread.start();
            }
            Timing.sleep(timing.round()); // warm-up
            double[] rates = new double[timing.rounds()];
            long batchesBefore = service.batches();
            long positionsBefore = service.positions();
            for (int r = 0; r < rates.length; r++) {
                long before = done.get();
                long start = System.nanoTime();
                Timing.sleep(timing.round());
                rates[r] = (done.get() - before) * 1e9 / (System.nanoTime() - start);
            }
            double meanBatch = (double) (service.positions() - positionsBefore)
                    / Math.max(1, service.batches() - batchesBefore);
            stop.set(true);
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ModelBenchmark.BatchingResult(ModelBenchmark.describe(net.config()), clients, maxBatch, wait,
                    Timing.median(rates), meanBatch, direct);
        }
    }
}
