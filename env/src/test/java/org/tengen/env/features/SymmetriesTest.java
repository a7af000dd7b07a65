package org.tengen.env.features;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.TestGames;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

class SymmetriesTest {

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"5, 5, 8", "9, 9, 8", "7, 5, 4", "1, 4, 4", "1, 1, 8"})
    void everySymmetryIsAPermutationWithAnInverseAndTheSetIsAGroup(int width, int height, int count) {
        Symmetries sym = new Symmetries(width, height);
        int area = width * height;
        assertEquals(count, sym.count());
        for (int s = 0; s < count; s++) {
            boolean[] hit = new boolean[area];
            for (int p = 0; p < area; p++) {
                int q = sym.mapPoint(s, p);
                assertTrue(q >= 0 && q < area && !hit[q], "symmetry " + s + " is not a permutation");
                hit[q] = true;
                assertEquals(p, sym.mapPoint(sym.inverse(s), q), "inverse of " + s);
            }
            assertEquals(area, sym.mapAction(s, area), "pass stays pass");
            for (int t = 0; t < count; t++) {
                int c = sym.compose(s, t);
                assertTrue(c >= 0 && c < count);
                for (int p = 0; p < area; p++) {
                    if (area > 1) {
                        assertEquals(sym.mapPoint(s, sym.mapPoint(t, p)), sym.mapPoint(c, p),
                                Symmetries.name(s) + " after " + Symmetries.name(t));
                    }
                }
            }
            assertEquals(0, sym.compose(sym.inverse(s), s));
        }
        for (int p = 0; p < area; p++) {
            assertEquals(p, sym.mapPoint(0, p), "0 is the identity");
        }
    }

    @Test
    void rotationsAndMirrorsGoWhereTheirNamesSay() {
        Symmetries sym = new Symmetries(3, 3);
        // Top-left corner (0,0) = point 0; y = 0 is the top row.
        assertEquals(2, sym.mapPoint(1, 0), "mirror-x sends top-left to top-right");
        assertEquals(6, sym.mapPoint(2, 0), "mirror-y sends top-left to bottom-left");
        assertEquals(8, sym.mapPoint(3, 0), "rotate-180");
        assertEquals(2, sym.mapPoint(5, 0), "rotate-90 (clockwise) sends top-left to top-right");
        assertEquals(6, sym.mapPoint(6, 0), "rotate-270 sends top-left to bottom-left");
        assertEquals(1, sym.mapPoint(4, 3), "transpose sends (0,1) to (1,0)");
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"az17, 5, 5", "az17, 9, 9", "az17, 6, 4", "rich, 5, 5", "rich, 7, 3", "az3, 4, 4"})
    void transformingAnEncodingEqualsEncodingTheTransformedGame(String id, int width, int height) {
        FeatureSet features = FeatureSets.byId(id);
        Rules rules = Rules.trompTaylor(width, height);
        Symmetries sym = new Symmetries(width, height);
        int area = rules.area();
        int size = features.planes() * area;
        for (long seed = 0; seed < 6; seed++) {
            Game game = new Game(rules, Math.max(1, features.positionsNeeded()));
            int[] actions = TestGames.playRandom(game, (int) (seed * area / 2 + 3), seed);
            FloatBuffer original = AlphaZeroFeaturesTest.buffer(size);
            features.encode(game, original, 0);
            boolean[] mask = new boolean[area + 1];
            game.legalMask(mask, 0);
            for (int s = 0; s < sym.count(); s++) {
                Game mirrored = new Game(rules, Math.max(1, features.positionsNeeded()));
                for (int a : actions) {
                    mirrored.play(sym.mapAction(s, a));
                }
                FloatBuffer expected = AlphaZeroFeaturesTest.buffer(size);
                features.encode(mirrored, expected, 0);
                FloatBuffer transformed = AlphaZeroFeaturesTest.buffer(size);
                sym.transformPlanes(s, original, 0, transformed, 0, features.planes());
                for (int i = 0; i < size; i++) {
                    assertEquals(expected.get(i), transformed.get(i), Symmetries.name(s) + " plane " + i / area);
                }
                boolean[] mirroredMask = new boolean[area + 1];
                mirrored.legalMask(mirroredMask, 0);
                boolean[] transformedMask = new boolean[area + 1];
                sym.transformMask(s, mask, 0, transformedMask, 0);
                assertArrayEquals(mirroredMask, transformedMask, Symmetries.name(s) + " mask");
            }
        }
    }

    @Test
    void policyRoundTripKeepsPass() {
        Symmetries sym = new Symmetries(4, 4);
        float[] policy = new float[17];
        for (int i = 0; i < 17; i++) {
            policy[i] = i + 0.5f;
        }
        float[] arrays = new float[17 * 2];
        float[] back = new float[17];
        for (int s = 0; s < sym.count(); s++) {
            sym.transformPolicy(s, policy, 0, arrays, 17);
            assertEquals(16.5f, arrays[17 + 16], "pass is fixed");
            sym.transformPolicy(sym.inverse(s), arrays, 17, back, 0);
            assertArrayEquals(policy, back);
        }
    }

    @Test
    void arrayAndBufferPlaneTransformsAgree() {
        Symmetries sym = new Symmetries(3, 3);
        float[] src = new float[18];
        FloatBuffer srcBuf = AlphaZeroFeaturesTest.buffer(18);
        for (int i = 0; i < 18; i++) {
            src[i] = i;
            srcBuf.put(i, i);
        }
        for (int s = 0; s < 8; s++) {
            float[] dst = new float[18];
            FloatBuffer dstBuf = AlphaZeroFeaturesTest.buffer(18);
            sym.transformPlanes(s, src, 0, dst, 0, 2);
            sym.transformPlanes(s, srcBuf, 0, dstBuf, 0, 2);
            for (int i = 0; i < 18; i++) {
                assertEquals(dst[i], dstBuf.get(i));
            }
        }
    }
}
