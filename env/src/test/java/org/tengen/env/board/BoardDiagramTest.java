package org.tengen.env.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.RandomMoves;

/** {@link Board#play} on diagrams: captures, snapback, suicide, the ko point and {@code hashAfter}. */
class BoardDiagramTest {

    /**
     * A position, moves as {@code "B D3, W E1"} (GTP vertices, either colour in any order), the position after them
     * and the stones each colour has captured (suicided stones count for the opponent).
     */
    record Case(String name, String before, String moves, String after, int blackCaptures, int whiteCaptures) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("single stone capture", """
                        . . . . .
                        . . X . .
                        . X O . .
                        . . X . .
                        . . . . .
                        """, "B D3", """
                        . . . . .
                        . . X . .
                        . X . X .
                        . . X . .
                        . . . . .
                        """, 1, 0),
                new Case("two stones on the edge", """
                        X O O . .
                        . X X . .
                        . . . . .
                        . . . . .
                        . . . . .
                        """, "B D5", """
                        X . . X .
                        . X X . .
                        . . . . .
                        . . . . .
                        . . . . .
                        """, 2, 0),
                new Case("three chains at once", """
                        . . X . .
                        . X O X .
                        X O . O X
                        . X . X .
                        . . . . .
                        """, "B C3", """
                        . . X . .
                        . X . X .
                        X . X . X
                        . X . X .
                        . . . . .
                        """, 3, 0),
                new Case("snapback: throw-in, capture, recapture of five", """
                        . . . . .
                        . . . . .
                        . . X X X
                        . X O O O
                        . X O . .
                        """, "B D1, W E1, B D1", """
                        . . . . .
                        . . . . .
                        . . X X X
                        . X . . .
                        . X . X .
                        """, 5, 1),
                new Case("single stone suicide", """
                        . X .
                        X . X
                        . X .
                        """, "W B2", """
                        . X .
                        X . X
                        . X .
                        """, 1, 0),
                new Case("two stone suicide", """
                        . X X .
                        X O . X
                        . X X .
                        """, "W C2", """
                        . X X .
                        X . . X
                        . X X .
                        """, 2, 0),
                new Case("filling the last liberty captures rather than suicides", """
                        . X O .
                        X O . O
                        . X O .
                        """, "B C2", """
                        . X O .
                        X . X O
                        . X O .
                        """, 1, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void playGivesThePositionAfter(Case c) {
        Board board = boardOf(c.before());
        for (String move : c.moves().split(",\\s*")) {
            String[] parts = move.trim().split(" ");
            int player = parts[0].equals("B") ? Stone.BLACK : Stone.WHITE;
            int loc = board.locOfAction(Vertex.parse(parts[1], board.width(), board.height()));
            board.play(loc, player);
            board.checkConsistency();
        }
        assertEquals(boardOf(c.after()).toString(), board.toString());
        assertEquals(c.blackCaptures(), board.captures(Stone.BLACK), "stones captured by black");
        assertEquals(c.whiteCaptures(), board.captures(Stone.WHITE), "stones captured by white");
    }

    private static Board boardOf(String diagram) {
        String[] rows = diagram.strip().split("\n");
        Board board = new Board(rows[0].replace(" ", "").length(), rows.length);
        board.setFromDiagram(diagram);
        return board;
    }

    /** Diagrams in one line, rows separated by '/'; Black plays the move; the ko point is expected or empty. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "single stone capturing a single stone: ko | . X O . / X O . O / . X O . | C2 | B2",
        "capture by a stone joining a chain: no ko | . X O . / X O . O / . X X . | C2 |",
        "capture of two stones: no ko              | . X X . / X O O . / . X X . | D2 |"})
    void koPointIsSetOnlyForASingleStoneCapturingASingleStone(String name, String diagram, String move,
                                                             String koVertex) {
        Board board = boardOf(diagram.replace('/', '\n'));
        board.play(board.locOfAction(Vertex.parse(move, board.width(), board.height())), Stone.BLACK);
        int expected = koVertex == null ? Board.NO_LOC
                : board.locOfAction(Vertex.parse(koVertex, board.width(), board.height()));
        assertEquals(expected, board.koLoc());
        board.pass();
        assertEquals(Board.NO_LOC, board.koLoc(), "a pass lifts the ko ban");
    }

    /** {@code hashAfter} must predict the hash of every possible move, in random positions of several shapes. */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"5, 5", "9, 9", "19, 19", "7, 3", "1, 6", "52, 3", "2, 52"})
    void hashAfterPredictsTheHashOfEveryMove(int width, int height) {
        Rules rules = Rules.trompTaylor(width, height).withMaxMoves(4 * width * height);
        Game game = new Game(rules);
        Board after = new Board(width, height);
        SplittableRandom random = new SplittableRandom(width * 100L + height);
        boolean[] mask = new boolean[rules.actionCount()];
        for (int g = 0; g < 3; g++) {
            game.reset();
            while (!game.isOver()) {
                Board board = game.board();
                for (int a = 0; a < rules.area(); a++) {
                    int loc = board.locOfAction(a);
                    for (int player = Stone.BLACK; player <= Stone.WHITE && board.colour(loc) == Stone.EMPTY;
                         player++) {
                        after.copyFrom(board);
                        after.play(loc, player);
                        assertEquals(after.hash(), board.hashAfter(loc, player),
                                () -> "hashAfter at " + loc + " on\n" + board);
                    }
                }
                game.play(RandomMoves.pick(game, random, mask, 0.02));
            }
        }
    }
}
