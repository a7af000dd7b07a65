package org.tengen.models.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tengen.models.eval.EvaluatorsTest.CountingEvaluator;
import org.tengen.models.eval.testing.Inputs;

@Timeout(60)
class BatchingEvaluatorTest {
    private static final InputSpec SPEC = new InputSpec("t", 2, 3, 3);

    /** Every thread's results equal a direct call on the same positions, however requests were grouped. */
    @ParameterizedTest(name = "maxWait {0} us")
    @ValueSource(ints = {0, 500})
    void manyThreadsGetTheirOwnResults(int waitMicros) throws Exception {
        int threads = 8;
        int calls = 150;
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        try (BatchingEvaluator service = new BatchingEvaluator(inner, 16, Duration.ofNanos(waitMicros * 1000L))) {
            List<Future<?>> futures = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            for (int t = 0; t < threads; t++) {
                long seed = 1000L * t;
                futures.add(pool.submit(() -> checkAgainstDirect(service, seed, calls)));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            pool.shutdown();
            assertTrue(service.positions() >= threads * calls);
            assertTrue(service.batches() <= service.positions());
        }
        assertTrue(inner.closed, "the service closes its inner evaluator");
    }

    @Test
    void ownershipReachesTheCallersWhoAskAndOnlyThem() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        int batch = 5;
        FloatBuffer observations = Inputs.observations(SPEC, batch, 3);
        boolean[] legal = Inputs.legal(SPEC, batch, 4);
        float[] direct = new float[batch * SPEC.area()];
        inner.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch], direct);
        inner.ownershipPositions = 0;
        try (BatchingEvaluator service = new BatchingEvaluator(inner, 2, Duration.ZERO)) {
            assertTrue(service.predictsOwnership());
            service.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch]);
            assertEquals(0, inner.ownershipPositions, "nobody asked");
            float[] owned = new float[batch * SPEC.area()];
            service.evaluate(batch, observations, legal, new float[batch * 10], new float[batch], new float[batch],
                    owned);
            assertArrayEquals(direct, owned, "split into batches of 2 and put back in place");
        }
    }

    @Test
    void largeRequestsAreSplit() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        try (BatchingEvaluator service = new BatchingEvaluator(inner, 3, Duration.ZERO)) {
            int batch = 10;
            FloatBuffer observations = Inputs.observations(SPEC, batch, 9);
            boolean[] legal = Inputs.legal(SPEC, batch, 9);
            float[] policy = new float[batch * 10];
            float[] value = new float[batch];
            service.evaluate(batch, observations, legal, policy, value, new float[value.length]);
            float[] direct = new float[batch * 10];
            float[] directValue = new float[batch];
            new CountingEvaluator(SPEC).evaluate(batch, observations, legal, direct, directValue, new float[directValue.length]);
            assertArrayEquals(direct, policy);
            assertArrayEquals(directValue, value);
            assertEquals(4, service.batches());
        }
    }

    @Test
    void innerFailureReachesTheCallerAndTheServiceGoesOn() {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        try (BatchingEvaluator service = new BatchingEvaluator(inner, 4, Duration.ZERO)) {
            float[] policy = new float[10];
            float[] value = new float[1];
            boolean[] none = new boolean[10];
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> service.evaluate(1, FloatBuffer.allocate(18), none, policy, value, new float[1]));
            assertTrue(e.getMessage().contains("no legal action"), e.getMessage());
            service.evaluate(1, FloatBuffer.allocate(18), Inputs.legal(SPEC, 1, 1), policy, value, new float[value.length]);
            assertEquals(1.0, sum(policy), 1e-6);
        }
    }

    @Test
    void closeReleasesEveryCallerAndLaterCallsFail() throws Exception {
        CountingEvaluator inner = new CountingEvaluator(SPEC);
        BatchingEvaluator service = new BatchingEvaluator(inner, 8, Duration.ofMillis(1));
        int threads = 6;
        CountDownLatch started = new CountDownLatch(threads);
        AtomicBoolean unexpected = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> endings = new ConcurrentLinkedQueue<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                FloatBuffer observations = Inputs.observations(SPEC, 1, 3);
                boolean[] legal = Inputs.legal(SPEC, 1, 3);
                float[] policy = new float[10];
                float[] value = new float[1];
                started.countDown();
                try {
                    while (true) {
                        service.evaluate(1, observations, legal, policy, value, new float[value.length]);
                    }
                } catch (IllegalStateException e) {
                    endings.add(e);
                } catch (Throwable e) {
                    unexpected.set(true);
                    endings.add(e);
                }
            });
            thread.start();
            workers.add(thread);
        }
        assertTrue(started.await(10, TimeUnit.SECONDS));
        Thread.sleep(50);
        service.close();
        for (Thread thread : workers) {
            thread.join(10_000);
            assertFalse(thread.isAlive(), "a caller is still blocked after close");
        }
        assertFalse(unexpected.get(), () -> "unexpected failure: " + endings);
        endings.forEach(e -> assertTrue(e.getMessage().contains("closed"), e.getMessage()));
        assertTrue(inner.closed);
        assertThrows(IllegalStateException.class, () -> service.evaluate(1, FloatBuffer.allocate(18),
                Inputs.legal(SPEC, 1, 1), new float[10], new float[1], new float[1]));
        service.close(); // idempotent
    }

    private static void checkAgainstDirect(Evaluator service, long seed, int calls) {
        CountingEvaluator direct = new CountingEvaluator(SPEC);
        int actions = SPEC.actionCount();
        for (int c = 0; c < calls; c++) {
            int batch = 1 + (int) ((seed + c) % 3);
            FloatBuffer observations = Inputs.observations(SPEC, batch, seed + c);
            boolean[] legal = Inputs.legal(SPEC, batch, seed + c);
            float[] policy = new float[batch * actions];
            float[] value = new float[batch];
            float[] expected = new float[batch * actions];
            float[] expectedValue = new float[batch];
            service.evaluate(batch, observations, legal, policy, value, new float[value.length]);
            direct.evaluate(batch, observations, legal, expected, expectedValue, new float[expectedValue.length]);
            assertArrayEquals(expected, policy);
            assertArrayEquals(expectedValue, value);
        }
    }

    private static double sum(float[] values) {
        double s = 0;
        for (float v : values) {
            s += v;
        }
        return s;
    }
}
