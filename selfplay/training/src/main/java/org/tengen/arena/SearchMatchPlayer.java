package org.tengen.arena;

import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.search.BatchedSearch;
import org.tengen.search.LeafEvaluator;
import org.tengen.search.SearchConfig;

/** A searching player over up to {@code games} games at once, one tree per game slot (reused between moves). */
public final class SearchMatchPlayer implements MatchPlayer {
    private final String name;
    private final BatchedSearch search;
    private final AutoCloseable resources;
    /** One slot per tree: a match may use fewer games than the player has trees. */
    private final Game[] slots;

    /**
     * @param resources closed with this player (e.g. the network behind {@code leaves}); may be null
     */
    public SearchMatchPlayer(String name, SearchConfig config, Rules rules, LeafEvaluator leaves, int games,
                             long seed, AutoCloseable resources) {
        this.name = name;
        this.search = new BatchedSearch(config, rules, games, leaves, seed);
        this.resources = resources;
        this.slots = new Game[games];
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void selectActions(Game[] games, int[] actions) {
        if (games.length > slots.length) {
            throw new IllegalArgumentException(name + " was made for " + slots.length + " games at once, got "
                    + games.length);
        }
        System.arraycopy(games, 0, slots, 0, games.length);
        java.util.Arrays.fill(slots, games.length, slots.length, null);
        search.search(slots);
        for (int i = 0; i < games.length; i++) {
            if (games[i] != null) {
                actions[i] = search.result(i).action();
            }
        }
    }

    @Override
    public void close() {
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + name + ": " + e.getMessage(), e);
            }
        }
    }
}
