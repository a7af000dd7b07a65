package org.tengen.arena;

import org.tengen.env.game.Game;
import org.tengen.search.Player;

/** Adapts a player without per-game state (e.g. the random anchor) by asking it about each game in turn. */
public final class SingleGameMatchPlayer implements MatchPlayer {
    private final Player player;

    public SingleGameMatchPlayer(Player player) {
        this.player = player;
    }

    @Override
    public String name() {
        return player.name();
    }

    @Override
    public void selectActions(Game[] games, int[] actions) {
        for (int i = 0; i < games.length; i++) {
            if (games[i] != null) {
                actions[i] = player.selectAction(games[i]);
            }
        }
    }

    @Override
    public void close() {
        player.close();
    }
}
