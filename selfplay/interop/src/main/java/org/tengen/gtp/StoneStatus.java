package org.tengen.gtp;

import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.search.PlayoutPolicy;

/**
 * Alive, dead and seki stones from ownership: Monte-Carlo ownership ({@link #estimate}) or a network's
 * search-averaged ownership ({@link #fromOwnership}), for {@code final_status_list}, {@code kgs-genmove_cleanup} and,
 * under rules that remove dead stones, {@code final_score}. The playout estimate runs {@value #PLAYOUTS} random
 * playouts (fewer above 9x9) from the position (simple ko, no suicide, the player to move first) to two passes, and
 * averages who owns each point at the end (Tromp-Taylor area: +1 Black, -1 White, 0 nobody).
 *
 * <p>Playouts follow {@link PlayoutPolicy#avoidingSelfAtari}: no own-eye filling and no self-atari of chains of two
 * or more stones. The self-atari ban is what lets sekis survive: neither side fills a shared liberty, so those
 * points stay neutral.
 *
 * <p>A chain is <em>alive</em> only when its stones' mean ownership, from its own view, is above {@value #ALIVE_OWNERSHIP}
 * (KataGo's threshold): an uncertain chain is dead, as GNU Go judges the stones of a finished game. A chain that is not
 * dead is in <em>seki</em> when at least half of its liberties, and at least one, are neutral (nobody's at the end of
 * more than half of the playouts; with a network, {@code |ownership| < 1/2}): the shared liberties of a seki stay
 * empty, while a living group's other liberties are its own eyes or territory. The random generator is seeded from the
 * position, so asking twice gives the same answer. Playouts are cut after three board areas of turns and counted as
 * they stand.
 */
final class StoneStatus {
    /** Playouts per estimate up to 9x9 (200 agreed with GNU Go less often on 9x9 games). */
    static final int PLAYOUTS = 1000;
    /**
     * Board points played out per estimate: the full {@value #PLAYOUTS} playouts up to 9x9, fewer beyond (224 on
     * 19x19, 29 on 52x52), so that large boards answer in a few seconds too.
     */
    private static final int WORK = PLAYOUTS * 81;
    /** A chain is alive only when its stones' mean ownership from its own view is above this. */
    static final float ALIVE_OWNERSHIP = 0.2f;

    /** What {@link #estimate} says of a stone. */
    enum Life { ALIVE, DEAD, SEKI }

    private final int width;
    private final int height;
    private final Game start;
    private final Game playout;
    private final float[] ownership;

    StoneStatus(int width, int height) {
        this.width = width;
        this.height = height;
        Rules rules = Preset.SIMPLE_KO.rules(width, height);
        start = new Game(rules, 1);
        playout = new Game(rules, 1);
        ownership = new float[rules.area()];
    }

    /** Whether this estimator is for a {@code width x height} board. */
    boolean fits(int w, int h) {
        return w == width && h == height;
    }

    /** The status of the stone on each point of {@code game}'s board (indexed by action), null on empty points. */
    Life[] estimate(Game game) {
        Board board = game.board();
        int area = width * height;
        int[] black = stones(board, Stone.BLACK);
        int[] white = stones(board, Stone.WHITE);
        start.setUpStones(black, white, game.toMove());
        float[] blackOwnership = new float[area];
        float[] neutral = new float[area];
        PlayoutPolicy policy = PlayoutPolicy.avoidingSelfAtari(board.hash() ^ game.toMove());
        int playouts = Math.min(PLAYOUTS, WORK / area);
        for (int p = 0; p < playouts; p++) {
            playout.copyFrom(start);
            policy.playOut(playout, 3 * area);
            playout.ownership(ownership, 0);
            for (int a = 0; a < area; a++) {
                blackOwnership[a] += ownership[a];
                neutral[a] += ownership[a] == 0f ? 1 : 0;
            }
        }
        for (int a = 0; a < area; a++) {
            blackOwnership[a] /= playouts;
            neutral[a] /= playouts;
        }
        return classify(board, blackOwnership, neutral);
    }

    /**
     * The status of the stone on each point of {@code board} (indexed by action), null on empty points, from
     * {@code blackOwnership} (every point's expected owner in [-1, 1], +1 Black's).
     */
    static Life[] fromOwnership(Board board, float[] blackOwnership) {
        int area = board.width() * board.height();
        float[] neutral = new float[area];
        for (int a = 0; a < area; a++) {
            neutral[a] = 1 - Math.abs(blackOwnership[a]);
        }
        return classify(board, blackOwnership, neutral);
    }

    /**
     * Classifies every chain from, per point, its expected owner ({@code blackOwnership} in [-1, 1], +1 Black's) and
     * how often it ends nobody's ({@code neutral} in [0, 1]).
     */
    private static Life[] classify(Board board, float[] blackOwnership, float[] neutral) {
        int width = board.width();
        int height = board.height();
        int area = width * height;
        Life[] status = new Life[area];
        // counted[a] == chain + 1 marks liberty a as counted for that chain.
        int[] counted = new int[area];
        for (int a = 0; a < area; a++) {
            int loc = board.locOfAction(a);
            if (board.colour(loc) == Stone.EMPTY || status[a] != null) {
                continue;
            }
            int chain = board.chainId(loc);
            float side = board.colour(loc) == Stone.BLACK ? 1f : -1f;
            double owned = 0;
            int liberties = 0;
            int neutralLiberties = 0;
            for (int b = a; b < area; b++) {
                int stone = board.locOfAction(b);
                if (board.colour(stone) == Stone.EMPTY || board.chainId(stone) != chain) {
                    continue;
                }
                owned += side * blackOwnership[b];
                for (int d = 0; d < 4; d++) {
                    int n = board.neighbour(stone, d);
                    if (board.colour(n) == Stone.EMPTY && counted[board.actionOfLoc(n)] != chain + 1) {
                        counted[board.actionOfLoc(n)] = chain + 1;
                        liberties++;
                        neutralLiberties += 2 * neutral[board.actionOfLoc(n)] > 1 ? 1 : 0;
                    }
                }
            }
            Life s = owned <= (double) ALIVE_OWNERSHIP * board.chainSize(loc) ? Life.DEAD
                    : neutralLiberties > 0 && 2 * neutralLiberties >= liberties ? Life.SEKI : Life.ALIVE;
            for (int b = a; b < area; b++) {
                int stone = board.locOfAction(b);
                if (board.colour(stone) != Stone.EMPTY && board.chainId(stone) == chain) {
                    status[b] = s;
                }
            }
        }
        return status;
    }

    /**
     * A move for {@code game}'s player to move that attacks a dead opponent chain ({@code status} of every point, as
     * {@link #estimate} gives it), so that cleanup captures it rather than passing: a legal liberty of the dead chain
     * with the fewest liberties that is not a self-atari (lowest action first); -1 when there is no dead opponent
     * stone or no such move.
     */
    static int cleanupMove(Game game, Life[] status) {
        PlayoutPolicy policy = PlayoutPolicy.avoidingSelfAtari(0);
        Board board = game.board();
        int player = game.toMove();
        int best = -1;
        int bestLiberties = Integer.MAX_VALUE;
        for (int a = 0; a < game.rules().area(); a++) {
            int loc = board.locOfAction(a);
            if (board.colour(loc) != Stone.EMPTY || !game.isLegal(a) || policy.isSelfAtari(board, loc, player)) {
                continue;
            }
            for (int d = 0; d < 4; d++) {
                int n = board.neighbour(loc, d);
                if (board.colour(n) == Stone.opponent(player) && status[board.actionOfLoc(n)] == Life.DEAD
                        && board.liberties(n) < bestLiberties) {
                    best = a;
                    bestLiberties = board.liberties(n);
                }
            }
        }
        return best;
    }

    private static int[] stones(Board board, int colour) {
        int area = board.width() * board.height();
        int n = 0;
        int[] out = new int[area];
        for (int a = 0; a < area; a++) {
            if (board.colour(board.locOfAction(a)) == colour) {
                out[n++] = a;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
