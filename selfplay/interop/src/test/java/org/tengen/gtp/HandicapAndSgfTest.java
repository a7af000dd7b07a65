package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** fixed_handicap, place_free_handicap, set_free_handicap, loadsgf and printsgf. */
class HandicapAndSgfTest {

    private static Gtp board(String size) {
        Gtp gtp = new Gtp(1);
        gtp.ok("boardsize " + size);
        return gtp;
    }

    private static Set<String> vertices(String list) {
        return list.isEmpty() ? Set.of() : new TreeSet<>(Arrays.asList(list.split("\\s+")));
    }

    @ParameterizedTest(name = "{0} stones")
    @CsvSource(delimiter = '|', textBlock = """
            2 | D4 Q16
            3 | D4 Q16 D16
            4 | D4 Q16 D16 Q4
            5 | D4 Q16 D16 Q4 K10
            6 | D4 Q16 D16 Q4 D10 Q10
            7 | D4 Q16 D16 Q4 D10 Q10 K10
            8 | D4 Q16 D16 Q4 D10 Q10 K4 K16
            9 | D4 Q16 D16 Q4 D10 Q10 K4 K16 K10
            """)
    void fixedHandicapFollowsTheGtpSpecificationOn19x19(int stones, String expected) {
        Gtp gtp = board("19");
        assertEquals(expected, gtp.ok("fixed_handicap " + stones));
        assertEquals(vertices(expected), vertices(gtp.ok("list_stones b")));
        assertTrue(gtp.ok("printsgf").contains("HA[" + stones + "]PL[W]"));
    }

    @Test
    void handicapNeedsAnEmptyBoardAndCannotBeUndone() {
        Gtp gtp = board("9");
        gtp.ok("play b pass");
        assertEquals("board not empty", gtp.error("set_free_handicap c3 g7"));
        gtp.ok("clear_board");
        gtp.ok("set_free_handicap c3 g7");
        assertEquals("board not empty", gtp.error("place_free_handicap 2"));
        assertEquals("cannot undo", gtp.error("undo"));
        gtp.ok("play w e5");
        gtp.ok("undo");
        assertEquals("G7 C3", gtp.ok("list_stones b"));
        // Komi changes keep the handicap; clear_board removes it.
        gtp.ok("komi 0.5");
        assertEquals("G7 C3", gtp.ok("list_stones b"));
        gtp.ok("clear_board");
        assertEquals("", gtp.ok("list_stones b"));
        assertEquals("tromp-taylor 9x9 komi=0.5 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
    }

    @Test
    void thePresetsHandicapCompensationJoinsTheKomi() {
        Gtp gtp = board("9");
        gtp.ok("komi 7.5");
        gtp.ok("fixed_handicap 2");
        // Black owns the whole board: 81 points.
        assertEquals("B+73.5", gtp.ok("final_score"));
        gtp.ok("tengen-rules chinese");
        gtp.ok("fixed_handicap 2");
        assertEquals("B+71.5", gtp.ok("final_score"), "Chinese rules give White a point per handicap stone");
    }

    @ParameterizedTest(name = "{0} stones on {1}")
    @CsvSource({"2, 5", "5, 5", "24, 5", "3, 2", "9, 19", "12, 19", "30, 19", "5, 7 5", "10, 9"})
    void freeHandicapPlacesDistinctStonesStarPointsFirst(int stones, String size) {
        Gtp gtp = board(size);
        String placed = gtp.ok("place_free_handicap " + stones);
        assertEquals(stones, vertices(placed).size(), placed);
        assertEquals(vertices(placed), vertices(gtp.ok("list_stones b")));
        if (size.equals("19")) {
            assertTrue(placed.startsWith("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"), placed);
        }
    }

    /**
     * Found by GtpFuzzTest: a free handicap where the preset's layout has no room kept its free placement after
     * clear_board, so the rules were no preset's any more and printsgf wrote RU as a description that loadsgf
     * replays under Tromp-Taylor.
     */
    @Test
    void clearingAHandicapRestoresThePresetsRules() {
        Gtp gtp = board("5");
        gtp.ok("tengen-rules aga");
        gtp.ok("place_free_handicap 3");
        gtp.ok("clear_board");
        assertTrue(gtp.ok("printsgf").contains("RU[AGA]"), gtp.ok("printsgf"));
    }

    @Test
    void printsgfAndLoadsgfRoundTripAHandicapGame(@TempDir Path tmp) {
        Gtp gtp = board("9");
        gtp.ok("tengen-rules aga");
        gtp.ok("komi 0.5");
        gtp.ok("set_free_handicap c3 g7 e5");
        for (String move : new String[] {"w c7", "b g3", "w d4", "b pass", "w pass", "b pass"}) {
            gtp.ok("play " + move);
        }
        String rules = gtp.ok("tengen-rules");
        String board = gtp.ok("showboard");
        String score = gtp.ok("final_score");
        String file = tmp.resolve("handicap.sgf").toString();
        gtp.ok("printsgf " + file);

        Gtp other = board("5");
        other.ok("loadsgf " + file);
        assertEquals(rules, other.ok("tengen-rules"));
        assertEquals(board, other.ok("showboard"));
        assertEquals(score, other.ok("final_score"));
        assertEquals(gtp.ok("printsgf"), other.ok("printsgf"));
        // The position before move 3: the handicap, White's C7 and Black's G3.
        other.ok("loadsgf " + file + " 3");
        assertEquals("G7 E5 C3 G3", other.ok("list_stones b"));
        assertEquals("C7", other.ok("list_stones w"));
        other.ok("undo");
        other.ok("undo");
        assertEquals("cannot undo", other.error("undo"));
        assertEquals("G7 E5 C3", other.ok("list_stones b"));
    }

    @Test
    void loadsgfTakesSetUpStonesRulesAndMovesInAnyColourOrder(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("setup.sgf");
        Files.writeString(file, "(;GM[1]SZ[7:5]KM[3.5]RU[Chinese]AB[aa][bb]AW[cc]PL[W];W[dd];W[ee];B[ab])");
        Gtp gtp = board("9");
        gtp.ok("loadsgf " + file);
        assertEquals("chinese 7x5 komi=3.5 ko=positional-superko suicide=forbidden", gtp.ok("tengen-rules"));
        assertEquals("A5 A4 B4", gtp.ok("list_stones b"));
        assertEquals("C3 D2 E1", gtp.ok("list_stones w"));
        gtp.ok("undo");
        gtp.ok("undo");
        gtp.ok("undo");
        assertEquals("cannot undo", gtp.error("undo"));
        assertEquals("A5 B4", gtp.ok("list_stones b"));
        // NZ handicap played as moves: the rules insert White's passes, which the record may also hold.
        Files.writeString(file, "(;GM[1]SZ[9]KM[0]RU[NZ]HA[2];B[cc];W[];B[gg];W[ee])");
        gtp.ok("loadsgf " + file);
        assertEquals("C7 G3", gtp.ok("list_stones b"));
        assertEquals("E5", gtp.ok("list_stones w"));
        assertTrue(gtp.ok("printsgf").endsWith(";B[cc]\n;B[gg]\n;W[ee])"), gtp.ok("printsgf"));
        // An unknown RU plays under Tromp-Taylor.
        Files.writeString(file, "(;GM[1]SZ[5]KM[6.5]RU[Japanese];B[cc])");
        gtp.ok("loadsgf " + file);
        assertEquals("tromp-taylor 5x5 komi=6.5 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
    }

    /**
     * After an NZ handicap stone the rules pass for White; a White pass played then (out of turn) is a real move that
     * ends the game, and stays one through every replay: komi, undo, printsgf and loadsgf.
     */
    @Test
    void aWhitePassAfterTheRulesPassSurvivesReplays(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("nz.sgf");
        Files.writeString(file, "(;GM[1]SZ[9]KM[0]RU[NZ]HA[3];B[cc];W[])");
        Gtp gtp = board("9");
        gtp.ok("loadsgf " + file);
        assertTrue(gtp.ok("printsgf").endsWith(";B[cc])"), "the written pass was the rules' own");
        gtp.ok("play w pass");
        assertEquals("pass", gtp.ok("genmove b"), "two passes ended the game");
        gtp.ok("undo");
        gtp.ok("komi 0.5");
        assertEquals("pass", gtp.ok("genmove b"), "still over once komi replayed the game");
        gtp.ok("undo");
        gtp.ok("printsgf " + file);
        assertTrue(Files.readString(file).endsWith(";B[cc]\n;W[]\n;W[])\n"), "the rules' pass written out");
        Gtp other = board("9");
        other.ok("loadsgf " + file);
        assertEquals("pass", other.ok("genmove b"), "still over once loaded");
        other.ok("undo");
        other.ok("undo");
        assertEquals("C7", other.ok("list_stones b"));
        assertTrue(other.ok("printsgf").endsWith(";B[cc])"));
    }

    @Test
    void badSgfIsRefusedAndChangesNothing(@TempDir Path tmp) throws IOException {
        Gtp gtp = board("5");
        gtp.ok("play b c3");
        Path file = tmp.resolve("bad.sgf");
        String[][] cases = {
            {"(;GM[1]SZ[5];B[cc];W[cc])", "move 2 (white C3) is illegal: the point is occupied"},
            {"(;GM[1]SZ[5];B[cc", "line 1, column "},
            {"(;GM[1]SZ[2]AB[aa]AW[ba][ab])", "the set-up stones are not a valid position: "},
            {"(;GM[3]SZ[5])", "GM[3] is not a game of Go (GM[1])"},
        };
        for (String[] c : cases) {
            Files.writeString(file, c[0]);
            String message = gtp.error("loadsgf " + file);
            assertTrue(message.startsWith("cannot load file " + file + ": " + c[1]), message);
        }
        String missing = gtp.error("loadsgf " + tmp.resolve("missing.sgf"));
        assertTrue(missing.startsWith("cannot load file " + tmp.resolve("missing.sgf") + ": cannot read"), missing);
        String unwritable = gtp.error("printsgf " + tmp.resolve("no/such/dir/x.sgf"));
        assertTrue(unwritable.startsWith("cannot write " + tmp.resolve("no/such/dir/x.sgf")), unwritable);
        assertEquals("C3", gtp.ok("list_stones b"));
        assertEquals("tromp-taylor 5x5 komi=7.5 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
        gtp.ok("undo");
        assertEquals("cannot undo", gtp.error("undo"));
    }
}
