package org.tengen.models.rl;

import java.nio.FloatBuffer;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;

/** A tiny test feature set: the mover's stones, the opponent's stones, and a plane of 1s when Black is to move. */
class OwnOpponentColour implements FeatureSet {
    @Override
    public String id() {
        return "test3";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public int planes() {
        return 3;
    }

    @Override
    public int positionsNeeded() {
        return 1;
    }

    @Override
    public void encode(Game game, FloatBuffer out, int offset) {
        Board board = game.board();
        int area = board.width() * board.height();
        int me = game.toMove();
        float black = me == Stone.BLACK ? 1f : 0f;
        int a = 0;
        for (int y = 0; y < board.height(); y++) {
            for (int x = 0; x < board.width(); x++, a++) {
                int colour = board.colourAt(x, y);
                out.put(offset + a, colour == me ? 1f : 0f);
                out.put(offset + area + a, colour == Stone.opponent(me) ? 1f : 0f);
                out.put(offset + 2 * area + a, black);
            }
        }
    }
}
