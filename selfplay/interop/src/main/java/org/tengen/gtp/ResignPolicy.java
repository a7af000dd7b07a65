package org.tengen.gtp;

import java.util.Arrays;
import java.util.Optional;
import org.tengen.search.SearchResult;

/**
 * When genmove resigns: once the search's value (from -1, lost, to 1, won) stays below a threshold for
 * {@value #RESIGN_AFTER} own moves in a row, as KataGo and Leela Zero do; a threshold of -1 never resigns.
 */
final class ResignPolicy {
    static final int RESIGN_AFTER = 3;

    private float threshold;
    /** Per colour: own moves in a row with the search value below the threshold. */
    private final int[] lowValueStreak = new int[3];

    ResignPolicy(float threshold) {
        setThreshold(threshold);
    }

    void setThreshold(float threshold) {
        if (!(threshold >= -1 && threshold < 1)) {
            throw new IllegalArgumentException("the resign threshold must be in [-1, 1), got " + threshold);
        }
        this.threshold = threshold;
    }

    /** Forgets the streaks, for a new game. */
    void reset() {
        Arrays.fill(lowValueStreak, 0);
    }

    /**
     * Counts {@code player}'s move, whose search is {@code search} (empty without one), and says whether its value has
     * now been below the threshold for {@value #RESIGN_AFTER} moves in a row.
     */
    boolean hopeless(int player, Optional<SearchResult> search) {
        if (threshold <= -1 || search.isEmpty()) {
            return false;
        }
        boolean low = search.get().rootValue() < threshold;
        lowValueStreak[player] = low ? lowValueStreak[player] + 1 : 0;
        return lowValueStreak[player] >= RESIGN_AFTER;
    }
}
