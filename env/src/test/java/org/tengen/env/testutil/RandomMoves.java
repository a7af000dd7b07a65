package org.tengen.env.testutil;

import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;

/**
 * A random player that keeps games interesting: it passes rarely and never fills one of its own single-point eyes,
 * so games last until the board is settled and contain captures, kos and suicides along the way.
 */
public final class RandomMoves {
    private RandomMoves() {
    }

    /**
     * A legal action for the player to move: with probability {@code passChance}, or when only eye-filling points are
     * legal, pass; else a uniformly random legal point that is not the mover's own single-point eye.
     * {@code mask} is scratch space of {@code actionCount} entries.
     */
    public static int pick(Game game, SplittableRandom random, boolean[] mask, double passChance) {
        int pass = game.passAction();
        if (random.nextDouble() < passChance) {
            return pass;
        }
        game.legalMask(mask, 0);
        Board board = game.board();
        int candidates = 0;
        for (int a = 0; a < pass; a++) {
            mask[a] = mask[a] && !isOwnEye(board, board.locOfAction(a), game.toMove());
            if (mask[a]) {
                candidates++;
            }
        }
        if (candidates == 0) {
            return pass;
        }
        int pick = random.nextInt(candidates);
        for (int a = 0; a < pass; a++) {
            if (mask[a] && pick-- == 0) {
                return a;
            }
        }
        throw new AssertionError("unreachable");
    }

    /** Whether every on-board neighbour of the empty {@code loc} is a stone of {@code player}. */
    public static boolean isOwnEye(Board board, int loc, int player) {
        for (int d = 0; d < 4; d++) {
            int c = board.colour(board.neighbour(loc, d));
            if (c != player && c != Stone.WALL) {
                return false;
            }
        }
        return true;
    }
}
