package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Board;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

/**
 * The fast {@link Game#legalMask} (bitboard scan, superko repeats of plain moves found by inverting hash
 * differences) against {@link Game#legality} point by point, on small boards where every kind of repetition
 * happens often, under each ko rule.
 */
class LegalMaskTest {

    @ParameterizedTest(name = "{0} {1}x{2} {3}")
    @CsvSource({
        "tromp-taylor, 2, 2, POSITIONAL_SUPERKO", "tromp-taylor, 3, 3, POSITIONAL_SUPERKO",
        "tromp-taylor, 3, 2, SITUATIONAL_SUPERKO", "tromp-taylor, 3, 3, SITUATIONAL_SUPERKO",
        "chinese, 3, 3, POSITIONAL_SUPERKO", "simple-ko, 3, 3, SIMPLE", "tromp-taylor, 4, 4, SIMPLE",
        "aga, 4, 3, POSITIONAL_SUPERKO"})
    void maskAgreesWithLegalityIncludingPlainRepeats(String preset, int width, int height, KoRule ko) {
        Rules rules = Preset.byName(preset).rules(width, height).withKoRule(ko).withMaxMoves(6 * width * height);
        Game game = new Game(rules);
        boolean[] mask = new boolean[rules.actionCount()];
        SplittableRandom random = new SplittableRandom(width * 131L + height);
        int plainRepeats = 0;
        for (int g = 0; g < 300; g++) {
            game.reset();
            while (!game.isOver()) {
                int count = game.legalMask(mask, 0);
                int legal = 0;
                for (int a = 0; a < mask.length; a++) {
                    Legality why = game.legality(a);
                    if ((why == Legality.LEGAL) != mask[a]) {
                        assertEquals(why == Legality.LEGAL, mask[a], "action " + a + " (" + why + ") in\n" + game);
                    }
                    legal += mask[a] ? 1 : 0;
                    if (why == Legality.SUPERKO
                            && game.board().moveEffect(game.board().locOfAction(a), game.toMove()) == Board.PLAIN) {
                        plainRepeats++;
                    }
                }
                assertEquals(legal, count);
                int pick = random.nextInt(count);
                int action = -1;
                for (int a = 0; a < mask.length && action < 0; a++) {
                    if (mask[a] && pick-- == 0) {
                        action = a;
                    }
                }
                game.play(action);
            }
        }
        if (ko != KoRule.SIMPLE) {
            assertTrue(plainRepeats > 0, "no non-capturing repetition was exercised");
        }
    }
}
