package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.colour;

import java.util.Locale;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Status;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * {@code genmove} and {@code kgs-genmove_cleanup}: a move within the clock's budget, played, or a resignation when
 * the {@link ResignPolicy} says so; in the cleanup phase an attack on dead stones instead of a pass.
 */
final class MoveGenerator {
    private static final Logger LOG = LogManager.getLogger(MoveGenerator.class);

    private final CurrentGame current;
    private final EngineSearch search;
    private final TimeControl clock;
    private final ResignPolicy resign;
    private final FinalStatus finalStatus;

    MoveGenerator(CurrentGame current, EngineSearch search, TimeControl clock, ResignPolicy resign,
                  FinalStatus finalStatus) {
        this.current = current;
        this.search = search;
        this.clock = clock;
        this.resign = resign;
        this.finalStatus = finalStatus;
    }

    String genmove(String[] args) {
        return generate(colour(args[0]), false, SearchObserver.NONE);
    }

    /** KGS's {@code kgs-genmove_cleanup}: genmove without resigning, capturing dead stones rather than passing. */
    String genmoveCleanup(String[] args) {
        return generate(colour(args[0]), true, SearchObserver.NONE);
    }

    /**
     * A move by {@code player} within the clock's budget, played, with {@code observer} watching the search. In
     * {@code cleanup} (KGS's cleanup phase) a pass is replaced by an attack on dead opponent stones while there are
     * any, so that they get captured.
     */
    String generate(int player, boolean cleanup, SearchObserver observer) {
        Game game = current.game();
        int pass = current.rules().passAction();
        // After the end only cleanup plays on (KGS asks for it once the players disagree about dead stones).
        boolean resume = cleanup && game.status() == Status.ENDED_BY_PASSES;
        if (!resume && game.isOver()) {
            // A pass after two passes changes nothing; after a resignation nothing can be played at all.
            if (game.status() != Status.RESIGNED) {
                game.playAs(player, pass);
            }
            return "pass";
        }
        Game position = current.mover(player);
        double seconds = clock.budget(player, position.turns(), current.rules().area());
        long start = System.nanoTime();
        int action = search.think(position, seconds, observer);
        double elapsed = (System.nanoTime() - start) / 1e9;
        clock.spent(player, elapsed);
        noteSearch(player, elapsed);
        if (cleanup && action == pass) {
            int attack = StoneStatus.cleanupMove(position, finalStatus.statuses());
            action = attack >= 0 ? attack : action;
        }
        if (!cleanup && resign.hopeless(player, search.lastSearch())) {
            game.resign(player);
            return "resign";
        }
        game.playAs(player, action);
        return current.format(action);
    }

    /** Remembers whose search the agent holds and logs its gist. */
    private void noteSearch(int player, double elapsed) {
        if (search.lastSearch().isEmpty()) {
            return;
        }
        SearchResult result = search.lastSearch().get();
        search.searchedFor(player);
        if (LOG.isInfoEnabled()) {
            LOG.info(String.format(Locale.ROOT, "%s %s: %d simulations in %.2f s, winrate %.3f", Stone.name(player),
                    current.format(result.action()), result.simulations(), elapsed, (1 + result.rootValue()) / 2));
        }
    }
}
