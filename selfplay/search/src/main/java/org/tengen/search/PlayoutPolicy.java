package org.tengen.search;

import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;

/**
 * The one light playout policy, for the random agent, rollout leaf values and dead-stone estimation: a uniformly
 * random legal point that does not fill the mover's own single-point eye (an empty point whose four neighbours are
 * all the mover's stones or the edge), else pass. Such playouts end: each side eventually has only eyes left.
 * {@link #avoidingSelfAtari} also refuses points that put a chain of two or more stones in atari without capturing,
 * which lets sekis survive in dead-stone estimation (neither side fills a shared liberty). Allocates only when it
 * first meets a new board size. Not thread-safe.
 */
public final class PlayoutPolicy {
    private final SplittableRandom random;
    private final boolean avoidSelfAtari;
    private int[] candidates = new int[0];
    private Board probe;

    /**
     * The plain policy: no own-eye filling.
     *
     * @param seed the moves' seed
     */
    public PlayoutPolicy(long seed) {
        this(seed, false);
    }

    private PlayoutPolicy(long seed, boolean avoidSelfAtari) {
        this.random = new SplittableRandom(seed);
        this.avoidSelfAtari = avoidSelfAtari;
    }

    /**
     * {@return a policy with no own-eye filling and no self-atari of chains of two or more stones}
     *
     * @param seed the moves' seed
     */
    public static PlayoutPolicy avoidingSelfAtari(long seed) {
        return new PlayoutPolicy(seed, true);
    }

    /**
     * {@return the policy's action for the player to move in {@code game}}
     *
     * @param game a game still playing; not modified
     */
    public int select(Game game) {
        Board board = game.board();
        int area = game.rules().area();
        if (candidates.length < area) {
            candidates = new int[area];
        }
        int player = game.toMove();
        int n = 0;
        for (int a = 0; a < area; a++) {
            if (board.colour(board.locOfAction(a)) == Stone.EMPTY) {
                candidates[n++] = a;
            }
        }
        // Draw without replacement until a point passes both tests: most empty points do, so this is quick.
        while (n > 0) {
            int i = random.nextInt(n);
            int a = candidates[i];
            int loc = board.locOfAction(a);
            if (!isOwnEye(board, loc, player) && game.isLegal(a)
                    && !(avoidSelfAtari && isSelfAtari(board, loc, player))) {
                return a;
            }
            candidates[i] = candidates[--n];
        }
        return game.passAction();
    }

    /**
     * Plays {@code game} with {@link #select} until it is over or {@code maxTurns} more turns were played.
     *
     * @param game     the game to play on
     * @param maxTurns the most turns to play
     */
    public void playOut(Game game, int maxTurns) {
        int limit = game.turns() + maxTurns;
        while (!game.isOver() && game.turns() < limit) {
            game.playLegal(select(game));
        }
    }

    /**
     * {@return whether every neighbour of the empty {@code loc} is {@code player}'s stone or the edge}
     *
     * @param board  the board
     * @param loc    an empty point, as a board location
     * @param player the colour whose eye it may be
     */
    public static boolean isOwnEye(Board board, int loc, int player) {
        for (int d = 0; d < 4; d++) {
            int c = board.colour(board.neighbour(loc, d));
            if (c != player && c != Stone.WALL) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code player} at the empty {@code loc} joins a chain of two or more stones left with one liberty and
     * captures nothing. Decided from the neighbours when it can be; otherwise played out on a scratch board.
     *
     * @param board  the board, not modified
     * @param loc    an empty point, as a board location
     * @param player the colour to play there
     * @return whether the move is such a self-atari
     */
    public boolean isSelfAtari(Board board, int loc, int player) {
        if (board.wouldCapture(loc, player)) {
            return false;
        }
        int empty = 0;
        boolean joins = false;
        for (int d = 0; d < 4; d++) {
            int n = board.neighbour(loc, d);
            int c = board.colour(n);
            if (c == Stone.EMPTY) {
                empty++;
            } else if (c == player) {
                joins = true;
                if (board.liberties(n) >= 3) {
                    return false;
                }
            }
        }
        if (!joins || empty >= 2) {
            return false;
        }
        if (probe == null || probe.width() != board.width() || probe.height() != board.height()) {
            probe = new Board(board.width(), board.height());
        }
        probe.copyFrom(board);
        probe.play(loc, player);
        return probe.colour(loc) == player && probe.liberties(loc) <= 1;
    }
}
