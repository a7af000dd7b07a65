package org.tengen.env.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.TestGames;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

class AlphaZeroFeaturesTest {

    static FloatBuffer buffer(int floats) {
        return ByteBuffer.allocateDirect(4 * floats).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    /** The definition, point by point through {@link Game#pastColour}. */
    static float[] reference(Game game, int history) {
        Board board = game.board();
        int w = board.width();
        int area = w * board.height();
        int me = game.toMove();
        float[] out = new float[(2 * history + 1) * area];
        for (int k = 0; k < history; k++) {
            for (int p = 0; p < area; p++) {
                int c = game.pastColour(k, board.locOfAction(p));
                out[2 * k * area + p] = c == me ? 1f : 0f;
                out[(2 * k + 1) * area + p] = c == Stone.opponent(me) ? 1f : 0f;
            }
        }
        for (int p = 0; p < area; p++) {
            out[2 * history * area + p] = me == Stone.BLACK ? 1f : 0f;
        }
        return out;
    }

    static float[] encode(FeatureSet features, Game game) {
        int size = features.planes() * game.rules().area();
        FloatBuffer buf = buffer(size + 7);
        for (int i = 0; i < size + 7; i++) {
            buf.put(i, -9f);
        }
        features.encode(game, buf, 3);
        float[] out = new float[size];
        buf.get(3, out);
        assertEquals(-9f, buf.get(2), "wrote before its offset");
        assertEquals(-9f, buf.get(size + 3), "wrote past its planes");
        return out;
    }

    @ParameterizedTest(name = "{0} {1}x{2} history {3}")
    @CsvSource({"tromp-taylor, 9, 9, 8", "tromp-taylor, 19, 19, 8", "tromp-taylor, 7, 5, 8", "tromp-taylor, 1, 1, 8",
        "tromp-taylor, 5, 5, 1", "tromp-taylor, 5, 5, 3", "simple-ko, 4, 4, 8", "nz, 9, 9, 8", "chinese, 3, 3, 8"})
    void matchesThePointByPointDefinitionThroughoutRandomGames(String preset, int width, int height, int history) {
        Rules rules = Preset.byName(preset).rules(width, height, preset.equals("nz") ? 3 : 0);
        AlphaZeroFeatures features = new AlphaZeroFeatures(history);
        Game game = new Game(rules, history);
        for (int turn = 0; turn < 4 * rules.area() + 20 && !game.isOver(); turn++) {
            assertEquals(java.util.Arrays.toString(reference(game, history)),
                    java.util.Arrays.toString(encode(features, game)), "turn " + turn);
            TestGames.playRandom(game, 1, turn * 7919L + width);
        }
    }

    @Test
    void planesOfAShortGame() {
        Game game = new Game(Rules.trompTaylor(3));
        game.play(Vertex.parse("B2", 3, 3));
        game.play(Vertex.parse("A3", 3, 3));
        float[] obs = encode(new AlphaZeroFeatures(), game);
        // Black to move: plane 0 mine now, 1 theirs now, 2/3 one turn ago, 4/5 two turns ago (empty board).
        assertPlane(obs, 0, "... .X. ...");
        assertPlane(obs, 1, "X.. ... ...");
        assertPlane(obs, 2, "... .X. ...");
        assertPlane(obs, 3, "... ... ...");
        assertPlane(obs, 4, "... ... ...");
        for (int k = 5; k < 16; k++) {
            assertPlane(obs, k, "... ... ...");
        }
        assertPlane(obs, 16, "XXX XXX XXX");
        game.play(game.passAction());
        float[] white = encode(new AlphaZeroFeatures(), game);
        assertPlane(white, 0, "X.. ... ...");
        assertPlane(white, 1, "... .X. ...");
        assertPlane(white, 16, "... ... ...");
    }

    private static void assertPlane(float[] obs, int plane, String rows) {
        String flat = rows.replace(" ", "");
        StringBuilder got = new StringBuilder();
        for (int p = 0; p < flat.length(); p++) {
            got.append(obs[plane * flat.length() + p] == 1f ? 'X' : '.');
        }
        assertEquals(flat, got.toString(), "plane " + plane);
    }

    @Test
    void idsAndShape() {
        AlphaZeroFeatures az = new AlphaZeroFeatures();
        assertEquals("az17", az.id());
        assertEquals(17, az.planes());
        assertEquals(8, az.positionsNeeded());
        assertEquals("az7", new AlphaZeroFeatures(3).id());
        assertThrows(IllegalArgumentException.class, () -> new AlphaZeroFeatures(0));
    }

    @Test
    void refusesGamesKeepingTooFewPositions() {
        Game game = new Game(Rules.trompTaylor(5), 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new AlphaZeroFeatures().encode(game, buffer(17 * 25), 0));
        assertTrue(e.getMessage().contains("8"), e.getMessage());
    }
}
