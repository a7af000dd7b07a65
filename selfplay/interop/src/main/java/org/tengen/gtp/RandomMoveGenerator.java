package org.tengen.gtp;

import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;

/**
 * Uniformly random among the legal points that are not the mover's own single-point eye (all four neighbours its
 * stones or the edge); passes when there is none. Buffers grow with the board and are then reused.
 */
public final class RandomMoveGenerator implements MoveGenerator {
    private final SplittableRandom random;
    private boolean[] legal = new boolean[0];
    private int[] candidates = new int[0];

    public RandomMoveGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int select(Game game) {
        int area = game.rules().area();
        if (legal.length < area + 1) {
            legal = new boolean[area + 1];
            candidates = new int[area];
        }
        game.legalMask(legal, 0);
        Board board = game.board();
        int player = game.toMove();
        int n = 0;
        for (int a = 0; a < area; a++) {
            if (legal[a] && !isOwnEye(board, board.locOfAction(a), player)) {
                candidates[n++] = a;
            }
        }
        return n == 0 ? game.passAction() : candidates[random.nextInt(n)];
    }

    /** Whether every neighbour of the empty {@code loc} is {@code player}'s stone or the edge. */
    static boolean isOwnEye(Board board, int loc, int player) {
        for (int d = 0; d < 4; d++) {
            int c = board.colour(board.neighbour(loc, d));
            if (c != player && c != Stone.WALL) {
                return false;
            }
        }
        return true;
    }
}
