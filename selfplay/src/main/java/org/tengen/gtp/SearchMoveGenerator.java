package org.tengen.gtp;

import java.util.function.Function;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.search.MctsPlayer;

/**
 * Moves from a searching player, rebuilt whenever the controller changes the rules or the board size (networks
 * here are fully convolutional, so one checkpoint plays on any size).
 */
public final class SearchMoveGenerator implements MoveGenerator, AutoCloseable {
    private final Function<Rules, MctsPlayer> factory;
    private Rules rules;
    private MctsPlayer player;

    /** {@code factory} makes a player for given rules; it is called again when they change. */
    public SearchMoveGenerator(Function<Rules, MctsPlayer> factory) {
        this.factory = factory;
    }

    @Override
    public int select(Game game) {
        if (player == null || !game.rules().equals(rules)) {
            close();
            rules = game.rules();
            player = factory.apply(rules);
        }
        return player.selectAction(game);
    }

    /** The search behind the last move, for analysis output; null before the first genmove. */
    public MctsPlayer player() {
        return player;
    }

    @Override
    public void close() {
        if (player != null) {
            player.close();
            player = null;
        }
    }
}
