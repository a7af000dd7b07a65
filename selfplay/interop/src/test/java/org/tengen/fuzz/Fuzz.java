package org.tengen.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a fuzz suite: cases from seeded generators, each input watched for hangs, every failure named with its case
 * and input. Each fuzz test has a small fixed sample in the default run (a few seconds a suite) and a long run tagged
 * {@code slow}:
 *
 * <pre>
 * mvn -B test -pl selfplay/training -am -Dgroups=slow -Dtest='*FuzzTest' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * ({@code -Dtengen.fuzz.seed=N} draws other samples.) Surefire hands the {@code -D} properties to the test JVM.
 */
public final class Fuzz {
    private static final long SEED = Long.getLong("tengen.fuzz.seed", 20_250_601L);
    /** How often the watchdog looks at the running input. */
    private static final long POLL_MILLIS = 50;

    /** One case: draws its inputs from {@code random} and announces each with {@link Trial#input} before use. */
    @FunctionalInterface
    public interface Case {
        void run(Random random, Trial trial) throws Exception;
    }

    /** The input being tried, for the watchdog and for failure messages. */
    public static final class Trial {
        private volatile String input = "";
        private volatile long start = System.nanoTime();
        private long inputs;

        /** Starts the next input (its time bound runs from now). */
        public void input(String description) {
            input = description;
            start = System.nanoTime();
            inputs++;
        }
    }

    private Fuzz() {
    }

    /**
     * Runs cases 0..{@code cases - 1}, case {@code i} with its own seeded generator, and returns how many inputs
     * they tried. Fails on the first exception or assertion a case throws, and on an input still running after
     * {@code bound} (a hang: the worker is left behind, a daemon).
     */
    public static long run(String suite, int cases, Duration bound, Case body) throws InterruptedException {
        Trial trial = new Trial();
        AtomicInteger current = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                for (int i = 0; i < cases; i++) {
                    current.set(i);
                    body.run(new Random(SEED * 1_000_003L + i), trial);
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, suite + "-fuzz");
        worker.setDaemon(true);
        worker.start();
        while (worker.isAlive()) {
            worker.join(POLL_MILLIS);
            if (worker.isAlive() && System.nanoTime() - trial.start > bound.toNanos()) {
                fail(suite + " case " + current.get() + " (seed " + SEED + "): no result after " + bound + " for "
                        + shown(trial.input));
            }
        }
        if (failure.get() != null) {
            throw new AssertionError(suite + " case " + current.get() + " (seed " + SEED + ") failed for "
                    + shown(trial.input) + ": " + failure.get(), failure.get());
        }
        System.out.printf("%s fuzz: %d cases, %d inputs, seed %d%n", suite, cases, trial.inputs, SEED);
        return trial.inputs;
    }

    /** The input as Java string literal text, cut to a readable length. */
    private static String shown(String input) {
        StringBuilder sb = new StringBuilder("\"");
        input.codePoints().limit(600).forEach(c -> sb.append(c >= ' ' && c < 127 && c != '"' && c != '\\'
                ? Character.toString(c) : String.format("\\u%04x", c)));
        return sb.append(input.length() > 600 ? "\"... (" + input.length() + " chars)" : "\"").toString();
    }
}
