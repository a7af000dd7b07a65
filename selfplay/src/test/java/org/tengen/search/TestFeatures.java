package org.tengen.search;

import java.nio.FloatBuffer;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;

/** A tiny feature set for tests: own stones, opponent stones, ones. */
final class TestFeatures implements FeatureSet {
    static final TestFeatures INSTANCE = new TestFeatures();
    static final int OWN = 0;
    static final int OPPONENT = 1;

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
        int w = board.width();
        int area = w * board.height();
        int me = game.toMove();
        for (int a = 0; a < area; a++) {
            int c = board.colourAt(a % w, a / w);
            out.put(offset + a, c == me ? 1f : 0f);
            out.put(offset + area + a, c == Stone.opponent(me) ? 1f : 0f);
            out.put(offset + 2 * area + a, 1f);
        }
    }
}
