package org.tengen.env.vec;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The worker threads of a pool ({@link WorkerPool}, {@link GroupPool}): daemon threads, numbered from 1 (0 is the
 * caller's thread), each looking for work until the pool closes. A worker that finds none spins a few microseconds
 * (work comes back to back), then yields, so that on a machine with more runnable threads than cores it hands its core
 * to the thread it waits for, then parks until {@link #wake} or {@link #close}.
 */
final class PoolThreads implements AutoCloseable {
    /** What the workers do. */
    interface Work {
        /** Runs what waits for worker {@code worker}; false when nothing did. */
        boolean runWaiting(int worker);

        /** Whether anything waits for worker {@code worker}: its last look before it parks. */
        boolean waiting(int worker);
    }

    /** Busy-wait turns before yielding (a turn is some tens of nanoseconds). */
    private static final int SPINS = 128;
    /** Yields before an idle worker parks. */
    private static final int YIELDS = 64;

    private final Work work;
    private final Thread[] threads;
    private final AtomicInteger parked = new AtomicInteger();
    private volatile boolean closed;

    /**
     * Starts {@code count} workers.
     *
     * @param count workers, 0 or more
     * @param name  their names' prefix, followed by {@code -1}, {@code -2}, ...
     * @param work  what they do
     */
    PoolThreads(int count, String name, Work work) {
        this.work = work;
        threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            int worker = i + 1;
            threads[i] = new Thread(() -> loop(worker), name + "-" + worker);
            threads[i].setDaemon(true);
            threads[i].start();
        }
    }

    /** {@return the workers} (not counting the caller's thread) */
    int count() {
        return threads.length;
    }

    /** {@return whether {@link #close} was called} */
    boolean closed() {
        return closed;
    }

    /** Wakes the parked workers; call it after publishing work. */
    void wake() {
        if (parked.get() > 0) {
            for (Thread t : threads) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * One turn of a wait that has lasted {@code spins} turns: a busy-wait hint at first, then a yield, so that a
     * thread waiting on a machine with more runnable threads than cores hands its core to the one it waits for.
     */
    static void pause(int spins) {
        if (spins < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    private void loop(int worker) {
        int spins = 0;
        while (!closed) {
            if (work.runWaiting(worker)) {
                spins = 0;
            } else if (++spins < SPINS + YIELDS) {
                pause(spins);
            } else {
                // Count ourselves parked before the last look, so a publisher either sees us or we see its work.
                parked.incrementAndGet();
                if (!work.waiting(worker) && !closed) {
                    LockSupport.park(this);
                }
                parked.decrementAndGet();
            }
        }
    }

    /** Stops the workers: each finishes what it runs, then ends; returns when all have. */
    @Override
    public void close() {
        closed = true;
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
