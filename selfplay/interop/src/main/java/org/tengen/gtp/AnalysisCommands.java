package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.colour;

import java.util.Comparator;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.stream.IntStream;
import org.tengen.agent.Budget;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;

/**
 * The commands that show what the engine thinks without playing: {@code tengen-analyze}, the live analysis GUIs draw
 * ({@code lz-analyze}, {@code kata-analyze} and their {@code genmove_analyze} forms, {@link LiveAnalysis}), and
 * GoGui's maps of the policy, the visits and the ownership ({@link GoGuiAnalysis}).
 */
final class AnalysisCommands {
    /** Candidate moves {@code tengen-analyze} lists at most. */
    static final int ANALYSIS_MOVES = 10;

    private final CurrentGame current;
    private final EngineSearch search;
    private final TimeControl clock;
    private final MoveGenerator moves;

    AnalysisCommands(CurrentGame current, EngineSearch search, TimeControl clock, MoveGenerator moves) {
        this.current = current;
        this.search = search;
        this.clock = clock;
        this.moves = moves;
    }

    /**
     * The candidates of the last search, or of a new search for COLOR that plays nothing: up to
     * {@value #ANALYSIS_MOVES} lines {@code VERTEX visits N winrate W prior P}, most visited first, the winrate in
     * [0, 1] for the player who moves.
     */
    String analyze(String[] args) {
        int player = args.length == 1 ? colour(args[0]) : Stone.EMPTY;
        search.requireSearch();
        if (player != Stone.EMPTY) {
            thinkAsGenmove(player);
        }
        SearchResult result = search.searchOfThisGame().orElseThrow(() ->
                new GtpFailure("no search yet in this game: genmove first, or tengen-analyze COLOR"));
        int[] visits = result.visits();
        float[] priors = result.priors();
        float[] values = result.values();
        StringJoiner lines = new StringJoiner("\n");
        IntStream.range(0, visits.length).filter(a -> visits[a] > 0).boxed()
                .sorted(Comparator.<Integer>comparingInt(a -> -visits[a]).thenComparing(a -> -priors[a]))
                .limit(ANALYSIS_MOVES)
                .forEach(a -> lines.add(String.format(Locale.ROOT, "%s visits %d winrate %.4f prior %.4f",
                        current.format(a), visits[a], (1 + values[a]) / 2, priors[a])));
        return lines.toString();
    }

    /**
     * lz-analyze and kata-analyze: a search for COLOR (the player to move by default) that plays nothing, reporting
     * at the interval until stopped, or until the agent's simulation cap or the longest move time ends it.
     */
    StreamedReply analyzeLive(LiveAnalysis.Format format, String[] args) {
        LiveAnalysis.Request request = LiveAnalysis.parse(format, args);
        search.requireSearch();
        int player = request.player() == Stone.EMPTY ? current.game().toMove() : request.player();
        Game position = current.searchable(player);
        return new StreamedReply(true, (lines, stop) -> {
            search.act(position, Budget.seconds(clock.maxMoveSeconds()),
                    LiveAnalysis.reporter(request, current::format, lines, stop));
            search.searchedFor(player);
        });
    }

    /** lz-genmove_analyze and kata-genmove_analyze: genmove for COLOR (the player to move), reporting as it thinks. */
    StreamedReply genmoveAnalyze(LiveAnalysis.Format format, String[] args) {
        LiveAnalysis.Request request = LiveAnalysis.parse(format, args);
        int player = request.player() == Stone.EMPTY ? current.game().toMove() : request.player();
        return new StreamedReply(false, (lines, stop) -> lines.accept("play "
                + moves.generate(player, false, LiveAnalysis.reporter(request, current::format, lines, stop))));
    }

    /** GoGui's policy heat map (gfx) of the root priors of a one-simulation search for COLOR (the player to move). */
    String policyMap(String[] args) {
        int player = playerOrToMove(args);
        search.requireSearch();
        search.act(current.searchable(player), Budget.simulations(1), SearchObserver.NONE);
        search.searchedFor(player);
        return GoGuiAnalysis.policy(search.lastSearch().orElseThrow().priors(), current.rules(), current::format);
    }

    /**
     * GoGui's ownership map (gfx INFLUENCE, +1 Black's): the search-averaged ownership of a search for COLOR (the
     * player to move) with genmove's simulations.
     */
    String ownershipMap(String[] args) {
        int player = playerOrToMove(args);
        search.requireSearch();
        float[] owned = search.ownership(current.searchable(player));
        if (owned == null) {
            throw new GtpFailure("no ownership to show: the engine's network has no ownership head (start it with "
                    + "--model and a network that has one)");
        }
        return GoGuiAnalysis.ownership(owned, current.rules(), current::format);
    }

    /** GoGui's visit counts (dboard) of a search for COLOR (the player to move) with genmove's budget. */
    String visitBoard(String[] args) {
        int player = playerOrToMove(args);
        search.requireSearch();
        thinkAsGenmove(player);
        return GoGuiAnalysis.board(search.lastSearch().orElseThrow().visits(), current.rules());
    }

    /** A search for {@code player} with genmove's budget that plays nothing. */
    private void thinkAsGenmove(int player) {
        Game position = current.searchable(player);
        search.think(position, clock.budget(player, position.turns(), current.rules().area()), SearchObserver.NONE);
        search.searchedFor(player);
    }

    /** The COLOR argument, or the player to move without one. */
    private int playerOrToMove(String[] args) {
        return args.length == 1 ? colour(args[0]) : current.game().toMove();
    }
}
