package org.tengen.env.vec;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Persistent threads that run one fixed task over {@code 0..items}: the caller's thread and {@code threads - 1}
 * workers. The items form a ring cut into one contiguous slice per thread, so a thread's games stay in its core's
 * cache from run to run. A thread works through its slice from the front in small chunks; when done it helps with
 * the others, first its predecessor on the ring, taking chunks from their back, so a batch keeps moving when a core is
 * slower or a thread is descheduled on a shared machine. Taking from the back keeps a slice one front part for its
 * owner and one back part for the helper, which adjoins the helper's own slice; after each run every cut moves half
 * of the way to where owner and helper met, so a core that is steadily slower keeps fewer games and the games near a
 * cut are the only ones that change core (a game that does pays for its whole state in cache misses). Results do
 * not depend on who runs which chunk, because the task's items are independent. A run is one volatile generation
 * bump; idle workers spin briefly, yield, then park ({@link PoolThreads}). Nothing is allocated or captured per run.
 */
final class WorkerPool implements AutoCloseable, PoolThreads.Work {
    /** The work over items {@code [from, to)}; must not depend on which thread runs it. */
    interface RangeTask {
        void run(int from, int to);
    }

    /**
     * Most items per claim: a claim is one atomic update of a word mostly its own thread uses, and small last claims
     * let the threads finish a batch together.
     */
    private static final int CHUNK = 4;

    private final RangeTask task;
    private final int items;
    private final int chunk;
    private final PoolThreads workers;
    /**
     * Slice {@code t} is the {@code lengths[t]} items of the ring from {@code starts[t]}; it ends where slice
     * {@code t + 1} starts. Only the caller's thread changes them, between runs.
     */
    private final int[] starts;
    private final int[] lengths;
    /** Scratch of {@link #moveCuts}. */
    private final int[] shifts;
    /**
     * Slice {@code t}'s unclaimed part {@code [front, back)}, as offsets from its start, at index {@code t * PAD} as
     * {@code front << 32 | back}, padded against false sharing: one word, so the owner's and a helper's claims never
     * overlap, and where the front stopped is where they met.
     */
    private final AtomicLongArray unclaimed;
    private static final int PAD = 8;
    private final AtomicInteger completed = new AtomicInteger();
    private volatile long generation;
    /** The generation each worker last ran, at {@code worker * PAD}; each worker's own. */
    private final long[] seen;
    private volatile Throwable failure;

    WorkerPool(int threads, int items, RangeTask task, String name) {
        this.task = task;
        this.items = items;
        int used = Math.max(1, Math.min(threads, items));
        this.chunk = Math.max(1, Math.min(CHUNK, items / (4 * used)));
        starts = new int[used];
        lengths = new int[used];
        shifts = new int[used];
        for (int t = 0; t < used; t++) {
            starts[t] = (int) ((long) items * t / used);
            lengths[t] = (int) ((long) items * (t + 1) / used) - starts[t];
        }
        unclaimed = new AtomicLongArray(used * PAD);
        seen = new long[used * PAD];
        workers = new PoolThreads(used - 1, name, this);
    }

    /** {@return where slice {@code t} starts on the ring now}, for tests */
    int sliceStart(int t) {
        return starts[t];
    }

    /** Threads used: the caller's plus the workers. */
    int threads() {
        return workers.count() + 1;
    }

    /** Runs the task over all items and returns when every chunk is done; rethrows a failure. */
    void run() {
        if (workers.closed()) {
            throw new IllegalStateException("the environment is closed");
        }
        completed.set(0);
        for (int t = 0; t < starts.length; t++) {
            unclaimed.set(t * PAD, lengths[t]);
        }
        generation = generation + 1;
        workers.wake();
        work(0);
        for (int spins = 0; completed.get() < items; spins++) {
            PoolThreads.pause(spins);
        }
        moveCuts();
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
     * Runs chunks from the front of its own slice, then from the back of the others, its predecessor's first, until
     * none is left; reports what it ran once, so the threads share one contended counter update per run instead of
     * one per chunk.
     */
    private void work(int slice) {
        int slices = starts.length;
        int done = 0;
        for (int k = 0; k < slices; k++) {
            int t = (slice - k + slices) % slices;
            for (long claim; (claim = claim(t, k == 0)) >= 0; ) {
                int from = (int) (claim >>> 32);
                int to = (int) claim;
                runRing(starts[t] + from, starts[t] + to);
                done += to - from;
            }
        }
        completed.addAndGet(done);
    }

    /**
     * Claims up to {@link #chunk} items of slice {@code t}, from its front for the owner and from its back for a
     * helper; returns their offsets as {@code from << 32 | to}, or -1 when the slice is used up.
     */
    private long claim(int t, boolean front) {
        int index = t * PAD;
        while (true) {
            long range = unclaimed.get(index);
            int from = (int) (range >>> 32);
            int to = (int) range;
            if (from >= to) {
                return -1;
            }
            int take = Math.min(chunk, to - from);
            long rest = front ? (long) (from + take) << 32 | to : (long) from << 32 | to - take;
            if (unclaimed.compareAndSet(index, range, rest)) {
                return front ? (long) from << 32 | from + take : (long) (to - take) << 32 | to;
            }
        }
    }

    /** Runs ring positions {@code [from, to)}, which may pass the end of the items and go on from 0. */
    private void runRing(int from, int to) {
        try {
            if (to <= items) {
                task.run(from, to);
            } else if (from >= items) {
                task.run(from - items, to - items);
            } else {
                task.run(from, items);
                task.run(0, to - items);
            }
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    /**
     * Moves each cut half of the way to where the owner of the slice before it stopped: a slice whose back a helper
     * took shrinks, its successor on the ring grows.
     */
    private void moveCuts() {
        int slices = starts.length;
        for (int t = 0; t < slices; t++) {
            // Where slice t's owner stopped, from this run's claims: the cuts are moved only after all are read.
            shifts[t] = (lengths[t] - (int) (unclaimed.get(t * PAD) >>> 32)) / 2;
        }
        for (int t = 0; t < slices; t++) {
            int next = (t + 1) % slices;
            lengths[t] -= shifts[t];
            lengths[next] += shifts[t];
            starts[next] = (starts[next] - shifts[t] + items) % items;
        }
    }

    /** A worker runs its slice (and helps with the others) once per run. */
    @Override
    public boolean runWaiting(int worker) {
        long g = generation;
        if (g == seen[worker * PAD]) {
            return false;
        }
        seen[worker * PAD] = g;
        work(worker);
        return true;
    }

    @Override
    public boolean waiting(int worker) {
        return generation != seen[worker * PAD];
    }

    @Override
    public void close() {
        workers.close();
    }
}
