package org.tengen.search;

import java.util.Arrays;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;

/**
 * The search-averaged ownership of each tree's root, as KataGo reports it: the mean of the ownership of every leaf
 * evaluated since the root was set (the network's for expanded leaves, the exact area count for finished games), each
 * turned to the view of the root's player to move. A node's first visit is its evaluation, so this is the
 * visit-weighted average of the leaves' ownership over the part of the tree these leaves built. Allocated only when a
 * search first tracks ownership; adding a leaf allocates nothing.
 */
final class RootOwnership {
    private final int area;
    /** {@code [trees, area]}: sums of the leaves' ownership, root player's view. */
    private final float[] sums;
    /** Leaves summed per tree; -1 when the sums do not belong to the current root. */
    private final int[] counts;
    private final float[] scratch;

    RootOwnership(int trees, int area) {
        this.area = area;
        this.sums = new float[trees * area];
        this.counts = new int[trees];
        this.scratch = new float[area];
        Arrays.fill(counts, -1);
    }

    /** Starts tree {@code t}'s sums afresh. */
    void reset(int t) {
        Arrays.fill(sums, t * area, (t + 1) * area, 0f);
        counts[t] = 0;
    }

    /** Marks tree {@code t}'s sums as not belonging to its root (a search that did not track them ran). */
    void invalidate(int t) {
        counts[t] = -1;
    }

    /** Whether tree {@code t}'s sums belong to its current root. */
    boolean tracked(int t) {
        return counts[t] >= 0;
    }

    /** Leaves summed for tree {@code t}. */
    int count(int t) {
        return Math.max(0, counts[t]);
    }

    /** Adds a leaf's ownership {@code ownership[offset ..]}, times {@code sign} (-1 when its player is the root's opponent). */
    void add(int t, float sign, float[] ownership, int offset) {
        int to = t * area;
        for (int p = 0; p < area; p++) {
            sums[to + p] += sign * ownership[offset + p];
        }
        counts[t]++;
    }

    /** Adds the exact area ownership of the finished game {@code game} for a root whose player is {@code rootPlayer}. */
    void addFinal(int t, Game game, int rootPlayer) {
        game.ownership(scratch, 0);
        add(t, rootPlayer == Stone.BLACK ? 1f : -1f, scratch, 0);
    }

    /** Writes tree {@code t}'s average to {@code out[0 .. area)}; false (and nothing written) without any leaf. */
    boolean average(int t, float[] out) {
        if (counts[t] <= 0) {
            return false;
        }
        float perLeaf = 1f / counts[t];
        for (int p = 0; p < area; p++) {
            out[p] = sums[t * area + p] * perLeaf;
        }
        return true;
    }
}
