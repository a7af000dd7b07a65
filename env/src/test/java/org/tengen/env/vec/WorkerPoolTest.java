package org.tengen.env.vec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkerPoolTest {

    @ParameterizedTest(name = "threads={0} items={1}")
    @CsvSource({"1, 1", "1, 9", "2, 1", "2, 2", "2, 37", "3, 5", "4, 64", "4, 257"})
    void everyItemRunsExactlyOncePerRun(int threads, int items) {
        AtomicIntegerArray runs = new AtomicIntegerArray(items);
        try (WorkerPool pool = new WorkerPool(threads, items, (from, to) -> {
            for (int i = from; i < to; i++) {
                runs.incrementAndGet(i);
            }
        }, "test")) {
            assertEquals(Math.min(threads, items), pool.threads());
            for (int run = 1; run <= 200; run++) {
                pool.run();
                for (int i = 0; i < items; i++) {
                    assertEquals(run, runs.get(i), "item " + i + " after run " + run);
                }
            }
        }
    }

    /**
     * When the caller's core is slower, the worker helps with the caller's slice from its back: what the worker ran
     * of slice 0 is a run of items ending at the slice's end, so the owner keeps a front part and few games change
     * core from one run to the next (the two do not interleave chunks).
     */
    @Test
    void aHelperTakesItemsFromTheBackOfASlowSlice() {
        int items = 64;
        Thread caller = Thread.currentThread();
        boolean[] byCaller = new boolean[items];
        AtomicBoolean helped = new AtomicBoolean();
        try (WorkerPool pool = new WorkerPool(2, items, (from, to) -> {
            for (int i = from; i < to; i++) {
                boolean mine = Thread.currentThread() == caller;
                byCaller[i] = mine;
                if (!mine && i < items / 2) {
                    helped.set(true);
                }
                long until = System.nanoTime() + (mine ? 40_000 : 10_000);
                long giveUp = System.nanoTime() + 5_000_000_000L;
                // The caller's first item waits for the worker's help, so the two surely meet in slice 0.
                while (System.nanoTime() < until || mine && i == 0 && !helped.get() && System.nanoTime() < giveUp) {
                    Thread.onSpinWait();
                }
            }
        }, "test")) {
            pool.run();
        }
        int firstHelped = items / 2;
        while (firstHelped > 0 && !byCaller[firstHelped - 1]) {
            firstHelped--;
        }
        assertTrue(firstHelped < items / 2, "the worker never helped with the slow slice");
        for (int i = 0; i < firstHelped; i++) {
            assertTrue(byCaller[i], "item " + i + " of the slow slice: owner and helper interleaved");
        }
    }

    /**
     * The cut follows where owner and helper met: in a run where one thread is held on its first chunk until the
     * other has done the rest of its slice, that slice keeps its first chunk and half of what was taken from it, the
     * next one grows by the other half (the caller's slice then reaches round the end of the items to 0), and every
     * item still runs once per run.
     */
    @ParameterizedTest(name = "caller held: {0}")
    @CsvSource({"true", "false"})
    void theCutMovesHalfWayToWhereTheThreadsMet(boolean callerHeld) {
        int items = 64;
        Thread caller = Thread.currentThread();
        AtomicInteger helped = new AtomicInteger();
        AtomicIntegerArray runs = new AtomicIntegerArray(items);
        boolean[] hold = {true};
        AtomicBoolean heldStarted = new AtomicBoolean();
        try (WorkerPool pool = new WorkerPool(2, items, (from, to) -> {
            boolean held = (Thread.currentThread() == caller) == callerHeld;
            int heldSlice = callerHeld ? 0 : 1;
            for (int i = from; i < to; i++) {
                runs.incrementAndGet(i);
                if (!held && i / 32 == heldSlice) {
                    helped.incrementAndGet();
                }
                long giveUp = System.nanoTime() + 10_000_000_000L;
                if (held && i == heldSlice * 32) {
                    heldStarted.set(true);
                }
                // The other thread waits for the held one to have claimed its first chunk, then takes the rest.
                while (hold[0] && !held && i == (1 - heldSlice) * 32 && !heldStarted.get()
                        && System.nanoTime() < giveUp) {
                    Thread.onSpinWait();
                }
                while (hold[0] && held && i == heldSlice * 32 && helped.get() < 28 && System.nanoTime() < giveUp) {
                    Thread.onSpinWait();
                }
            }
        }, "test")) {
            pool.run();
            assertEquals(28, helped.get(), "the helper took all but the held chunk");
            // Held slice: its first chunk of 4 plus half of the 28 taken, 18; the other grows by 14 at its front.
            assertEquals(callerHeld ? 18 : 64 - 14, pool.sliceStart(1 - (callerHeld ? 0 : 1)));
            hold[0] = false;
            for (int run = 2; run <= 20; run++) {
                pool.run();
                for (int i = 0; i < items; i++) {
                    assertEquals(run, runs.get(i), "item " + i + " after run " + run);
                }
            }
        }
    }

    @Test
    void aFailureIsRethrownToTheCallerAndTheNextRunWorks() {
        IllegalStateException boom = new IllegalStateException("boom");
        AtomicIntegerArray runs = new AtomicIntegerArray(10);
        boolean[] fail = {true};
        try (WorkerPool pool = new WorkerPool(2, 10, (from, to) -> {
            for (int i = from; i < to; i++) {
                runs.incrementAndGet(i);
                if (fail[0] && i == 7) {
                    throw boom;
                }
            }
        }, "test")) {
            assertSame(boom, assertThrows(IllegalStateException.class, pool::run));
            fail[0] = false;
            pool.run();
            assertEquals(2, runs.get(0));
        }
        WorkerPool closed = new WorkerPool(2, 4, (from, to) -> { }, "test");
        closed.close();
        assertThrows(IllegalStateException.class, closed::run);
    }
}
