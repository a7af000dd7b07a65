package org.tengen.agent;

import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;

/** Decides a game that ended on the board: by passes, at the turn cap, or stopped. */
@FunctionalInterface
public interface Referee {
    /** The rules' own area count (a game cut short has no result: {@code Void}, but its count picks the winner). */
    Referee AREA = (slot, game) -> GameResult.parse(GameResult.of(game));

    /** The result of {@code game}, which ended in game-loop slot {@code slot} (as the agents saw it). */
    GameResult judge(int slot, Game game);
}
