package org.tengen.gtp;

import org.tengen.env.game.Game;

/** Chooses moves for {@code genmove}. */
@FunctionalInterface
public interface MoveGenerator {

    /**
     * A legal action (a point {@code y * width + x} or pass = area) for the player to move in {@code game}, which is
     * still being played. Must not change {@code game}.
     */
    int select(Game game);
}
