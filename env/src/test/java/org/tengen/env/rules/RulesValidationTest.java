package org.tengen.env.rules;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad rule settings are refused with a message naming the problem. */
class RulesValidationTest {

    private static void assertRefused(Executable making, String expectedMessagePart) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, making);
        assertTrue(e.getMessage().contains(expectedMessagePart), () -> "message '" + e.getMessage()
                + "' should contain '" + expectedMessagePart + "'");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"0, 9", "9, 0", "53, 19", "19, 53", "-1, 5"})
    void boardSizeOutOfRange(int width, int height) {
        assertRefused(() -> Rules.trompTaylor(width, height),
                "board size " + width + "x" + height + " is out of range 1x1..52x52");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1, 1", "52, 52", "1, 52", "19, 19"})
    void boardSizesInRangeAreAccepted(int width, int height) {
        assertDoesNotThrow(() -> Rules.trompTaylor(width, height));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 7.25, -0.1, Double.NaN, Double.POSITIVE_INFINITY})
    void komiMustBeAMultipleOfAHalf(double komi) {
        assertRefused(() -> Rules.trompTaylor(9, 9).withKomi(komi), "komi " + komi + " is not a multiple of 0.5");
    }

    /** Found by GtpFuzzTest: GTP took komi 1e308, and printsgf then wrote a KM that loadsgf refused. */
    @ParameterizedTest
    @ValueSource(doubles = {10_000.5, -10_001, 1e308})
    void komiBeyondAnyBoardIsRefused(double komi) {
        assertRefused(() -> Rules.trompTaylor(9, 9).withKomi(komi), "komi " + komi + " is out of range -10000..10000");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -0.5, 6.5, -7, 100, 10_000, -10_000})
    void komiMultiplesOfAHalfAreAccepted(double komi) {
        assertDoesNotThrow(() -> Rules.trompTaylor(9, 9).withKomi(komi));
    }

    @Test
    void handicapAndMaxMovesMustFit() {
        assertRefused(() -> Rules.trompTaylor(9, 9).withHandicap(-1, HandicapPlacement.FREE), "handicap -1 is negative");
        assertRefused(() -> Preset.AGA.rules(9, 9, 10), "fixed handicap 10 does not fit a 9x9 board (at most 9)");
        assertRefused(() -> Preset.AGA.rules(19, 18, 5), "does not fit a 19x18 board (at most 4)");
        assertRefused(() -> Preset.AGA.rules(5, 5, 2), "does not fit a 5x5 board (at most 0)");
        assertRefused(() -> Preset.TROMP_TAYLOR.rules(3, 3, 10), "handicap 10 exceeds the board area");
        assertRefused(() -> Rules.trompTaylor(9, 9).withMaxMoves(-1), "maxMoves -1 is negative");
    }

    @ParameterizedTest
    @ValueSource(strings = {"japanese", "", "tromp taylor"})
    void unknownPresetListsTheKnownOnes(String name) {
        assertRefused(() -> Preset.byName(name),
                "unknown rules preset '" + name + "' (known: tromp-taylor, aga, nz, chinese, simple-ko)");
        assertRefused(() -> Rules.preset(name, 9, 9), "unknown rules preset");
    }
}
