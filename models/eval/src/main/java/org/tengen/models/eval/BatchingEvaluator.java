package org.tengen.models.eval;

import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Shares one evaluator between many threads by gathering their positions into larger batches.
 *
 * <p>Unlike other evaluators this one is thread-safe: any number of threads call {@link #evaluate} with one position
 * or a few, and block until their results are written into their own arrays. A single worker thread owns the inner
 * evaluator: it takes the first waiting request, keeps adding requests until {@code maxBatch} positions are gathered
 * or {@code maxWait} has passed since it took the first one, runs one forward over the lot and hands each caller its
 * slice. With {@code maxWait} zero it only takes what is already queued, which batches naturally whenever callers
 * submit while a forward is running. Requests larger than {@code maxBatch} are split.
 *
 * <p>If the inner evaluator throws, every caller in that batch gets an {@link IllegalStateException} with the cause.
 * {@link #close()} finishes the batch in progress, fails the requests still queued, stops the worker and closes the
 * inner evaluator; later calls fail. Each submission reuses a per-thread request object, so the steady state
 * allocates nothing. A batch asks the inner evaluator for ownership only when one of its callers asked for it.
 */
public final class BatchingEvaluator implements Evaluator {
    private static final Request STOP = new Request();

    private final Evaluator inner;
    private final InputSpec spec;
    private final int maxBatch;
    private final long maxWaitNanos;
    private final ArrayBlockingQueue<Request> queue;
    private final ThreadLocal<Request> requests = ThreadLocal.withInitial(Request::new);
    private final Thread worker;

    // Owned by the worker thread.
    private final Request[] members;
    private final FloatBuffer batchObservations;
    private final boolean[] batchLegal;
    private final float[] batchPolicy;
    private final float[] batchValue;
    private final float[] batchScore;
    /** Null when the inner evaluator predicts no ownership. */
    private final float[] batchOwnership;

    private volatile boolean stopped;
    private boolean closeCalled;
    private volatile long batches;
    private volatile long positions;

    /**
     * @param inner    the evaluator to share; owned (and closed) by this service from now on
     * @param maxBatch most positions per forward
     * @param maxWait  longest time the worker waits for a batch to fill once it holds a first request
     */
    public BatchingEvaluator(Evaluator inner, int maxBatch, Duration maxWait) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be positive, got " + maxBatch);
        }
        if (maxWait.isNegative()) {
            throw new IllegalArgumentException("maxWait must not be negative, got " + maxWait);
        }
        this.inner = inner;
        this.spec = inner.spec();
        this.maxBatch = maxBatch;
        this.maxWaitNanos = maxWait.toNanos();
        this.queue = new ArrayBlockingQueue<>(Math.max(1024, 2 * maxBatch));
        this.members = new Request[maxBatch];
        this.batchObservations = FloatBuffer.allocate(Math.multiplyExact(maxBatch, spec.observationSize()));
        this.batchLegal = new boolean[maxBatch * spec.actionCount()];
        this.batchPolicy = new float[maxBatch * spec.actionCount()];
        this.batchValue = new float[maxBatch];
        this.batchScore = new float[maxBatch];
        this.batchOwnership = inner.predictsOwnership() ? new float[maxBatch * spec.area()] : null;
        this.worker = new Thread(this::work, "tengen-batching-evaluator");
        worker.setDaemon(true);
        worker.start();
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public boolean predictsOwnership() {
        return batchOwnership != null;
    }

    /** Thread-safe; blocks until the positions are evaluated. */
    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score, float[] ownership) {
        spec.checkBatch(batch, observations, legal, policy, value, score, ownership);
        if (ownership != null && batchOwnership == null) {
            java.util.Arrays.fill(ownership, 0, batch * spec.area(), Float.NaN);
        }
        float[] owned = batchOwnership == null ? null : ownership;
        Request request = requests.get();
        for (int first = 0; first < batch; first += maxBatch) {
            submit(request.set(observations, legal, policy, value, score, owned, first,
                    Math.min(maxBatch, batch - first)));
        }
    }

    /** {@return the forwards run so far} */
    public long batches() {
        return batches;
    }

    /** {@return the positions evaluated so far}; {@code positions() / batches()} is the mean batch size. */
    public long positions() {
        return positions;
    }

    /** Stops the service as described in the class comment; idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closeCalled) {
                return;
            }
            closeCalled = true;
        }
        stopped = true;
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(STOP);
                worker.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        failQueued();
        inner.close();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void submit(Request request) {
        if (stopped) {
            throw closedError();
        }
        try {
            queue.put(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while submitting positions for evaluation", e);
        }
        // the worker may have drained the queue between our check and our put: take the request back if so.
        if (stopped && queue.remove(request)) {
            throw closedError();
        }
        boolean interrupted = false;
        while (!request.done) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (request.failure != null) {
            throw new IllegalStateException("batched evaluation failed: " + request.failure.getMessage(),
                    request.failure);
        }
    }

    private void work() {
        Request carried = null;
        try {
            while (true) {
                Request first = carried != null ? carried : queue.take();
                carried = null;
                if (first == STOP) {
                    return;
                }
                int count = 0;
                members[count++] = first;
                int filled = first.count;
                long deadline = System.nanoTime() + maxWaitNanos;
                boolean stop = false;
                while (filled < maxBatch) {
                    Request next = queue.poll();
                    if (next == null) {
                        long remaining = deadline - System.nanoTime();
                        next = remaining > 0 ? queue.poll(remaining, TimeUnit.NANOSECONDS) : null;
                        if (next == null) {
                            break;
                        }
                    }
                    if (next == STOP) {
                        stop = true;
                        break;
                    }
                    if (filled + next.count > maxBatch) {
                        carried = next;
                        break;
                    }
                    members[count++] = next;
                    filled += next.count;
                }
                run(count, filled);
                if (stop) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // Whether stopped or dying from an Error, leave no caller waiting.
            stopped = true;
            if (carried != null && carried != STOP) {
                fail(carried, closedError());
            }
            failQueued();
        }
    }

    private void failQueued() {
        for (Request r = queue.poll(); r != null; r = queue.poll()) {
            if (r != STOP) {
                fail(r, closedError());
            }
        }
    }

    private void run(int count, int filled) {
        int obsSize = spec.observationSize();
        int actions = spec.actionCount();
        int at = 0;
        boolean owned = false;
        for (int m = 0; m < count; m++) {
            Request r = members[m];
            owned |= r.ownership != null;
            batchObservations.put(at * obsSize, r.observations, r.first * obsSize, r.count * obsSize);
            System.arraycopy(r.legal, r.first * actions, batchLegal, at * actions, r.count * actions);
            at += r.count;
        }
        RuntimeException failure = null;
        try {
            inner.evaluate(filled, batchObservations, batchLegal, batchPolicy, batchValue, batchScore,
                    owned ? batchOwnership : null);
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            for (int m = 0; m < count; m++) {
                fail(members[m], new IllegalStateException("the evaluation worker died: " + e, e));
                members[m] = null;
            }
            throw e;
        }
        if (failure == null) {
            batches++;
            positions += filled;
        }
        at = 0;
        for (int m = 0; m < count; m++) {
            Request r = members[m];
            members[m] = null;
            if (failure == null) {
                System.arraycopy(batchPolicy, at * actions, r.policy, r.first * actions, r.count * actions);
                System.arraycopy(batchValue, at, r.value, r.first, r.count);
                System.arraycopy(batchScore, at, r.score, r.first, r.count);
                if (r.ownership != null) {
                    int area = spec.area();
                    System.arraycopy(batchOwnership, at * area, r.ownership, r.first * area, r.count * area);
                }
                at += r.count;
                complete(r);
            } else {
                fail(r, failure);
            }
        }
    }

    private static void fail(Request r, RuntimeException failure) {
        r.failure = failure;
        complete(r);
    }

    private static void complete(Request r) {
        Thread waiter = r.waiter;
        r.done = true;
        LockSupport.unpark(waiter);
    }

    private static IllegalStateException closedError() {
        return new IllegalStateException("the batching evaluator is closed");
    }

    /** One caller's slice of positions; reused by its thread for every submission. */
    private static final class Request {
        FloatBuffer observations;
        boolean[] legal;
        float[] policy;
        float[] value;
        float[] score;
        float[] ownership;
        int first;
        int count;
        Thread waiter;
        RuntimeException failure;
        volatile boolean done;

        Request set(FloatBuffer observations, boolean[] legal, float[] policy, float[] value, float[] score,
                    float[] ownership, int first, int count) {
            this.observations = observations;
            this.legal = legal;
            this.policy = policy;
            this.value = value;
            this.score = score;
            this.ownership = ownership;
            this.first = first;
            this.count = count;
            this.waiter = Thread.currentThread();
            this.failure = null;
            this.done = false;
            return this;
        }
    }
}
