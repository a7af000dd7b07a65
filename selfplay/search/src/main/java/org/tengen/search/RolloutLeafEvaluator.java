package org.tengen.search;

import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;

/**
 * Network-free leaf evaluation for anchor players: uniform priors over legal actions and, as the value, the mean
 * result of random playouts scored exactly by the rules. Playouts pick uniformly among legal points that do not
 * fill the mover's own single-point eye and pass when none is left; one is cut after three board areas of turns
 * and counted as it stands. Allocates only when it first meets a new rule set.
 */
public final class RolloutLeafEvaluator implements LeafEvaluator {
    private final int rollouts;
    private final SplittableRandom random;
    private Game scratch;
    private int[] candidates = new int[0];

    /** {@code rollouts} playouts per leaf (at least 1), drawn from a generator seeded with {@code seed}. */
    public RolloutLeafEvaluator(int rollouts, long seed) {
        if (rollouts < 1) {
            throw new IllegalArgumentException("rollouts must be at least 1, got " + rollouts);
        }
        this.rollouts = rollouts;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int maxBatch() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void evaluate(int batch, Game[] games, boolean[] legal, float[] policy, float[] value) {
        for (int i = 0; i < batch; i++) {
            Game game = games[i];
            int actions = game.rules().actionCount();
            int offset = i * actions;
            int count = 0;
            for (int a = 0; a < actions; a++) {
                if (legal[offset + a]) {
                    count++;
                }
            }
            for (int a = 0; a < actions; a++) {
                policy[offset + a] = legal[offset + a] ? 1f / count : 0f;
            }
            float sum = 0f;
            for (int r = 0; r < rollouts; r++) {
                sum += rollout(game);
            }
            value[i] = sum / rollouts;
        }
    }

    /** One random playout from {@code start}; its result for {@code start}'s player to move. */
    float rollout(Game start) {
        if (scratch == null || !scratch.rules().equals(start.rules())
                || scratch.keptPositions() != start.keptPositions()) {
            scratch = new Game(start.rules(), start.keptPositions());
            candidates = new int[start.rules().area()];
        }
        Game g = scratch;
        g.copyFrom(start);
        int limit = g.turns() + 3 * g.rules().area();
        while (!g.isOver() && g.turns() < limit) {
            g.playLegal(randomMove(g));
        }
        return GameValues.outcome(g, start.toMove());
    }

    private int randomMove(Game g) {
        Board board = g.board();
        int player = g.toMove();
        int n = 0;
        int area = g.rules().area();
        for (int a = 0; a < area; a++) {
            if (board.colour(board.locOfAction(a)) == Stone.EMPTY) {
                candidates[n++] = a;
            }
        }
        while (n > 0) {
            int i = random.nextInt(n);
            int a = candidates[i];
            if (!isOwnEye(board, board.locOfAction(a), player) && g.isLegal(a)) {
                return a;
            }
            candidates[i] = candidates[--n];
        }
        return g.passAction();
    }

    /** An empty point whose neighbours are all {@code player}'s stones or the edge. */
    private static boolean isOwnEye(Board board, int loc, int player) {
        for (int d = 0; d < 4; d++) {
            int c = board.colour(board.neighbour(loc, d));
            if (c != player && c != Stone.WALL) {
                return false;
            }
        }
        return true;
    }
}
