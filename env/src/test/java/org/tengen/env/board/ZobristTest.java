package org.tengen.env.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every stone key of a board maps back to its point and colour, whatever the board size. */
class ZobristTest {

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1, 1", "5, 3", "9, 9", "19, 19", "52, 52"})
    void everyStoneKeyMapsBackToItsPointAndColourOnly(int width, int height) {
        Board board = new Board(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int loc = board.loc(x, y);
                for (int player = Stone.BLACK; player <= Stone.WHITE; player++) {
                    long key = Zobrist.stone(player, loc);
                    assertEquals(loc, Board.locOfStoneKey(key, player));
                    assertEquals(Board.NO_LOC, Board.locOfStoneKey(key, Stone.opponent(player)));
                }
            }
        }
        assertEquals(Board.NO_LOC, Board.locOfStoneKey(0x1234_5678_9abc_def0L, Stone.BLACK));
    }
}
