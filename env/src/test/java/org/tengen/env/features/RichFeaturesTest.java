package org.tengen.env.features;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.TestGames;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

class RichFeaturesTest {
    private static final RichFeatures RICH = new RichFeatures();

    @Test
    void koFightPlanes() {
        Rules rules = Rules.trompTaylor(5);
        Game game = new Game(rules);
        // Black takes a ko at C4; White may not retake at B4 at once.
        for (String v : new String[] {"B5", "C5", "A4", "D4", "B3", "C3", "pass", "B4", "C4"}) {
            game.play(v.equals("pass") ? rules.passAction() : Vertex.parse(v, 5, 5));
        }
        assertEquals(Legality.KO, game.legality(Vertex.parse("B4", 5, 5)));
        float[] obs = AlphaZeroFeaturesTest.encode(RICH, game);
        // White to move.
        assertPlane(obs, 0, ". . X . . | . . . X . | . . X . . | . . . . . | . . . . .");
        assertPlane(obs, 1, ". X . . . | X . X . . | . X . . . | . . . . . | . . . . .");
        assertPlane(obs, 5, ". . . . . | . . X . . | . . . . . | . . . . . | . . . . .");
        // B4 is the ko; A5 too, since a lone suicide there would repeat the position (superko, suicide allowed).
        assertPlane(obs, 8, "X . . . . | . X . . . | . . . . . | . . . . . | . . . . .");
        assertPlane(obs, 10, ". . . . . | . . X . . | . . . . . | . . . . . | . . . . .");
        assertPlane(obs, 12, ". . . . . | . . . . . | . . . . . | . . . . . | . . . . .");
        assertPlane(obs, 13, "X X X X X | X X X X X | X X X X X | X X X X X | X X X X X");
        for (int p = 0; p < 25; p++) {
            assertEquals(0.5f, obs[11 * 25 + p], 1e-6, "komi plane: +7.5 / 15 for White");
        }
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"tromp-taylor, 9, 9", "chinese, 7, 5", "simple-ko, 5, 5", "aga, 9, 9"})
    void planesAgreeWithTheGameThroughoutRandomGames(String preset, int width, int height) {
        Rules rules = Preset.byName(preset).rules(width, height);
        Game game = new Game(rules);
        int area = rules.area();
        for (int turn = 0; turn < 3 * area && !game.isOver(); turn++) {
            float[] obs = AlphaZeroFeaturesTest.encode(RICH, game);
            int me = game.toMove();
            for (int p = 0; p < area; p++) {
                int loc = game.board().locOfAction(p);
                int c = game.board().colour(loc);
                int libs = c == Stone.EMPTY ? 0 : game.board().liberties(loc);
                Legality why = game.legality(p);
                assertEquals(c == me ? 1f : 0f, obs[p]);
                assertEquals(c == Stone.opponent(me) ? 1f : 0f, obs[area + p]);
                for (int l = 1; l <= 3; l++) {
                    boolean inClass = l == 3 ? libs >= 3 : libs == l;
                    assertEquals(c == me && inClass ? 1f : 0f, obs[(1 + l) * area + p]);
                    assertEquals(c == Stone.opponent(me) && inClass ? 1f : 0f, obs[(4 + l) * area + p]);
                }
                assertEquals(why == Legality.KO || why == Legality.SUPERKO ? 1f : 0f, obs[8 * area + p], "ko plane");
                assertEquals(why == Legality.LEGAL ? 1f : 0f, obs[9 * area + p], "legal plane");
                assertEquals(game.lastAction() == p ? 1f : 0f, obs[10 * area + p], "last move plane");
                float komi = (float) rules.effectiveKomi() / RichFeatures.KOMI_SCALE;
                assertEquals(me == Stone.WHITE ? komi : -komi, obs[11 * area + p], 1e-6);
                assertEquals(me == Stone.BLACK ? 1f : 0f, obs[12 * area + p]);
                assertEquals(1f, obs[13 * area + p]);
            }
            TestGames.playRandom(game, 1, turn * 31L + width);
        }
    }

    private static void assertPlane(float[] obs, int plane, String rows) {
        String flat = rows.replace(" ", "").replace("|", "");
        StringBuilder got = new StringBuilder();
        for (int p = 0; p < flat.length(); p++) {
            got.append(obs[plane * flat.length() + p] == 1f ? 'X' : '.');
        }
        assertEquals(flat, got.toString(), "plane " + plane);
    }
}
