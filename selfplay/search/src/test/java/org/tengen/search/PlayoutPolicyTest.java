package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.junit.jupiter.api.Test;

class PlayoutPolicyTest {

    private static Game game(String diagram, int toMove) {
        Game game = new Game(Preset.SIMPLE_KO.rules(3, 3));
        game.board().setFromDiagram(diagram);
        game.setToMove(toMove);
        return game;
    }

    /** The vertices chosen over many draws. */
    private static Set<String> choices(Game game) {
        PlayoutPolicy policy = new PlayoutPolicy(5);
        long hash = game.board().hash();
        Set<String> seen = new TreeSet<>();
        for (int i = 0; i < 200; i++) {
            int a = policy.select(game);
            seen.add(a == game.passAction() ? "pass" : Vertex.format(a % 3, a / 3, 3));
        }
        assertEquals(hash, game.board().hash(), "select changed the game");
        return seen;
    }

    @Test
    void neverFillsItsOwnEyesButPlaysEveryOtherLegalPoint() {
        Game game = game("""
                . X .
                X X X
                . . .
                """, Stone.BLACK);
        assertEquals(Set.of("A1", "B1", "C1"), choices(game));
    }

    @Test
    void passesWhenOnlyEyesAreLeft() {
        String diagram = """
                . X .
                X X X
                . X .
                """;
        assertEquals(Set.of("pass"), choices(game(diagram, Stone.BLACK)));
        // For White the corners are suicide, illegal under these rules.
        assertEquals(Set.of("pass"), choices(game(diagram, Stone.WHITE)));
    }

    @Test
    void anEyeBelongsToTheColourAroundIt() {
        Game game = game("""
                . O .
                O O .
                . X X
                """, Stone.BLACK);
        Board board = game.board();
        assertTrue(PlayoutPolicy.isOwnEye(board, board.loc(0, 0), Stone.WHITE));
        assertFalse(PlayoutPolicy.isOwnEye(board, board.loc(0, 0), Stone.BLACK));
        assertFalse(PlayoutPolicy.isOwnEye(board, board.loc(2, 0), Stone.WHITE));
        assertFalse(PlayoutPolicy.isOwnEye(board, board.loc(0, 2), Stone.BLACK));
    }
}
