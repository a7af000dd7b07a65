package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.Positions;

/** Resignation and truncation: how a game stops other than by two passes, and what each status means. */
class GameOutcomeTest {

    @ParameterizedTest(name = "{0} resigns")
    @CsvSource({"BLACK, WHITE", "WHITE, BLACK"})
    void resigningEndsTheGameForTheOpponent(String resigner, String winner) {
        Game game = Positions.play(new Game(Rules.trompTaylor(9, 9)), "E5");
        game.resign(resigner.equals("BLACK") ? Stone.BLACK : Stone.WHITE);
        assertEquals(Status.RESIGNED, game.status());
        assertTrue(game.status().isTerminated());
        assertEquals(winner.equals("BLACK") ? Stone.BLACK : Stone.WHITE, game.winner());
        assertEquals(Legality.GAME_OVER, game.legality(game.passAction()));
        assertEquals(0, game.legalMask(new boolean[game.rules().actionCount()], 0));
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> game.resign(Stone.BLACK));
        assertTrue(again.getMessage().contains("already over"), again.getMessage());
    }

    @Test
    void onlyAPlayerCanResign() {
        Game game = new Game(Rules.trompTaylor(9, 9));
        assertThrows(IllegalArgumentException.class, () -> game.resign(Stone.EMPTY));
        assertEquals(Status.PLAYING, game.status());
    }

    /** maxMoves counts every turn; reaching it truncates unless the same turn ended the game by passes. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"C3 D3 C4 D4, TRUNCATED", "C3 pass D3 pass, TRUNCATED", "C3 D3 pass pass, ENDED_BY_PASSES",
        "C3 D3 C4, PLAYING"})
    void truncationIsNotTermination(String moves, Status expected) {
        Game game = Positions.play(new Game(Rules.trompTaylor(5, 5).withMaxMoves(4)), moves);
        assertEquals(expected, game.status());
        assertEquals(expected != Status.PLAYING, game.isOver());
        assertEquals(expected == Status.ENDED_BY_PASSES, game.status().isTerminated());
        if (expected == Status.TRUNCATED) {
            assertEquals(Legality.GAME_OVER, game.legality(game.passAction()));
            assertEquals(game.score().winner(), game.winner(), "a truncated game is counted as it stands");
        }
    }

    @Test
    void resetStartsAfresh() {
        Game game = Positions.play(new Game(Rules.trompTaylor(5, 5)), "C3 D3 pass pass");
        game.reset();
        assertEquals(Status.PLAYING, game.status());
        assertEquals(0, game.turns());
        assertEquals(0, game.board().stoneCount());
        assertFalse(game.isOver());
        Positions.play(game, "C3 D3");
        assertEquals(Legality.LEGAL, game.legality(Positions.action(game, "C4")));
    }
}
