package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.Fixtures;
import org.tengen.env.testutil.Positions;

/** Ko, superko and suicide on diagrams, for every preset and ko rule. */
class KoAndSuicideTest {

    @ParameterizedTest
    @EnumSource(Preset.class)
    void retakingAKoAtOnceIsBanned(Preset preset) {
        Game game = Fixtures.koJustTaken(preset.rules(5, 5));
        assertEquals(Legality.KO, game.legality(Positions.action(game, Fixtures.KO_RETAKE)));
    }

    @ParameterizedTest(name = "{0} after {1}")
    @CsvSource({
        "tromp-taylor, E1 D1", "tromp-taylor, pass D1", "aga, E1 D1", "aga, pass D1", "nz, pass D1",
        "chinese, E1 D1", "simple-ko, E1 D1", "simple-ko, pass D1"})
    void theKoBanLiftsAfterAnExchangeElsewhere(String preset, String exchange) {
        Game game = Positions.play(Fixtures.koJustTaken(Preset.byName(preset).rules(5, 5)), exchange);
        Positions.play(game, Fixtures.KO_RETAKE);
        assertEquals(Stone.WHITE, game.board().colour(game.board().locOfAction(
                Positions.action(game, Fixtures.KO_RETAKE))));
        assertEquals(Legality.KO, game.legality(Positions.action(game, Fixtures.KO_CAPTURE)),
                "now Black may not retake at once");
    }

    /** Triple ko: the sixth capture recreates the start, which only the superko rules see. */
    @ParameterizedTest
    @CsvSource({"SIMPLE, LEGAL", "POSITIONAL_SUPERKO, SUPERKO", "SITUATIONAL_SUPERKO, SUPERKO"})
    void aTripleKoCycleIsBannedByEitherSuperkoButNotBySimpleKo(KoRule ko, Legality expected) {
        Game game = Fixtures.tripleKoBeforeTheRepetition(Rules.trompTaylor(14, 3).withKoRule(ko));
        assertEquals(expected, game.legality(Positions.action(game, Fixtures.TRIPLE_KO_REPEAT)));
    }

    /**
     * White's single-stone suicide right after Black's move recreates the colouring (positional superko forbids it)
     * but with Black to move, a situation that never occurred (situational superko allows it).
     */
    @ParameterizedTest
    @CsvSource({"POSITIONAL_SUPERKO, SUPERKO", "SITUATIONAL_SUPERKO, LEGAL", "SIMPLE, LEGAL"})
    void singleStoneSuicideRepeatsThePositionButNotTheSituation(KoRule ko, Legality expected) {
        Rules rules = Rules.trompTaylor(5, 5).withKoRule(ko);
        Game game = Positions.game(rules, Fixtures.SINGLE_STONE_SUICIDE, Stone.WHITE);
        assertEquals(expected, game.legality(Positions.action(game, Fixtures.SINGLE_STONE_SUICIDE_POINT)));
    }

    /** The same suicide after White E1 and a Black pass: the colouring with Black to move has occurred. */
    @ParameterizedTest
    @CsvSource({"POSITIONAL_SUPERKO, SUPERKO", "SITUATIONAL_SUPERKO, SUPERKO", "SIMPLE, LEGAL"})
    void singleStoneSuicideAfterAPassRepeatsTheSituation(KoRule ko, Legality expected) {
        Rules rules = Rules.trompTaylor(5, 5).withKoRule(ko);
        Game game = Positions.play(Positions.game(rules, Fixtures.SINGLE_STONE_SUICIDE, Stone.WHITE), "E1 pass");
        assertEquals(expected, game.legality(Positions.action(game, Fixtures.SINGLE_STONE_SUICIDE_POINT)));
    }

    @ParameterizedTest
    @CsvSource({"tromp-taylor, LEGAL", "nz, LEGAL", "aga, SUICIDE", "chinese, SUICIDE", "simple-ko, SUICIDE"})
    void multiStoneSuicideIsLegalOnlyWhereSuicideIsAllowed(String preset, Legality expected) {
        Game game = Positions.game(Preset.byName(preset).rules(4, 3), Fixtures.MULTI_STONE_SUICIDE, Stone.WHITE);
        int action = Positions.action(game, Fixtures.MULTI_STONE_SUICIDE_POINT);
        assertEquals(expected, game.legality(action));
        if (expected.isLegal()) {
            game.play(action);
            assertEquals("""
                    .XX.
                    X..X
                    .XX.
                    """, game.board().toString());
            assertEquals(2, game.score().blackPrisoners(), "suicided stones count for the opponent");
        }
    }

    /** Under the logical rules a single-stone suicide is never legal: it always recreates the current colouring. */
    @ParameterizedTest
    @CsvSource({"tromp-taylor, SUPERKO", "nz, SUPERKO", "aga, SUICIDE", "chinese, SUICIDE", "simple-ko, SUICIDE"})
    void singleStoneSuicideIsIllegalUnderEveryPreset(String preset, Legality expected) {
        Game game = Positions.game(Preset.byName(preset).rules(5, 5), Fixtures.SINGLE_STONE_SUICIDE, Stone.WHITE);
        assertEquals(expected, game.legality(Positions.action(game, Fixtures.SINGLE_STONE_SUICIDE_POINT)));
    }
}
