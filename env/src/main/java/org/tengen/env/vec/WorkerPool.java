package org.tengen.env.vec;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Persistent threads that run one fixed task over {@code 0..items} in small chunks claimed from a shared counter:
 * the caller's thread and {@code threads - 1} workers. Claiming (instead of fixed slices) keeps a batch moving
 * when a thread is descheduled on a busy machine. Results do not depend on who runs which chunk, because the
 * task's items are independent. A run is one volatile generation bump; workers spin briefly (batches come back
 * to back) and then park. Nothing is allocated or captured per run.
 */
final class WorkerPool implements AutoCloseable {
    /** The work over items {@code [from, to)}; must not depend on which thread runs it. */
    interface RangeTask {
        void run(int from, int to);
    }

    /** Some tens of microseconds of spinning before a waiting thread parks or yields. */
    private static final int SPINS = 1 << 14;

    private final RangeTask task;
    private final int items;
    private final int chunk;
    private final Thread[] workers;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private volatile long generation;
    private volatile boolean closed;
    private volatile Throwable failure;

    WorkerPool(int threads, int items, RangeTask task, String name) {
        this.task = task;
        this.items = items;
        int used = Math.max(1, Math.min(threads, items));
        // Several chunks per thread for balance, but a few items each to amortise the atomic claims.
        this.chunk = Math.max(1, Math.min(16, items / (4 * used)));
        workers = new Thread[used - 1];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(this::workerLoop, name + "-" + (i + 1));
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
        next.set(0);
        generation = generation + 1;
        if (parked.get() > 0) {
            for (Thread w : workers) {
                LockSupport.unpark(w);
            }
        }
        work();
        int spins = 0;
        while (completed.get() < items) {
            if (++spins < SPINS) {
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

    /** Claims and runs chunks until none is left. */
    private void work() {
        int from;
        while ((from = next.getAndAdd(chunk)) < items) {
            int to = Math.min(items, from + chunk);
            try {
                task.run(from, to);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
            completed.addAndGet(to - from);
        }
    }

    private void workerLoop() {
        long seen = 0;
        int spins = 0;
        while (!closed) {
            long g = generation;
            if (g != seen) {
                seen = g;
                spins = 0;
                work();
            } else if (++spins < SPINS) {
                Thread.onSpinWait();
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
