package org.tengen.search;

import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * A player that searches one game with {@link BatchedSearch} (one tree; the tree is reused across its own and the
 * opponent's moves when the config allows). With {@link #rollouts} it is a network-free anchor: uniform priors and
 * random-playout values.
 */
public final class MctsPlayer implements Player {
    private final String name;
    private final BatchedSearch search;
    private final Game[] one = new Game[1];

    public MctsPlayer(String name, SearchConfig config, Rules rules, LeafEvaluator evaluator, long seed) {
        this.name = name;
        this.search = new BatchedSearch(config, rules, 1, evaluator, seed);
    }

    /**
     * The classic anchor: {@link SearchConfig#rolloutAnchor} over {@code simulations} simulations, uniform priors,
     * each leaf valued by {@code rolloutsPerLeaf} random playouts. Named like {@code mcts-rollout-400}.
     */
    public static MctsPlayer rollouts(Rules rules, int simulations, int rolloutsPerLeaf, long seed) {
        return new MctsPlayer("mcts-rollout-" + simulations, SearchConfig.rolloutAnchor(simulations), rules,
                new RolloutLeafEvaluator(rolloutsPerLeaf, seed ^ 0x9E3779B97F4A7C15L), seed);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int selectAction(Game game) {
        return selectAction(game, Integer.MAX_VALUE, BatchedSearch.NO_DEADLINE);
    }

    /**
     * The action after a search of at most {@code maxSimulations} (and the config's budget) that stops at
     * {@code deadlineNanos} ({@link System#nanoTime()}; {@link BatchedSearch#NO_DEADLINE} for none), for time
     * control; see {@link BatchedSearch#search(Game[], int, long)}.
     */
    public int selectAction(Game game, int maxSimulations, long deadlineNanos) {
        one[0] = game;
        try {
            search.search(one, maxSimulations, deadlineNanos);
        } finally {
            one[0] = null;
        }
        return search.result(0).action();
    }

    /** The result behind the last {@link #selectAction} (reused in place). */
    public SearchResult lastResult() {
        return search.result(0);
    }
}
