package org.tengen.gtp;

import org.tengen.env.rules.HandicapLayout;

/** Handicap stone points for {@code fixed_handicap} and {@code place_free_handicap}, as actions. */
final class Handicaps {
    private Handicaps() {
    }

    /** The GTP {@code fixed_handicap} points in the spec's order; throws IllegalArgumentException if unavailable. */
    static int[] fixed(int width, int height, int stones) {
        int[] out = new int[stones];
        int n = 0;
        for (int[] p : HandicapLayout.points(width, height, stones)) {
            out[n++] = p[1] * width + p[0];
        }
        return out;
    }

    /**
     * Where the engine puts {@code stones} free handicap stones (2 .. area - 1): the fixed star points while they
     * last, then one by one the empty point farthest (Euclidean) from the stones already placed, looking first at
     * points on the third line or higher (fourth from 13 up) and nearer the edge only when those run out; ties go
     * to the larger sum of distances, then to the lower action. On an empty small board the first stone is the
     * point farthest from the edges.
     */
    static int[] free(int width, int height, int stones) {
        int area = width * height;
        if (stones < 2 || stones >= area) {
            throw new IllegalArgumentException("a free handicap takes 2.." + (area - 1) + " stones on " + width
                    + "x" + height + ", not " + stones);
        }
        int[] out = new int[stones];
        boolean[] taken = new boolean[area];
        int n = 0;
        int star = Math.min(stones, HandicapLayout.maxStones(width, height));
        if (star >= 2) {
            for (int a : fixed(width, height, star)) {
                out[n++] = a;
                taken[a] = true;
            }
        }
        int line = Math.min(width, height) >= 13 ? 3 : 2;
        while (n < stones) {
            int best = -1;
            long bestMin = -1;
            long bestSum = -1;
            for (int minEdge = line; best < 0; minEdge--) {
                for (int a = 0; a < area; a++) {
                    int x = a % width;
                    int y = a / width;
                    if (taken[a] || edgeDistance(x, y, width, height) < minEdge) {
                        continue;
                    }
                    // With no stone yet, prefer the point farthest from the edges.
                    long min = n == 0 ? edgeDistance(x, y, width, height) : Long.MAX_VALUE;
                    long sum = 0;
                    for (int i = 0; i < n; i++) {
                        long dx = x - out[i] % width;
                        long dy = y - out[i] / width;
                        min = Math.min(min, dx * dx + dy * dy);
                        sum += dx * dx + dy * dy;
                    }
                    if (min > bestMin || min == bestMin && sum > bestSum) {
                        best = a;
                        bestMin = min;
                        bestSum = sum;
                    }
                }
            }
            out[n++] = best;
            taken[best] = true;
        }
        return out;
    }

    private static int edgeDistance(int x, int y, int width, int height) {
        return Math.min(Math.min(x, width - 1 - x), Math.min(y, height - 1 - y));
    }
}
