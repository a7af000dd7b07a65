package org.tengen.env.vec;

import java.util.SplittableRandom;

/**
 * A uniformly random legal action per game, reproducibly: game {@code i} draws from its own
 * {@code SplittableRandom(seed + i)}, so the actions do not depend on threads or on other games. Draw for all games at
 * once ({@link #sample(VecEnv, int[])}) or let the env draw each game's next action as it steps it
 * ({@link VecEnv#step(int[], ActionPicker)}); both give the same actions.
 */
public final class RandomLegalSampler implements ActionPicker {
    /** Random probes before falling back to counting; uniform either way. */
    private static final int PROBES = 8;

    private final SplittableRandom[] randoms;
    private final int actionCount;

    /**
     * A sampler for {@code env}'s games, seeded from its config.
     *
     * @param env the env whose games it samples for
     */
    public RandomLegalSampler(VecEnv env) {
        this(env.numEnvs(), env.actionCount(), env.config().seed());
    }

    /**
     * @param numEnvs     games to sample for
     * @param actionCount actions per game
     * @param seed        game {@code i} draws from {@code seed + i}
     */
    public RandomLegalSampler(int numEnvs, int actionCount, long seed) {
        this.actionCount = actionCount;
        randoms = new SplittableRandom[numEnvs];
        for (int i = 0; i < numEnvs; i++) {
            randoms[i] = new SplittableRandom(seed + i);
        }
    }

    /**
     * Writes one uniformly random legal action per game of {@code env}.
     *
     * @param env     the games, as they stand
     * @param actions receives the actions, {@code [numEnvs]}
     */
    public void sample(VecEnv env, int[] actions) {
        sample(env.legalMask(), env.legalCounts(), actions);
    }

    /**
     * Writes into {@code actions[i]} a uniformly random action among the true entries of
     * {@code mask[i * actionCount ..]}, of which there are {@code counts[i]} (at least 1).
     *
     * @param mask    the games' legal masks, one after another
     * @param counts  their legal actions per game
     * @param actions receives the actions, {@code [numEnvs]}
     */
    public void sample(boolean[] mask, int[] counts, int[] actions) {
        for (int i = 0; i < randoms.length; i++) {
            actions[i] = pick(i, mask, i * actionCount, counts[i]);
        }
    }

    /** Rejection sampling (cheap when many actions are legal), then the k-th legal action. */
    @Override
    public int pick(int game, boolean[] mask, int offset, int count) {
        SplittableRandom random = randoms[game];
        for (int probe = 0; probe < PROBES; probe++) {
            int a = random.nextInt(actionCount);
            if (mask[offset + a]) {
                return a;
            }
        }
        int k = random.nextInt(count);
        for (int a = 0; a < actionCount; a++) {
            if (mask[offset + a] && k-- == 0) {
                return a;
            }
        }
        throw new IllegalArgumentException("legal count " + count + " exceeds the mask's legal actions");
    }
}
