package org.tengen.env.vec;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Persistent threads that run one fixed task over {@code 0..items}: the caller's thread and {@code threads - 1}
 * workers. Each thread owns a contiguous slice, so its games stay in its core's cache from run to run, and works
 * through it in small chunks claimed from the slice's counter; a thread that finishes early claims chunks of the
 * other slices, so a batch keeps moving when a thread is descheduled on a busy machine. Results do not depend on
 * who runs which chunk, because the task's items are independent. A run is one volatile generation bump; workers
 * spin briefly (batches come back to back) and then park. Nothing is allocated or captured per run.
 */
final class WorkerPool implements AutoCloseable {
    /** The work over items {@code [from, to)}; must not depend on which thread runs it. */
    interface RangeTask {
        void run(int from, int to);
    }

    /**
     * Busy-wait budget (one spin is some tens of nanoseconds): a few microseconds of spinning, then yielding, so
     * that on a machine with more runnable threads than cores a waiting thread hands its core to the thread it
     * waits for instead of burning it; idle workers park after {@link #YIELDS} yields.
     */
    private static final int SPINS = 128;
    private static final int YIELDS = 64;
    /**
     * Most items per claim: a claim is one atomic add on a counter mostly its own thread uses, and small last claims
     * let the threads finish a batch together.
     */
    private static final int CHUNK = 4;

    private final RangeTask task;
    private final int items;
    private final int chunk;
    private final Thread[] workers;
    /** Slice {@code t} is {@code [bounds[t], bounds[t + 1])}. */
    private final int[] bounds;
    /** Next unclaimed item of slice {@code t} at index {@code t * PAD}, padded against false sharing. */
    private final AtomicIntegerArray cursors;
    private static final int PAD = 16;
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private volatile long generation;
    private volatile boolean closed;
    private volatile Throwable failure;

    WorkerPool(int threads, int items, RangeTask task, String name) {
        this.task = task;
        this.items = items;
        int used = Math.max(1, Math.min(threads, items));
        this.chunk = Math.max(1, Math.min(CHUNK, items / (4 * used)));
        bounds = new int[used + 1];
        for (int t = 0; t <= used; t++) {
            bounds[t] = (int) ((long) items * t / used);
        }
        cursors = new AtomicIntegerArray(used * PAD);
        workers = new Thread[used - 1];
        for (int i = 0; i < workers.length; i++) {
            int slice = i + 1;
            workers[i] = new Thread(() -> workerLoop(slice), name + "-" + slice);
            workers[i].setDaemon(true);
            workers[i].start();
        }
    }

    /** Threads used: the caller's plus the workers. */
    int threads() {
        return workers.length + 1;
    }

    /** Runs the task over all items and returns when every chunk is done; rethrows a failure. */
    void run() {
        if (closed) {
            throw new IllegalStateException("the environment is closed");
        }
        completed.set(0);
        for (int t = 0; t < workers.length + 1; t++) {
            cursors.set(t * PAD, bounds[t]);
        }
        generation = generation + 1;
        if (parked.get() > 0) {
            for (Thread w : workers) {
                LockSupport.unpark(w);
            }
        }
        work(0);
        for (int spins = 0; completed.get() < items; spins++) {
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            if (f instanceof RuntimeException e) {
                throw e;
            }
            throw (Error) f;
        }
    }

    /**
     * Claims and runs chunks of its own slice, then of the others, until none is left; reports what it ran once,
     * so the threads share one contended counter update per run instead of one per chunk.
     */
    private void work(int slice) {
        int slices = workers.length + 1;
        int done = 0;
        for (int k = 0; k < slices; k++) {
            int t = (slice + k) % slices;
            int end = bounds[t + 1];
            int from;
            while ((from = cursors.getAndAdd(t * PAD, chunk)) < end) {
                int to = Math.min(end, from + chunk);
                try {
                    task.run(from, to);
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
                done += to - from;
            }
        }
        completed.addAndGet(done);
    }

    private void workerLoop(int slice) {
        long seen = 0;
        int spins = 0;
        while (!closed) {
            long g = generation;
            if (g != seen) {
                seen = g;
                spins = 0;
                work(slice);
            } else if (++spins < SPINS) {
                Thread.onSpinWait();
            } else if (spins < SPINS + YIELDS) {
                Thread.yield();
            } else {
                // Count ourselves parked before the last look, so run() either sees us or we see its generation.
                parked.incrementAndGet();
                if (generation == seen && !closed) {
                    LockSupport.park(this);
                }
                parked.decrementAndGet();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
