package org.tengen.env.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.testutil.NaiveGo;
import org.tengen.env.testutil.Positions;

/**
 * Brute force on tiny boards: the number of legal positions (every chain has a liberty) counted two ways, by
 * checking every colouring and by playing every move from every position reachable from the empty board. The second
 * way also compares each {@link Board#play} (captures, suicide, hash, {@code hashAfter}, capture counts) with the
 * rule text.
 */
class LegalPositionCountTest {

    /** Tromp and Farnebäck, "Combinatorics of Go" (OEIS A094777). */
    @ParameterizedTest(name = "L({0}x{1}) = {2}")
    @CsvSource({"1, 1, 1", "2, 2, 57", "3, 3, 12675"})
    void legalPositionCountsMatchThePublishedOnes(int width, int height, long expected) {
        assertEquals(expected, countColouringsWithLiberties(width, height), "colourings accepted by the board");
        assertEquals(expected, countPositionsReachedByPlay(width, height), "positions reached by play");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1, 2", "1, 6", "6, 1", "2, 3", "3, 2", "2, 4"})
    void everyLegalPositionIsReachedByPlay(int width, int height) {
        assertEquals(countColouringsWithLiberties(width, height), countPositionsReachedByPlay(width, height));
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"3, 4", "4, 3", "2, 6", "1, 12"})
    void everyLegalPositionIsReachedByPlayOnLargerRectangles(int width, int height) {
        everyLegalPositionIsReachedByPlay(width, height);
    }

    /** Colourings the board accepts through {@link Board#setFromDiagram}, checked against the rule text. */
    private static long countColouringsWithLiberties(int width, int height) {
        Board board = new Board(width, height);
        int area = width * height;
        long legal = 0;
        long colourings = Positions.pow3(area);
        for (long code = 0; code < colourings; code++) {
            byte[] grid = Positions.decode(code, area);
            String diagram = Positions.diagram(grid, width);
            if (NaiveGo.isLegalPosition(grid, width, height)) {
                board.setFromDiagram(diagram);
                assertArrayEquals(grid, Positions.grid(board));
                legal++;
            } else {
                Exception e = assertThrows(IllegalArgumentException.class, () -> board.setFromDiagram(diagram), diagram);
                assertTrue(e.getMessage().contains("no liberties"), e.getMessage());
            }
        }
        return legal;
    }

    /**
     * Breadth-first search over colourings from the empty board where either colour may play on any empty point
     * (suicide allowed, no ko): the number of distinct colourings reached.
     */
    private static long countPositionsReachedByPlay(int width, int height) {
        Board board = new Board(width, height);
        Board after = new Board(width, height);
        Set<Long> seen = new HashSet<>();
        ArrayDeque<byte[]> todo = new ArrayDeque<>();
        byte[] empty = new byte[width * height];
        seen.add(Positions.encode(empty));
        todo.add(empty);
        while (!todo.isEmpty()) {
            byte[] grid = todo.poll();
            board.setFromDiagram(Positions.diagram(grid, width));
            for (int p = 0; p < grid.length; p++) {
                if (grid[p] != Stone.EMPTY) {
                    continue;
                }
                for (int player = Stone.BLACK; player <= Stone.WHITE; player++) {
                    byte[] next = NaiveGo.move(grid, width, height, p, player);
                    playAndCompare(board, after, grid, next, p, player);
                    if (seen.add(Positions.encode(next))) {
                        todo.add(next);
                    }
                }
            }
        }
        return seen.size();
    }

    /** Plays {@code player} at point {@code p} of {@code board} into {@code after} and checks it against the rules. */
    private static void playAndCompare(Board board, Board after, byte[] grid, byte[] expected, int p, int player) {
        int loc = board.locOfAction(p);
        int opponent = Stone.opponent(player);
        String what = Stone.name(player) + " at " + p + " on\n" + board;
        long predicted = board.hashAfter(loc, player);
        boolean suicide = board.isSuicide(loc, player);
        boolean capture = board.wouldCapture(loc, player);
        after.copyFrom(board);
        after.play(loc, player);
        after.checkConsistency();
        assertArrayEquals(expected, Positions.grid(after), what);
        assertEquals(predicted, after.hash(), () -> "hashAfter: " + what);
        int ownLost = 0;
        int opponentLost = 0;
        for (int q = 0; q < grid.length; q++) {
            if (grid[q] == player && expected[q] == Stone.EMPTY) {
                ownLost++;
            } else if (grid[q] == opponent && expected[q] == Stone.EMPTY) {
                opponentLost++;
            }
        }
        assertEquals(expected[p] == Stone.EMPTY, suicide, () -> "isSuicide: " + what);
        assertEquals(opponentLost > 0, capture, () -> "wouldCapture: " + what);
        assertEquals(opponentLost, after.captures(player) - board.captures(player), () -> "captures: " + what);
        int suicided = suicide ? ownLost + 1 : 0;
        assertEquals(suicided, after.captures(opponent) - board.captures(opponent), () -> "suicided: " + what);
    }
}
