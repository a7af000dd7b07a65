package org.tengen.env.vec;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Persistent threads that run one task per group, asynchronously: the caller {@link #send}s a group, any thread runs
 * it, and {@link #recv} hands back groups in the order they finished. The threads are the caller's (which runs sent
 * groups while it waits in {@code recv}) and {@code threads - 1} workers. No thread waits for a batch: a thread that
 * finishes a group takes the next one sent, so there is no step-by-step hand-off or end-of-step wait as in
 * {@link WorkerPool}, which costs a synchronous step of short games much of what a second thread adds.
 *
 * <p>The two queues are rings of one slot per group written by hand, because each group is in at most one of them at a
 * time (so neither can overflow) and because the library's queues allocate a node per element or, contended, per
 * wait. Sent groups: one producer (the caller), any consumer, a claim is one compare-and-set of the head. Finished
 * groups: any producer, one consumer (the caller), a slot is -1 until its group is written.
 */
final class GroupPool implements AutoCloseable, PoolThreads.Work {
    /** The work of one group; must not depend on which thread runs it. */
    interface GroupTask {
        void run(int group);
    }

    private final GroupTask task;
    private final int groups;
    private final PoolThreads workers;
    /** The thread that runs each group when it is free, so that a group's games stay in one core's cache. */
    private final int[] owners;
    /** One ring of sent groups per owner, {@code groups} slots each. */
    private final int[][] sentSlots;
    /**
     * Per owner at {@code t * PAD}: the next sent group to claim, which only ever grows, so a claim from a stale head
     * fails; and where the caller sends next, written by the caller only, after the slot.
     */
    private final AtomicLongArray sentHeads;
    private final AtomicLongArray sentTails;
    private static final int PAD = 8;
    private final AtomicIntegerArray doneSlots;
    private final AtomicLong doneTail = new AtomicLong();
    /** Next finished group to hand back; the caller's alone. */
    private long doneHead;
    /** The caller's alone. */
    private final boolean[] sent;
    private int inFlight;
    /** What each group's last run threw, written before the group is put on the finished ring. */
    private final Throwable[] failures;

    GroupPool(int threads, int groups, GroupTask task, String name) {
        this.task = task;
        this.groups = groups;
        int used = Math.max(1, Math.min(threads, groups));
        owners = new int[groups];
        for (int g = 0; g < groups; g++) {
            // Contiguous runs of groups per thread, as the synchronous step's slices of games.
            owners[g] = (int) ((long) g * used / groups);
        }
        sentSlots = new int[used][groups];
        sentHeads = new AtomicLongArray(used * PAD);
        sentTails = new AtomicLongArray(used * PAD);
        sent = new boolean[groups];
        failures = new Throwable[groups];
        doneSlots = new AtomicIntegerArray(groups);
        for (int g = 0; g < groups; g++) {
            doneSlots.set(g, -1);
        }
        workers = new PoolThreads(used - 1, name, this);
    }

    /** {@return groups sent and not yet handed back by {@link #recv}} */
    int inFlight() {
        return inFlight;
    }

    /** {@return whether {@code group} was sent and not yet handed back} */
    boolean inFlight(int group) {
        return sent[group];
    }

    /** Queues {@code group}, which is not in flight, for its owner, or another thread that is free before it. */
    void send(int group) {
        if (workers.closed()) {
            throw new IllegalStateException("the environment is closed");
        }
        sent[group] = true;
        int t = owners[group];
        long tail = sentTails.get(t * PAD);
        sentSlots[t][(int) (tail % groups)] = group;
        sentTails.set(t * PAD, tail + 1);
        inFlight++;
        workers.wake();
    }

    /**
     * Returns the group that finished first of those not yet handed back, running sent groups on the caller's thread
     * while none has; rethrows what that group's run threw (the group is then back all the same).
     */
    int recv() {
        if (workers.closed()) {
            throw new IllegalStateException("the environment is closed");
        }
        if (inFlight == 0) {
            throw new IllegalStateException("no group is in flight: send one first");
        }
        for (int spins = 0; ; spins++) {
            int slot = (int) (doneHead % groups);
            int group = doneSlots.get(slot);
            if (group >= 0) {
                doneSlots.set(slot, -1);
                doneHead++;
                inFlight--;
                sent[group] = false;
                Throwable f = failures[group];
                if (f != null) {
                    failures[group] = null;
                    if (f instanceof RuntimeException e) {
                        throw e;
                    }
                    throw (Error) f;
                }
                return group;
            }
            if (runWaiting(0)) {
                spins = 0;
            } else {
                PoolThreads.pause(spins);
            }
        }
    }

    @Override
    public boolean waiting(int worker) {
        for (int t = 0; t < sentSlots.length; t++) {
            if (sentHeads.get(t * PAD) < sentTails.get(t * PAD)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the oldest group sent to thread {@code self}, or, when none waits, the oldest sent to the next thread that
     * has one (a thread that is descheduled or slower hands on its work); false when none is waiting. Workers and the
     * caller (thread 0, in {@link #recv}) run one group at a time.
     */
    @Override
    public boolean runWaiting(int self) {
        int threads = sentSlots.length;
        for (int k = 0; k < threads; k++) {
            int t = (self + k) % threads;
            int group = claim(t);
            if (group >= 0) {
                try {
                    task.run(group);
                } catch (RuntimeException | Error e) {
                    failures[group] = e;
                }
                doneSlots.set((int) (doneTail.getAndIncrement() % groups), group);
                return true;
            }
        }
        return false;
    }

    /** Claims the oldest group sent to thread {@code t}; -1 when none waits. */
    private int claim(int t) {
        while (true) {
            long head = sentHeads.get(t * PAD);
            if (head >= sentTails.get(t * PAD)) {
                return -1;
            }
            // Read before the claim: once the head moves on, the caller may reuse the slot.
            int group = sentSlots[t][(int) (head % groups)];
            if (sentHeads.compareAndSet(t * PAD, head, head + 1)) {
                return group;
            }
        }
    }

    @Override
    public void close() {
        workers.close();
    }
}
