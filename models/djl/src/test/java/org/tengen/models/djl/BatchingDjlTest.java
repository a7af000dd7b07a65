package org.tengen.models.djl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.tengen.models.eval.BatchingEvaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.eval.testing.Inputs;

/** The batching service over a real network gives each thread what a direct call gives. */
@Timeout(60)
class BatchingDjlTest {
    @Test
    void threadsThroughTheServiceMatchDirectCalls() throws Exception {
        NetConfig config = new NetConfig(4, 9, 9, 2, 8, true, false, false);
        InputSpec spec = new InputSpec("t", 4, 9, 9);
        int threads = 4;
        int calls = 12;
        int actions = spec.actionCount();
        try (PolicyValueNet net = PolicyValueNet.create(config)) {
            // Expected results first, one direct call per position, single-threaded.
            float[][][] expected = new float[threads][calls][];
            float[][] expectedValue = new float[threads][calls];
            try (DjlEvaluator direct = new DjlEvaluator(net, spec)) {
                float[] value = new float[1];
                for (int t = 0; t < threads; t++) {
                    for (int c = 0; c < calls; c++) {
                        expected[t][c] = new float[actions];
                        direct.evaluate(1, Inputs.observations(spec, 1, seed(t, c)), Inputs.legal(spec, 1,
                                seed(t, c)), expected[t][c], value, new float[1]);
                        expectedValue[t][c] = value[0];
                    }
                }
            }
            try (BatchingEvaluator service = new BatchingEvaluator(new DjlEvaluator(net, spec), 8,
                    Duration.ofMillis(2))) {
                ExecutorService pool = Executors.newFixedThreadPool(threads);
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        float[] policy = new float[actions];
                        float[] value = new float[1];
                        for (int c = 0; c < calls; c++) {
                            FloatBuffer observations = Inputs.observations(spec, 1, seed(thread, c));
                            service.evaluate(1, observations, Inputs.legal(spec, 1, seed(thread, c)), policy,
                                    value, new float[1]);
                            assertArrayEquals(expected[thread][c], policy, 1e-5f);
                            assertArrayEquals(new float[] {expectedValue[thread][c]}, value, 1e-5f);
                        }
                    }));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
                pool.shutdown();
                assertTrue(service.positions() == (long) threads * calls);
            }
        }
    }

    private static long seed(int thread, int call) {
        return 100L * thread + call;
    }
}
