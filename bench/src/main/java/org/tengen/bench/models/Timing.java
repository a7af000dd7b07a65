package org.tengen.bench.models;

import java.time.Duration;
import java.util.Arrays;
import org.tengen.env.process.ProcessCpuTime;

/**
 * How every speed of the model benchmark is timed: a rate is items per second over one round of {@code round}, and a
 * measurement takes {@code rounds} of them, whose median is reported.
 */
record Timing(Duration round, int rounds) {
    /** Items per second over one round. */
    double rate(Runnable body, int itemsPerCall) {
        return rates(body, itemsPerCall)[0];
    }

    /** Items per second of wall time and per second of this process's CPU time, over one round. */
    double[] rates(Runnable body, int itemsPerCall) {
        long[] calls = timeFor(body, round);
        return new double[] {calls[0] * itemsPerCall * 1e9 / calls[1],
            calls[0] * itemsPerCall * 1e9 / Math.max(1, calls[2])};
    }

    /** A round of warm-up, then the rate of each of {@code rounds} rounds. */
    double[] measure(Runnable body, int itemsPerCall) {
        timeFor(body, round);
        double[] rates = new double[rounds];
        for (int r = 0; r < rates.length; r++) {
            rates[r] = rate(body, itemsPerCall);
        }
        return rates;
    }

    /**
     * Runs {@code body} until {@code length} has passed (at least once); returns {calls, wall nanoseconds, process CPU
     * nanoseconds}.
     */
    static long[] timeFor(Runnable body, Duration length) {
        long cpuStart = ProcessCpuTime.nanos();
        long start = System.nanoTime();
        long end = start + length.toNanos();
        long calls = 0;
        long now;
        do {
            body.run();
            calls++;
            now = System.nanoTime();
        } while (now < end);
        return new long[] {calls, now - start, ProcessCpuTime.nanos() - cpuStart};
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
