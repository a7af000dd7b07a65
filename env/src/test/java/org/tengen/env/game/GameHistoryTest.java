package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

/** A game's history replays to the very game at every move: position, superko state, player, status. */
class GameHistoryTest {

    private static void assertSameGame(Game expected, Game actual, String where) {
        assertEquals(expected.board().hash(), actual.board().hash(), where);
        assertEquals(expected.toMove(), actual.toMove(), where);
        assertEquals(expected.status(), actual.status(), where);
        assertEquals(expected.turns(), actual.turns(), where);
        assertEquals(expected.consecutivePasses(), actual.consecutivePasses(), where);
        boolean[] a = new boolean[expected.rules().actionCount()];
        boolean[] b = new boolean[a.length];
        expected.legalMask(a, 0);
        actual.legalMask(b, 0);
        assertArrayEquals(a, b, where + ": legal moves, superko bans included");
    }

    @ParameterizedTest(name = "{0} handicap {1} {2}, seed {3}")
    @CsvSource({"tromp-taylor, 0, FREE, 1", "tromp-taylor, 0, FREE, 2", "aga, 3, FIXED, 3", "nz, 3, WHITE_PASSES, 4",
        "chinese, 2, FREE, 5", "simple-ko, 0, FREE, 6"})
    void replayToEveryMoveGivesTheGameAsPlayed(String preset, int handicap, HandicapPlacement placement, long seed) {
        Rules rules = Preset.byName(preset).rules(7, 7);
        if (handicap > 0) {
            rules = rules.withHandicap(handicap, placement);
        }
        SplittableRandom random = new SplittableRandom(seed);
        Game game = new Game(rules);
        if (seed % 2 == 0 && handicap == 0) {
            game.setUpStones(new int[] {8, 9}, new int[] {24}, Stone.WHITE);
        }
        List<Game> positions = new ArrayList<>();
        positions.add(game.copy());
        boolean[] mask = new boolean[rules.actionCount()];
        while (!game.isOver() && game.turns() < 120) {
            int n = game.legalMask(mask, 0);
            int pick = random.nextInt(n);
            int a = 0;
            while (!mask[a] || pick-- > 0) {
                a++;
            }
            game.play(a);
            positions.add(game.copy());
        }
        GameHistory history = game.history();
        assertEquals(positions.size() - 1, history.moveCount(), "one move per play, inserted passes not counted");
        for (int k = 0; k < positions.size(); k++) {
            assertSameGame(positions.get(k), history.replay(k), "move " + k);
            assertEquals(k, positions.get(k).history().moveCount(), "copies carry the history");
        }
    }

    @ParameterizedTest
    @CsvSource({"true", "false"})
    void outOfTurnMovesResumptionsAndPassesAfterTheEndReplay(boolean resign) {
        Rules rules = Rules.trompTaylor(5);
        Game game = new Game(rules);
        game.play(12);
        game.setToMove(Stone.BLACK);
        game.play(13);
        game.play(rules.passAction());
        game.play(rules.passAction());
        game.passAfterEnd(Stone.BLACK);
        game.resume();
        game.play(7);
        if (resign) {
            game.resign(Stone.WHITE);
        }
        GameHistory history = game.history();
        assertEquals(6, history.moveCount());
        Game replayed = history.replay();
        assertEquals(game.board().hash(), replayed.board().hash());
        assertEquals(game.toMove(), replayed.toMove());
        assertEquals(Status.PLAYING, replayed.status(), "a resignation is a status, not a move");
    }

    @org.junit.jupiter.api.Test
    void anIllegalMoveNamesItsNumber() {
        Rules rules = Rules.trompTaylor(5);
        GameHistory history = new GameHistory(rules, List.of(), List.of(), Stone.BLACK,
                List.of(new GameHistory.Move(Stone.BLACK, 12), new GameHistory.Move(Stone.WHITE, 12)));
        assertEquals("move 2 (white C3) is illegal: the point is occupied",
                assertThrows(IllegalArgumentException.class, history::replay).getMessage());
        assertEquals(1, history.replay(1).turns());
    }
}
