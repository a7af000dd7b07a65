package org.tengen.search;

/**
 * Seeds for independent random streams. Adding small offsets to one seed ({@code seed + tree}, {@code seed + worker})
 * makes streams collide: worker 0's tree 1 would replay worker 1's tree 0. Mixing every coordinate through a strong
 * 64-bit hash (SplitMix64's finaliser) gives each (run, generation, shard, worker, tree) its own stream.
 */
public final class Seeds {
    private Seeds() {
    }

    /**
     * {@return a seed for the stream at {@code coordinates} under {@code seed}}; order matters, collisions are
     * negligible.
     *
     * @param seed        the run's seed
     * @param coordinates where the stream is, e.g. generation, part, worker, tree
     */
    public static long mix(long seed, long... coordinates) {
        long h = finish(seed ^ 0x9E3779B97F4A7C15L);
        for (long c : coordinates) {
            h = finish(h + 0x9E3779B97F4A7C15L + c);
        }
        return h;
    }

    private static long finish(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
