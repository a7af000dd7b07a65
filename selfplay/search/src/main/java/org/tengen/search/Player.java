package org.tengen.search;

import org.tengen.env.game.Game;

/** Something that picks moves, e.g. an Elo anchor or a searched network. */
public interface Player extends AutoCloseable {
    /** A short name for logs and rating tables. */
    String name();

    /** The action to play in {@code game} (still playing; not modified). */
    int selectAction(Game game);

    /** Releases resources; the default does nothing. */
    @Override
    default void close() {
    }
}
