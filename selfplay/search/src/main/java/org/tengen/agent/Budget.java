package org.tengen.agent;

/**
 * How long a search may think about one move: at most {@code maxSimulations} (and its own configured budget), and
 * until {@code deadlineNanos} ({@link System#nanoTime()}) when it has one. Agents that do not search ignore it.
 *
 * @param maxSimulations at least 1
 * @param deadlineNanos  a {@link System#nanoTime()} value, or {@link #NO_DEADLINE}
 */
public record Budget(int maxSimulations, long deadlineNanos) {
    /** The deadline of a search without one. */
    public static final long NO_DEADLINE = org.tengen.search.BatchedSearch.NO_DEADLINE;
    /** The agent's own configured budget. */
    public static final Budget UNLIMITED = new Budget(Integer.MAX_VALUE, NO_DEADLINE);

    /**
     * Checks the simulations.
     *
     * @param maxSimulations at least 1
     * @param deadlineNanos  any {@link System#nanoTime()} value
     */
    public Budget {
        if (maxSimulations < 1) {
            throw new IllegalArgumentException("maxSimulations must be at least 1, got " + maxSimulations);
        }
    }

    /**
     * {@return at most {@code simulations}, no deadline}
     *
     * @param simulations at least 1
     */
    public static Budget simulations(int simulations) {
        return new Budget(simulations, NO_DEADLINE);
    }

    /**
     * {@return until {@code seconds} from now}, with no cap on simulations.
     *
     * @param seconds thinking time, capped at a day so that the nanosecond deadline cannot overflow
     */
    public static Budget seconds(double seconds) {
        return new Budget(Integer.MAX_VALUE, System.nanoTime() + (long) (Math.min(Math.max(0, seconds), 86_400) * 1e9));
    }
}
