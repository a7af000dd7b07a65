package org.tengen.gtp;

import java.util.Optional;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.search.BatchedSearch;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * The agent as the engine's commands ask it to think, one position at a time: within genmove's budget, for the
 * ownership a search averages, or within a budget of their own; and which player its last search was for in this
 * game, for the commands that show that search.
 */
final class EngineSearch {
    private final Agent agent;
    /** Simulations of a move without a time limit. */
    private final int simulations;
    private final TimeControl clock;
    private final Game[] one = new Game[1];
    private final int[] chosen = new int[1];
    /** The player whose search {@link Agent#lastSearch} holds, EMPTY when there is none for this game. */
    private int analysed = Stone.EMPTY;

    EngineSearch(Agent agent, int simulations, TimeControl clock) {
        if (simulations < 1) {
            throw new IllegalArgumentException("simulations must be at least 1, got " + simulations);
        }
        this.agent = agent;
        this.simulations = simulations;
        this.clock = clock;
    }

    /** Refuses the commands that show a search when the agent plays without one. */
    void requireSearch() {
        if (!agent.searches()) {
            throw new GtpFailure("no search to show: this engine plays without one (start it with --model or "
                    + "--player mcts-rollout)");
        }
    }

    /**
     * The agent's action for {@code position} within {@code seconds} (infinite: the fixed number of simulations), and
     * never longer than the clock's longest move.
     */
    int think(Game position, double seconds, SearchObserver observer) {
        Budget capped = Budget.seconds(Math.min(seconds, clock.maxMoveSeconds()));
        return act(position, Double.isInfinite(seconds) ? new Budget(simulations, capped.deadlineNanos()) : capped,
                observer);
    }

    /** The agent's action for {@code position} within {@code budget}. */
    int act(Game position, Budget budget, SearchObserver observer) {
        one[0] = position;
        agent.act(one, chosen, budget, observer);
        return chosen[0];
    }

    /** The agent's last search, empty when it plays without one. */
    Optional<SearchResult> lastSearch() {
        return agent.lastSearch(0);
    }

    /** Notes that the agent's last search was for {@code player} in this game. */
    void searchedFor(int player) {
        analysed = player;
    }

    /** Forgets whose search the agent holds, for a new game. */
    void forget() {
        analysed = Stone.EMPTY;
    }

    /** The agent's last search if it was one of this game's, else empty. */
    Optional<SearchResult> searchOfThisGame() {
        return analysed == Stone.EMPTY ? Optional.empty() : agent.lastSearch(0);
    }

    /**
     * A search for the player to move in {@code position} with genmove's simulations that averages the root's
     * ownership, turned to Black's view (every point, as actions). A game ended by passes must come resumed (as
     * {@link CurrentGame#mover} gives it), so that the search can play on to capture dead stones. Null without a
     * search or without ownership (the search then stops after its first batch), or for a position that is over.
     */
    float[] ownership(Game position) {
        if (!agent.searches() || position.isOver()) {
            return null;
        }
        BatchedSearch[] searched = new BatchedSearch[1];
        SearchObserver observer = new SearchObserver() {
            @Override
            public boolean afterBatch(BatchedSearch search, boolean finished) {
                searched[0] = search;
                return search.tracksOwnership();
            }

            @Override
            public boolean wantsOwnership() {
                return true;
            }
        };
        int player = position.toMove();
        think(position, Double.POSITIVE_INFINITY, observer);
        analysed = player;
        float[] owned = new float[position.rules().area()];
        if (searched[0] == null || !searched[0].ownership(0, owned)) {
            return null;
        }
        if (player == Stone.WHITE) {
            for (int a = 0; a < owned.length; a++) {
                owned[a] = 0f - owned[a];
            }
        }
        return owned;
    }
}
