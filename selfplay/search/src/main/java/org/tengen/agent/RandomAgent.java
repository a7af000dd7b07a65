package org.tengen.agent;

import org.tengen.env.game.Game;
import org.tengen.search.PlayoutPolicy;

/** The weakest anchor, {@code random}: moves of the {@link PlayoutPolicy} (random, but never into its own eyes). */
public final class RandomAgent implements Agent {
    private final PlayoutPolicy policy;

    /** @param seed the moves' seed */
    public RandomAgent(long seed) {
        policy = new PlayoutPolicy(seed);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public void act(Game[] games, int[] actions, Budget budget) {
        for (int i = 0; i < games.length; i++) {
            if (games[i] != null) {
                actions[i] = policy.select(games[i]);
            }
        }
    }
}
