package org.tengen.agent;

import java.util.Optional;
import org.tengen.env.game.Game;
import org.tengen.env.vec.VecEnv;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * Whatever chooses moves: the random anchor, a search over a network or over rollouts, an external GTP engine. It
 * chooses for a batch of games at once, so a network agent evaluates the leaves of all of them together; GTP asks for
 * a batch of one.
 */
public interface Agent extends AutoCloseable {
    /** Action: the player to move resigns. */
    int RESIGN = VecEnv.RESIGN;
    /**
     * Action: the game cannot go on although nobody broke the rules (e.g. an external engine refused a legal move of
     * other rules); it stops where it stands and is counted like a game at the turn cap.
     */
    int STOP = VecEnv.STOP;
    /** Action: the player to move forfeits the game, e.g. an engine that answered an illegal move or crashed. */
    int FORFEIT = -4;

    /** {@return a short name for rating tables and records}, e.g. {@code gen-0003}, {@code random}. */
    String name();

    /**
     * Chooses {@code actions[i]} for every {@code games[i]} that is not null, where this agent is to move: a legal
     * action (points row-major, pass = area) or {@link #RESIGN}, {@link #STOP}, {@link #FORFEIT}. Games are not
     * modified; {@code games[i]} stays slot {@code i}'s game until it ends, so an agent may keep per-slot state
     * (search trees, engine processes).
     *
     * @param games   {@code [slots]}, at most the number of slots the agent was made for
     * @param actions receives the chosen actions, {@code [slots]}
     * @param budget  how long each search may think
     */
    void act(Game[] games, int[] actions, Budget budget);

    /**
     * {@link #act(Game[], int[], Budget)} with {@code observer} watching the search after every batch of leaves, and
     * able to end it early; an agent without a search ignores it.
     *
     * @param games    {@code [slots]}, null where this agent is not to move
     * @param actions  receives the chosen actions
     * @param budget   how long each search may think
     * @param observer sees each search after every batch of leaves
     */
    default void act(Game[] games, int[] actions, Budget budget, SearchObserver observer) {
        act(games, actions, budget);
    }

    /** {@return whether moves come from a search} that {@link #lastSearch} shows. */
    default boolean searches() {
        return false;
    }

    /**
     * {@return the search behind slot {@code slot}'s last action}: a live view, valid until the next {@link #act};
     * empty for an agent that does not search.
     *
     * @param slot the game's slot
     */
    default Optional<SearchResult> lastSearch(int slot) {
        return Optional.empty();
    }

    /** Releases the agent's resources (networks, processes). */
    @Override
    default void close() {
    }
}
