package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.Fixtures;
import org.tengen.env.testutil.Positions;

/** {@link Game#play} refuses every kind of illegal action with a message naming the player, action and reason. */
class IllegalMoveTest {

    static Stream<Arguments> illegalActions() {
        Supplier<Game> opened = () -> Positions.play(new Game(Rules.trompTaylor(5, 5)), "C3");
        Supplier<Game> ended = () -> Positions.play(new Game(Rules.trompTaylor(5, 5)), "pass pass");
        Supplier<Game> ko = () -> Fixtures.koJustTaken(Preset.SIMPLE_KO.rules(5, 5));
        Supplier<Game> tripleKo = () -> Fixtures.tripleKoBeforeTheRepetition(Rules.trompTaylor(14, 3));
        Supplier<Game> suicide = () -> Positions.game(Preset.AGA.rules(4, 3), Fixtures.MULTI_STONE_SUICIDE,
                Stone.WHITE);
        return Stream.of(
                Arguments.of("occupied", opened, "C3", Legality.OCCUPIED, "white action 12 C3"),
                Arguments.of("below range", opened, "-1", Legality.OUT_OF_RANGE, "action -1 (valid: 0..25)"),
                Arguments.of("above range", opened, "26", Legality.OUT_OF_RANGE, "action 26 (valid: 0..25)"),
                Arguments.of("game over", ended, "pass", Legality.GAME_OVER, "black pass"),
                Arguments.of("ko", ko, Fixtures.KO_RETAKE, Legality.KO, "white action 6 B4"),
                Arguments.of("superko", tripleKo, Fixtures.TRIPLE_KO_REPEAT, Legality.SUPERKO, "white action 11 M3"),
                Arguments.of("suicide", suicide, Fixtures.MULTI_STONE_SUICIDE_POINT, Legality.SUICIDE,
                        "white action 6 C2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("illegalActions")
    void playRefusesWithTheReason(String name, Supplier<Game> setUp, String move, Legality reason, String what) {
        Game game = setUp.get();
        int action = move.matches("-?\\d+") ? Integer.parseInt(move) : Positions.action(game, move);
        String before = game.toString();
        assertEquals(reason, game.legality(action));
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> game.play(action));
        assertEquals(reason, e.legality());
        assertEquals(action, e.action());
        assertTrue(e.getMessage().contains(what + " is illegal: " + reason.reason()), e.getMessage());
        assertEquals(before, game.toString(), "a refused action changes nothing");
    }
}
