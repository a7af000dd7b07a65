package org.tengen.arena;

import org.tengen.env.game.Game;

/**
 * A player that chooses moves for many games at once, so a network player can batch its evaluations across all
 * the games of a match.
 */
public interface MatchPlayer extends AutoCloseable {
    /** An action meaning the player to move resigns. */
    int RESIGN = -1;
    /**
     * An action meaning the player to move forfeits the game, e.g. an external engine that answered an illegal move
     * or crashed; the player reports the reason.
     */
    int FORFEIT = -2;
    /**
     * An action meaning the player cannot go on with the game although nobody broke the rules, e.g. an external engine
     * that refused its opponent's legal move because it plays other rules: the game stops where it stands and is
     * counted like a game stopped at the turn cap.
     */
    int STOP = -3;

    /** A short name for rating tables, e.g. {@code gen-0003} or {@code random}. */
    String name();

    /**
     * Chooses {@code actions[i]} for every {@code games[i]} that is not null (the player to move in each is this
     * player), or {@link #RESIGN}, {@link #FORFEIT} or {@link #STOP}. Games are not modified. {@code games[i]} stays
     * the game of slot {@code i} until it ends. {@code games.length} is at most the batch size the player was made
     * for.
     */
    void selectActions(Game[] games, int[] actions);

    @Override
    default void close() {
    }
}
