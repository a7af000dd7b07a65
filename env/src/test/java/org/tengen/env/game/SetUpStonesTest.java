package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Game#setUpStones}: SGF/GTP set-up positions. */
class SetUpStonesTest {

    private static int a(Rules r, int x, int y) {
        return y * r.width() + x;
    }

    @Test
    void placesStonesAndSetsThePlayerToMove() {
        Rules r = Rules.trompTaylor(5, 4);
        Game g = new Game(r);
        g.setUpStones(new int[] {a(r, 0, 0), a(r, 1, 0)}, new int[] {a(r, 0, 1)}, Stone.WHITE);
        Board expected = new Board(5, 4);
        expected.setFromDiagram("""
                XX...
                O....
                .....
                .....
                """);
        assertEquals(expected.toString(), g.board().toString());
        assertEquals(expected.hash(), g.board().hash());
        assertEquals(Stone.WHITE, g.toMove());
        assertEquals(0, g.turns());
        g.board().checkConsistency();
        g.play(a(r, 2, 0));
        assertEquals(Stone.BLACK, g.toMove());
        assertEquals(Stone.BLACK, g.pastColour(1, g.board().loc(0, 0)));
    }

    @Test
    void setUpPositionIsInTheSuperkoHistory() {
        // Tromp-Taylor allows suicide: White's lone stone in the corner dies at once and leaves the position as it
        // was, which positional superko forbids only if the set-up position is in the history.
        Rules r = Rules.trompTaylor(3, 3);
        Game g = new Game(r);
        g.setUpStones(new int[] {a(r, 1, 0), a(r, 0, 1)}, new int[0], Stone.WHITE);
        assertEquals(Legality.SUPERKO, g.legality(a(r, 0, 0)));
        assertEquals(Legality.LEGAL, g.legality(a(r, 2, 2)));
    }

    @Test
    void cancelsOwedHandicapMovesAndKeepsHandicapKomi() {
        Rules r = Preset.CHINESE.rules(9, 9, 2);
        Game g = new Game(r);
        g.setUpStones(new int[] {a(r, 2, 2), a(r, 6, 6)}, new int[0], Stone.WHITE);
        assertEquals(Stone.WHITE, g.toMove());
        g.play(a(r, 4, 4));
        assertEquals(Stone.BLACK, g.toMove());
        g.play(a(r, 4, 5));
        assertEquals(Stone.WHITE, g.toMove(), "no free handicap moves are owed any more");
        assertEquals(r.effectiveKomi(), g.score().komi());
    }

    @ParameterizedTest
    @ValueSource(strings = {"aga", "nz", "tromp-taylor"})
    void replacesFixedHandicapStonesAndResetRestoresThem(String preset) {
        Rules r = Preset.byName(preset).rules(9, 9, 4);
        Game g = new Game(r);
        int startStones = g.board().stoneCount();
        g.setUpStones(new int[] {a(r, 0, 0)}, new int[] {a(r, 8, 8)}, Stone.BLACK);
        assertEquals(2, g.board().stoneCount());
        g.reset();
        assertEquals(startStones, g.board().stoneCount());
    }

    @Test
    void rejectsBadSetUpsAndLeavesTheGameAtItsStart() {
        Rules r = Rules.trompTaylor(3, 3);
        Game g = new Game(r);
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> g.setUpStones(new int[] {4}, new int[] {4}, Stone.BLACK));
        assertEquals("point 1,1 is not empty", twice.getMessage());
        assertEquals(0, g.board().stoneCount());
        IllegalArgumentException dead = assertThrows(IllegalArgumentException.class,
                () -> g.setUpStones(new int[] {0}, new int[] {1, 3}, Stone.BLACK));
        assertEquals("a set-up stone may not capture or be without liberties", dead.getMessage());
        assertEquals(0, g.board().stoneCount());
        IllegalArgumentException pass = assertThrows(IllegalArgumentException.class,
                () -> g.setUpStones(new int[] {9}, new int[0], Stone.BLACK));
        assertEquals("set-up stone pass is not a point of the board", pass.getMessage());
        assertThrows(IllegalArgumentException.class, () -> g.setUpStones(new int[0], new int[0], Stone.EMPTY));
        g.play(4);
        IllegalStateException late = assertThrows(IllegalStateException.class,
                () -> g.setUpStones(new int[0], new int[0], Stone.BLACK));
        assertEquals("set-up stones are only allowed before the first turn", late.getMessage());
    }
}
