package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.util.Arrays;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * A richer single-position encoding with the tactical facts a small network learns slowly by itself; id
 * {@code rich}. No history: one position, so it also suits positions without a game record.
 *
 * <table>
 *   <caption>Planes, version 1 (all from the point of view of the player to move, "me")</caption>
 *   <tr><th>plane</th><th>meaning</th></tr>
 *   <tr><td>0</td><td>my stones</td></tr>
 *   <tr><td>1</td><td>opponent stones</td></tr>
 *   <tr><td>2</td><td>my stones in chains with exactly 1 liberty (atari)</td></tr>
 *   <tr><td>3</td><td>my stones in chains with exactly 2 liberties</td></tr>
 *   <tr><td>4</td><td>my stones in chains with 3 or more liberties</td></tr>
 *   <tr><td>5</td><td>opponent stones in chains with exactly 1 liberty</td></tr>
 *   <tr><td>6</td><td>opponent stones in chains with exactly 2 liberties</td></tr>
 *   <tr><td>7</td><td>opponent stones in chains with 3 or more liberties</td></tr>
 *   <tr><td>8</td><td>empty points I may not play only because of ko or superko (with suicide allowed, a lone
 *       suicide counts: it would repeat the position)</td></tr>
 *   <tr><td>9</td><td>points I may legally play (pass, always legal, is not a point)</td></tr>
 *   <tr><td>10</td><td>the point of the last action; all 0 after a pass and at the start</td></tr>
 *   <tr><td>11</td><td>komi (handicap compensation included) from my view, / 15: positive when I am White</td></tr>
 *   <tr><td>12</td><td>all 1 when Black is to move, all 0 when White is</td></tr>
 *   <tr><td>13</td><td>all 1: marks the board inside the convolutions' zero padding</td></tr>
 * </table>
 *
 * <p>Thread-safe: the scratch arrays are per thread.
 */
public final class RichFeatures implements FeatureSet {
    /** Number of planes. */
    public static final int PLANES = 14;
    /** Komi is divided by this so that usual values land in about [-1, 1]. */
    public static final float KOMI_SCALE = 15f;

    @Override
    public boolean seesKomi() {
        return true;
    }
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    @Override
    public String id() {
        return "rich";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public int planes() {
        return PLANES;
    }

    @Override
    public int positionsNeeded() {
        return 1;
    }

    @Override
    public void encode(Game game, FloatBuffer out, int offset) {
        Board board = game.board();
        int width = board.width();
        int height = board.height();
        int area = width * height;
        int me = game.toMove();
        Scratch scratch = SCRATCH.get();
        boolean[] legal = scratch.mask;
        game.legalMask(legal, 0);
        boolean playing = !game.isOver();
        boolean suicideAllowed = game.rules().suicideAllowed();
        // Built in a per-thread array (zeros, then the ones) and sent in one bulk copy.
        float[] obs = scratch.planes(PLANES * area);
        Arrays.fill(obs, 0, 11 * area, 0f);
        int a = 0;
        for (int y = 0; y < height; y++) {
            int loc = board.loc(0, y);
            for (int x = 0; x < width; x++, a++, loc++) {
                int c = board.colour(loc);
                if (c == Stone.EMPTY) {
                    if (legal[a]) {
                        obs[9 * area + a] = 1f;
                    } else if (playing && (suicideAllowed || board.moveEffect(loc, me) != Board.SUICIDE)) {
                        obs[8 * area + a] = 1f;
                    }
                } else {
                    int libertyClass = Math.min(board.liberties(loc), 3) - 1;
                    int first = c == me ? 0 : 3;
                    obs[(c == me ? 0 : 1) * area + a] = 1f;
                    obs[(2 + first + libertyClass) * area + a] = 1f;
                }
            }
        }
        int last = game.lastAction();
        if (last >= 0 && last < area) {
            obs[10 * area + last] = 1f;
        }
        double komi = game.rules().effectiveKomi();
        Arrays.fill(obs, 11 * area, 12 * area, (float) (me == Stone.WHITE ? komi : -komi) / KOMI_SCALE);
        Arrays.fill(obs, 12 * area, 13 * area, me == Stone.BLACK ? 1f : 0f);
        Arrays.fill(obs, 13 * area, 14 * area, 1f);
        out.put(offset, obs, 0, PLANES * area);
    }

    /** Per-thread arrays: the legal mask and the planes. */
    private static final class Scratch {
        final boolean[] mask = new boolean[Rules.MAX_SIZE * Rules.MAX_SIZE + 1];
        private float[] planes = new float[0];

        float[] planes(int size) {
            if (planes.length < size) {
                planes = new float[size];
            }
            return planes;
        }
    }

    @Override
    public String toString() {
        return id();
    }
}
