package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.tengen.env.board.Stone;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Rules;
import org.junit.jupiter.api.Test;

/** {@link Game#setToMove}: moving out of turn as GTP allows. */
class SetToMoveTest {

    private static int at(Game game, String vertex) {
        return Vertex.parse(vertex, game.rules().width(), game.rules().height());
    }

    /** Black takes a ko at C2 on a 4x3 board, capturing B2; White is to move and may not retake at once. */
    private static Game koTaken(Rules rules) {
        Game game = new Game(rules);
        // . X O .
        // X O X O
        // . X O .
        String[] moves = {"B B3", "W C3", "B A2", "W D2", "B B1", "W C1", "W B2", "B C2"};
        for (String move : moves) {
            game.setToMove(move.charAt(0) == 'B' ? Stone.BLACK : Stone.WHITE);
            game.play(at(game, move.substring(2)));
        }
        assertEquals(Stone.WHITE, game.toMove());
        assertEquals(Legality.KO, game.legality(at(game, "B2")));
        return game;
    }

    @Test
    void switchingPlayerLetsTheOtherSideFillTheKo() {
        Game game = koTaken(Rules.trompTaylor(4, 3).withKoRule(KoRule.SIMPLE));
        int turns = game.turns();
        game.setToMove(Stone.BLACK);
        assertEquals(Stone.BLACK, game.toMove());
        assertEquals(Legality.LEGAL, game.legality(at(game, "B2")));
        assertEquals(turns, game.turns());
        game.play(at(game, "B2"));
        assertEquals(Stone.WHITE, game.toMove());
    }

    @Test
    void resumeLetsPlayGoOnAfterTwoPassesUntilTwoMore() {
        Game game = new Game(Rules.trompTaylor(5));
        game.play(at(game, "C3"));
        game.play(game.passAction());
        game.resume();
        assertEquals(Status.PLAYING, game.status(), "resume does nothing while playing");
        game.play(game.passAction());
        assertEquals(Status.ENDED_BY_PASSES, game.status());
        game.resume();
        assertEquals(Status.PLAYING, game.status());
        assertEquals(0, game.consecutivePasses());
        game.setToMove(Stone.WHITE);
        game.play(at(game, "D4"));
        game.play(game.passAction());
        assertEquals(Status.PLAYING, game.status());
        game.play(game.passAction());
        assertEquals(Status.ENDED_BY_PASSES, game.status());
        Game resigned = new Game(Rules.trompTaylor(5));
        resigned.resign(Stone.BLACK);
        resigned.resume();
        assertEquals(Status.RESIGNED, resigned.status(), "only an end by passes resumes");
    }

    @Test
    void sameSideAgainKeepsTheBan() {
        Game game = koTaken(Rules.trompTaylor(4, 3).withKoRule(KoRule.SIMPLE));
        game.setToMove(Stone.WHITE);
        assertEquals(Legality.KO, game.legality(at(game, "B2")));
    }

    @Test
    void superkoStillForbidsTheRetakeAfterASwitch() {
        Game game = koTaken(Rules.trompTaylor(4, 3));
        game.setToMove(Stone.BLACK);
        game.setToMove(Stone.WHITE);
        // The simple-ko ban went with the switch, but retaking recreates the position before Black's capture.
        assertEquals(Legality.SUPERKO, game.legality(at(game, "B2")));
    }

    @Test
    void rejectsNonPlayers() {
        Game game = new Game(Rules.trompTaylor(3, 3));
        assertThrows(IllegalArgumentException.class, () -> game.setToMove(Stone.EMPTY));
        assertThrows(IllegalArgumentException.class, () -> game.setToMove(Stone.WALL));
    }
}
