package org.tengen.agent;

import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;

/** Decides a game that ended on the board: by passes, at the turn cap, or stopped. */
@FunctionalInterface
public interface Referee {
    /** The rules' own area count (a game cut short has no result: {@code Void}, but its count picks the winner). */
    Referee AREA = (slot, game) -> GameResult.parse(GameResult.of(game));

    /**
     * {@return the result of {@code game}}
     *
     * @param slot the game-loop slot it ended in (as the agents saw it)
     * @param game the game, ended on the board
     */
    GameResult judge(int slot, Game game);
}
