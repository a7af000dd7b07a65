package org.tengen.gtp;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.tengen.env.board.Stone;
import org.tengen.search.BatchedSearch;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchSnapshot;

/**
 * The live analysis that GUIs draw while an engine thinks: the arguments of Leela Zero's {@code lz-analyze} and
 * KataGo's {@code kata-analyze} (and their {@code genmove_analyze} forms), and their {@code info} lines, as KataGo's
 * GTP_Extensions.md defines them.
 *
 * <p>Arguments: {@code [COLOR] [INTERVAL] KEY VALUE...}, the interval in centiseconds; keys {@code interval},
 * {@code minmoves}, {@code maxmoves}, and for KataGo's format {@code rootInfo}, {@code pvVisits},
 * {@code pvEdgeVisits} and {@code ownership}, plus {@code ownershipStdev}, {@code movesOwnership},
 * {@code movesOwnershipStdev} and {@code noResultValue}, which are accepted but print nothing: the search keeps no
 * ownership spread nor per-move ownership, and Tengen's rules have no no-result, and KataGo leaves out what it does not
 * have (consumers must not rely on a field being there). {@code ownership true} adds KataGo's {@code ownership} field
 * when the network predicts ownership: the search-averaged ownership of every point, row by row from the top left (A19
 * on 19x19) to the bottom right, from the view of the player analysed; without a network it is left out. {@code avoid} and {@code allow} are refused. Without an interval (or with 0) nothing is
 * reported while the search runs, as in both engines.
 *
 * <p>All values are from the view of the player analysed (KataGo's default, {@code SIDETOMOVE}). Each report is one
 * line: {@code info move C3 visits ... pv C3 D4 ...} per candidate, most visited first, then KataGo's
 * {@code rootInfo ...} and {@code ownership ...} when asked.
 */
final class LiveAnalysis {
    /** Moves a principal variation shows at most (KataGo's {@code analysisPVLen} is 15 in its example config). */
    static final int PV_LENGTH = 15;
    /** The interval's upper bound in centiseconds, about 11.6 days: beyond it nothing would ever be reported. */
    private static final double MAX_INTERVAL_CENTISECONDS = 1e8;

    /** Which engine's format. */
    enum Format {
        /** Leela Zero's: winrate, prior and lcb as integers in [0, 10000]. */
        LZ,
        /** KataGo's: floats, with utility, score and the optional fields; always with a decimal point (Sabaki). */
        KATA
    }

    /**
     * An analysis request.
     *
     * @param player       the player to analyse, {@link Stone#EMPTY} for the player to move
     * @param intervalNanos between reports; 0 for none
     */
    record Request(Format format, int player, long intervalNanos, int minMoves, int maxMoves, boolean rootInfo,
                   boolean pvVisits, boolean pvEdgeVisits, boolean ownership) {
    }

    private LiveAnalysis() {
    }

    /** Parses {@code [COLOR] [INTERVAL] KEY VALUE...}; throws {@link GtpFailure} naming what is wrong. */
    static Request parse(Format format, String[] args) {
        int i = 0;
        int player = Stone.EMPTY;
        if (i < args.length && isColour(args[i])) {
            player = GtpArgs.colour(args[i++]);
        }
        double interval = 0;
        if (i < args.length && isNumber(args[i])) {
            interval = interval(args[i++]);
        }
        int minMoves = 0;
        int maxMoves = Integer.MAX_VALUE;
        boolean rootInfo = false;
        boolean pvVisits = false;
        boolean pvEdgeVisits = false;
        boolean ownership = false;
        while (i < args.length) {
            String key = args[i++];
            if (i == args.length) {
                throw new GtpFailure("key '" + key + "' has no value");
            }
            String value = args[i++];
            boolean kata = format == Format.KATA;
            switch (key) {
                case "interval" -> interval = interval(value);
                case "minmoves" -> minMoves = count(key, value);
                case "maxmoves" -> maxMoves = count(key, value);
                case "avoid", "allow" -> throw new GtpFailure("'" + key + "' is not supported");
                case "rootInfo" -> rootInfo = kata ? bool(key, value) : unknown(key);
                case "pvVisits" -> pvVisits = kata ? bool(key, value) : unknown(key);
                case "pvEdgeVisits" -> pvEdgeVisits = kata ? bool(key, value) : unknown(key);
                case "ownership" -> ownership = kata ? bool(key, value) : unknown(key);
                case "ownershipStdev", "movesOwnership", "movesOwnershipStdev", "noResultValue" -> {
                    if (!kata) {
                        unknown(key);
                    }
                    bool(key, value);
                }
                default -> unknown(key);
            }
        }
        long nanos = (long) (interval * 1e7);
        return new Request(format, player, nanos, minMoves, maxMoves, rootInfo, pvVisits, pvEdgeVisits, ownership);
    }

    private static boolean isColour(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "b", "black", "w", "white" -> true;
            default -> false;
        };
    }

    private static boolean isNumber(String word) {
        try {
            Double.parseDouble(word);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static double interval(String word) {
        double centiseconds;
        try {
            centiseconds = Double.parseDouble(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("invalid interval '" + word + "' (expected centiseconds)");
        }
        if (!(centiseconds >= 0 && centiseconds <= MAX_INTERVAL_CENTISECONDS)) {
            throw new GtpFailure("invalid interval '" + word + "' (expected 0.." + (long) MAX_INTERVAL_CENTISECONDS
                    + " centiseconds)");
        }
        return centiseconds;
    }

    private static int count(String key, String word) {
        try {
            int n = Integer.parseInt(word);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new GtpFailure("invalid " + key + " '" + word + "' (expected a count)");
    }

    private static boolean bool(String key, String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new GtpFailure("invalid " + key + " '" + word + "' (expected true or false)");
        };
    }

    private static boolean unknown(String key) {
        throw new GtpFailure("unknown key '" + key + "'");
    }

    /**
     * Watches a search for {@code request}: writes a report to {@code out} every interval and once more when the
     * search ends by itself, and ends the search as soon as {@code stop} says so (checked after every batch of
     * leaves, so promptly).
     */
    static SearchObserver reporter(Request request, IntFunction<String> vertex, Consumer<String> out,
                                   BooleanSupplier stop) {
        return new SearchObserver() {
            private long next = System.nanoTime() + request.intervalNanos();

            @Override
            public boolean afterBatch(BatchedSearch search, boolean finished) {
                if (stop.getAsBoolean()) {
                    return false;
                }
                if (request.intervalNanos() > 0) {
                    long now = System.nanoTime();
                    if (finished || now - next >= 0) {
                        String line = line(request, search.snapshot(0, PV_LENGTH), vertex);
                        if (!line.isEmpty()) {
                            out.accept(line);
                        }
                        next = now + request.intervalNanos();
                    }
                }
                return true;
            }

            @Override
            public boolean wantsOwnership() {
                return request.ownership();
            }
        };
    }

    /**
     * One report: an {@code info} group per candidate, visited ones first and at least {@code minMoves}, at most
     * {@code maxMoves}, then {@code rootInfo} if asked; empty when no candidate qualifies (nothing to report yet).
     */
    static String line(Request request, SearchSnapshot snapshot, IntFunction<String> vertex) {
        StringJoiner line = new StringJoiner(" ");
        List<SearchSnapshot.Candidate> candidates = snapshot.candidates();
        int order = 0;
        for (SearchSnapshot.Candidate c : candidates) {
            if (order >= request.maxMoves() || c.visits() == 0 && order >= request.minMoves()) {
                break;
            }
            line.add(request.format() == Format.LZ ? lzInfo(c, order, snapshot, vertex)
                    : kataInfo(request, c, order, snapshot, vertex));
            order++;
        }
        if (order == 0) {
            return "";
        }
        if (request.format() == Format.KATA && request.rootInfo()) {
            line.add("rootInfo visits " + snapshot.visits() + " utility " + decimal(snapshot.utility())
                    + " winrate " + decimal(winrate(snapshot.winLoss())) + scores(snapshot.score())
                    + " weight " + decimal(snapshot.visits()));
        }
        if (request.ownership() && snapshot.ownership() != null) {
            StringJoiner owned = new StringJoiner(" ", "ownership ", "");
            for (float o : snapshot.ownership()) {
                owned.add(decimal(o));
            }
            line.add(owned.toString());
        }
        return line.toString();
    }

    private static String lzInfo(SearchSnapshot.Candidate c, int order, SearchSnapshot snapshot,
                                 IntFunction<String> vertex) {
        long lcb = Math.max(0, Math.min(10_000, Math.round(lcb(c, snapshot) * 10_000)));
        return "info move " + vertex.apply(c.action()) + " visits " + c.visits() + " winrate "
                + Math.round(winrate(c.winLoss()) * 10_000) + " prior " + Math.round(c.prior() * 10_000.0)
                + " lcb " + lcb + " order " + order + " pv " + moves(c.pv(), vertex);
    }

    private static String kataInfo(Request request, SearchSnapshot.Candidate c, int order, SearchSnapshot snapshot,
                                   IntFunction<String> vertex) {
        StringBuilder info = new StringBuilder("info move ").append(vertex.apply(c.action()))
                .append(" visits ").append(c.visits()).append(" edgeVisits ").append(c.visits())
                .append(" utility ").append(decimal(c.utility()))
                .append(" winrate ").append(decimal(winrate(c.winLoss())))
                .append(scores(c.score()))
                .append(" prior ").append(decimal(c.prior()))
                .append(" lcb ").append(decimal(lcb(c, snapshot)))
                .append(" utilityLcb ").append(decimal(c.utility() - c.utilityRadius()))
                .append(" weight ").append(decimal(c.visits()))
                .append(" order ").append(order)
                .append(" pv ").append(moves(c.pv(), vertex));
        if (request.pvVisits()) {
            info.append(" pvVisits ").append(counts(c.pvVisits()));
        }
        if (request.pvEdgeVisits()) {
            // A tree, not a graph: the visits through each move are those of the node it leads to.
            info.append(" pvEdgeVisits ").append(counts(c.pvVisits()));
        }
        return info.toString();
    }

    /** KataGo reports the lead as scoreMean too (for older tools), and the expected margin as scoreSelfplay. */
    private static String scores(float score) {
        String s = decimal(score);
        return " scoreMean " + s + " scoreSelfplay " + s + " scoreLead " + s;
    }

    /** A win/loss value in [-1, 1] as a winrate in [0, 1]. */
    private static double winrate(float winLoss) {
        return (1 + (double) winLoss) / 2;
    }

    /**
     * KataGo's lower confidence bound on the winrate: the utility's radius applied to the winrate, scaled by the
     * win/loss share of the utility range and halved for the [0, 1] range (its {@code getHackedLCBForWinrate}).
     */
    private static double lcb(SearchSnapshot.Candidate c, SearchSnapshot snapshot) {
        return winrate(c.winLoss()) - c.utilityRadius() * 0.5 / snapshot.utilityRange();
    }

    private static String moves(int[] actions, IntFunction<String> vertex) {
        StringJoiner pv = new StringJoiner(" ");
        for (int a : actions) {
            pv.add(vertex.apply(a));
        }
        return pv.toString();
    }

    private static String counts(int[] values) {
        StringJoiner out = new StringJoiner(" ");
        for (int v : values) {
            out.add(Integer.toString(v));
        }
        return out.toString();
    }

    /** Six significant digits, as KataGo prints, always with a decimal point (Sabaki tells floats by it). */
    static String decimal(double x) {
        if (!Double.isFinite(x)) {
            return "0.0";
        }
        String s = new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        return s.contains(".") ? s : s + ".0";
    }
}
