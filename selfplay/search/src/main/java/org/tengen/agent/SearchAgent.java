package org.tengen.agent;

import java.util.Arrays;
import java.util.Optional;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.search.BatchedSearch;
import org.tengen.search.LeafEvaluator;
import org.tengen.search.RolloutLeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * An agent that searches: one {@link BatchedSearch} tree per slot over a {@link LeafEvaluator} (a network, or
 * random rollouts), so the leaves of all its games share evaluator batches, and each tree is reused across its own
 * and the opponent's moves when the config allows. The search is built when the agent first meets a rule set and
 * rebuilt when the rules change (a GTP controller may change the board size; networks here play any size).
 */
public final class SearchAgent implements Agent {
    /** Makes the leaf evaluator of a search over games of {@code rules} in batches of up to {@code maxBatch}. */
    @FunctionalInterface
    public interface Leaves {
        /**
         * {@return the leaf evaluator}
         *
         * @param rules    the rules of the games searched
         * @param maxBatch the most leaves it will be asked at once
         */
        LeafEvaluator create(Rules rules, int maxBatch);
    }

    private final String name;
    private final SearchConfig config;
    private final Leaves leaves;
    private final long seed;
    private final AutoCloseable resources;
    private final Game[] slotGames;
    private final boolean[] searched;
    private BatchedSearch search;
    private Rules rules;

    /**
     * An agent whose leaves need no closing (e.g. rollouts, or a network someone else owns).
     *
     * @param name   its name in tables and records
     * @param config the search's parameters
     * @param slots  games the agent plays at once (one tree each)
     * @param leaves makes the leaf evaluator when the agent meets a rule set
     * @param seed   the search's seed
     */
    public SearchAgent(String name, SearchConfig config, int slots, Leaves leaves, long seed) {
        this(name, config, slots, leaves, seed, () -> { });
    }

    /**
     * @param name      its name in tables and records
     * @param config    the search's parameters
     * @param slots     games the agent plays at once (one tree each)
     * @param leaves    makes the leaf evaluator when the agent meets a rule set
     * @param seed      the search's seed
     * @param resources closed with the agent, e.g. the network behind {@code leaves}
     */
    public SearchAgent(String name, SearchConfig config, int slots, Leaves leaves, long seed,
                       AutoCloseable resources) {
        if (slots < 1) {
            throw new IllegalArgumentException("a search agent needs at least one slot, got " + slots);
        }
        this.name = name;
        this.config = config;
        this.leaves = leaves;
        this.seed = seed;
        this.resources = java.util.Objects.requireNonNull(resources, "resources");
        this.slotGames = new Game[slots];
        this.searched = new boolean[slots];
    }

    /**
     * The classic network-free anchor, {@code mcts-rollout}: {@link SearchConfig#rolloutAnchor} over
     * {@code simulations}, uniform priors and one random playout per leaf.
     *
     * @param simulations per move
     * @param slots       games it plays at once
     * @param seed        the search's and the playouts' seed
     * @return the anchor
     */
    public static SearchAgent rollouts(int simulations, int slots, long seed) {
        return new SearchAgent("mcts-rollout", SearchConfig.rolloutAnchor(simulations), slots,
                (rules, maxBatch) -> new RolloutLeafEvaluator(1, seed), seed);
    }

    @Override
    public String name() {
        return name;
    }

    /** {@return the search's parameters} */
    public SearchConfig config() {
        return config;
    }

    @Override
    public void act(Game[] games, int[] actions, Budget budget) {
        act(games, actions, budget, SearchObserver.NONE);
    }

    @Override
    public void act(Game[] games, int[] actions, Budget budget, SearchObserver observer) {
        if (games.length > slotGames.length) {
            throw new IllegalArgumentException(name + " was made for " + slotGames.length + " games at once, got "
                    + games.length);
        }
        System.arraycopy(games, 0, slotGames, 0, games.length);
        Arrays.fill(slotGames, games.length, slotGames.length, null);
        for (Game game : games) {
            if (game != null && !game.rules().equals(rules)) {
                rules = game.rules();
                search = new BatchedSearch(config, rules, slotGames.length,
                        leaves.create(rules, slotGames.length * config.leavesPerTree()), seed);
                Arrays.fill(searched, false);
            }
        }
        if (search == null) {
            return;
        }
        search.search(slotGames, budget.maxSimulations(), budget.deadlineNanos(), observer);
        for (int i = 0; i < games.length; i++) {
            if (games[i] != null) {
                actions[i] = search.result(i).action();
                searched[i] = true;
            }
        }
    }

    /**
     * Slot {@code slot}'s last search (reused in place: valid until the next {@link #act}); call only after the agent
     * acted in that slot. Allocation-free, for self-play's per-move use.
     *
     * @param slot the game's slot
     * @return the search, a live view
     */
    public SearchResult result(int slot) {
        return search.result(slot);
    }

    @Override
    public boolean searches() {
        return true;
    }

    @Override
    public Optional<SearchResult> lastSearch(int slot) {
        return searched[slot] ? Optional.of(search.result(slot)) : Optional.empty();
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing " + name + ": " + e.getMessage(), e);
        }
    }
}
