package org.tengen.arena;

import org.tengen.env.game.Game;

/**
 * A player that chooses moves for many games at once, so a network player can batch its evaluations across all
 * the games of a match.
 */
public interface MatchPlayer extends AutoCloseable {
    /** A short name for rating tables, e.g. {@code gen-0003} or {@code random}. */
    String name();

    /**
     * Chooses {@code actions[i]} for every {@code games[i]} that is not null (the player to move in each is this
     * player). Games are not modified. {@code games.length} is at most the batch size the player was made for.
     */
    void selectActions(Game[] games, int[] actions);

    @Override
    default void close() {
    }
}
