package org.tengen.agent;

import java.util.Optional;
import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.game.Game;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * An agent whose first {@code moves} turns of every game are uniformly random points that capture nothing and are
 * no suicide, after which {@code inner} plays. Deterministic players (GNU Go, greedy search) play the same game again
 * and again from the empty board; a few random stones give every game its own opening (KataGo's self-play and match
 * games start from varied positions for the same reason). Since such an opening only adds stones, a record can keep
 * it as set-up stones ({@code GameHistory.openingAsSetup}) and nothing learns from its moves.
 *
 * <p>{@code inner} first sees a game at turn {@code moves}: it must be able to join a game in progress (search agents
 * and external engines can).
 */
public final class RandomOpening implements Agent {
    private final Agent inner;
    private final int moves;
    private final SplittableRandom random;
    private final Game[] later;
    private final int[] innerActions;
    private int[] candidates = new int[0];

    /**
     * @param inner the agent that plays after the opening
     * @param moves random turns at the start of every game, at least 1
     * @param slots games played at once, as for {@code inner}
     * @param seed  the openings' seed
     */
    public RandomOpening(Agent inner, int moves, int slots, long seed) {
        if (moves < 1) {
            throw new IllegalArgumentException("a random opening needs at least one move, got " + moves);
        }
        this.inner = inner;
        this.moves = moves;
        this.random = new SplittableRandom(seed);
        this.later = new Game[slots];
        this.innerActions = new int[slots];
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public void act(Game[] games, int[] actions, Budget budget) {
        act(games, actions, budget, SearchObserver.NONE);
    }

    @Override
    public void act(Game[] games, int[] actions, Budget budget, SearchObserver observer) {
        boolean innerMoves = false;
        for (int i = 0; i < later.length; i++) {
            Game game = i < games.length ? games[i] : null;
            later[i] = game != null && game.turns() >= moves ? game : null;
            innerMoves |= later[i] != null;
            if (game != null && later[i] == null) {
                actions[i] = randomQuietMove(game);
            }
        }
        if (innerMoves) {
            inner.act(later, innerActions, budget, observer);
            for (int i = 0; i < games.length; i++) {
                if (later[i] != null) {
                    actions[i] = innerActions[i];
                }
            }
        }
    }

    /** A uniformly random empty point whose stone captures nothing and lives; pass if there is none. */
    private int randomQuietMove(Game game) {
        Board board = game.board();
        int player = game.toMove();
        int points = game.rules().passAction();
        if (candidates.length < points) {
            candidates = new int[points];
        }
        int n = 0;
        for (int a = 0; a < points; a++) {
            if (game.isLegal(a) && board.stoneCountAfter(board.locOfAction(a), player) == board.stoneCount() + 1) {
                candidates[n++] = a;
            }
        }
        return n == 0 ? points : candidates[random.nextInt(n)];
    }

    @Override
    public boolean searches() {
        return inner.searches();
    }

    @Override
    public Optional<SearchResult> lastSearch(int slot) {
        return inner.lastSearch(slot);
    }

    @Override
    public void close() {
        inner.close();
    }
}
