package org.tengen.gtp;

import org.tengen.env.game.Game;
import org.tengen.search.SearchResult;

/** Chooses moves for {@code genmove}. */
@FunctionalInterface
public interface MoveGenerator {

    /**
     * A legal action (a point {@code y * width + x} or pass = area) for the player to move in {@code game}, which is
     * still being played. Must not change {@code game}.
     */
    int select(Game game);

    /**
     * {@link #select(Game)} thinking for about {@code seconds} at most ({@link Double#POSITIVE_INFINITY}: no time
     * limit, the generator's own budget). The default ignores the limit, right for generators that do not search.
     */
    default int select(Game game, double seconds) {
        return select(game);
    }

    /** Whether moves come from a search that {@link #lastSearch()} can show; the default does not search. */
    default boolean searches() {
        return false;
    }

    /** The search behind the last move selected, for analysis; null before the first or without search. */
    default SearchResult lastSearch() {
        return null;
    }
}
