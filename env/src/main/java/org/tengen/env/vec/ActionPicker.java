package org.tengen.env.vec;

/**
 * A player that needs nothing but a game's legal mask (a random player, a scripted opening): {@link VecEnv#step(int[],
 * ActionPicker)} asks it for each game's next action on the env's own threads, right after that game's step, while
 * the mask it reads is still in the cache of the core that wrote it. It is called for different games at once, never
 * twice at once for one game.
 */
@FunctionalInterface
public interface ActionPicker {
    /**
     * @param game       the game's index in the env
     * @param mask       the legal masks of all games
     * @param offset     where this game's {@code actionCount} entries start
     * @param legalCount this game's true entries (at least 1)
     * @return one of this game's legal actions
     */
    int pick(int game, boolean[] mask, int offset, int legalCount);
}
