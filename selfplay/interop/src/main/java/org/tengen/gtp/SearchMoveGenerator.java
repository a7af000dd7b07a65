package org.tengen.gtp;

import java.util.function.Function;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.search.BatchedSearch;
import org.tengen.search.MctsPlayer;
import org.tengen.search.SearchResult;

/**
 * Moves from a searching player, rebuilt whenever the controller changes the rules or the board size (networks
 * here are fully convolutional, so one checkpoint plays on any size). Without a time limit a move gets a fixed
 * number of simulations; with one, the search runs until the time is up, capped by the player's own budget.
 */
public final class SearchMoveGenerator implements MoveGenerator, AutoCloseable {
    private final Function<Rules, MctsPlayer> factory;
    private final int simulations;
    private Rules rules;
    private MctsPlayer player;
    private boolean searched;

    /**
     * {@code factory} makes a player for given rules (it is called again when they change); its config's
     * simulations are the most a move under a time limit may use. Without a limit a move gets {@code simulations}.
     */
    public SearchMoveGenerator(Function<Rules, MctsPlayer> factory, int simulations) {
        if (simulations < 1) {
            throw new IllegalArgumentException("simulations must be at least 1, got " + simulations);
        }
        this.factory = factory;
        this.simulations = simulations;
    }

    @Override
    public int select(Game game) {
        return select(game, Double.POSITIVE_INFINITY);
    }

    @Override
    public int select(Game game, double seconds) {
        if (player == null || !game.rules().equals(rules)) {
            close();
            rules = game.rules();
            player = factory.apply(rules);
        }
        searched = true;
        if (Double.isInfinite(seconds)) {
            return player.selectAction(game, simulations, BatchedSearch.NO_DEADLINE);
        }
        // Capped at a day so that the nanosecond deadline cannot overflow.
        long deadline = System.nanoTime() + (long) (Math.min(Math.max(0, seconds), 86_400) * 1e9);
        return player.selectAction(game, Integer.MAX_VALUE, deadline);
    }

    @Override
    public boolean searches() {
        return true;
    }

    @Override
    public SearchResult lastSearch() {
        return searched ? player.lastResult() : null;
    }

    @Override
    public void close() {
        if (player != null) {
            player.close();
            player = null;
            searched = false;
        }
    }
}
