package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Protocol framing, bad input, illegal moves with their reasons, undo, komi and the end of the game. */
class GtpEngineTest {

    private static Gtp fiveByFive() {
        Gtp gtp = new Gtp(1);
        gtp.ok("boardsize 5");
        return gtp;
    }

    @Test
    void framingMatchesGtpAndGnuGo() {
        Gtp gtp = new Gtp(1);
        assertEquals("=1 2\n\n", gtp.raw("1 protocol_version"));
        assertEquals("= \n\n", gtp.raw("clear_board"));
        assertEquals("?5 unknown command\n\n", gtp.raw("5 fly"));
        assertEquals("?12 missing command\n\n", gtp.raw("12"));
        assertNull(gtp.engine.execute("   # only a comment"));
        assertNull(gtp.engine.execute(""));
    }

    @Test
    void controlCharactersAreDroppedAndTabsSeparate() {
        Gtp gtp = new Gtp(1);
        assertEquals("=7 Tengen\n\n", gtp.raw("7\tna\u0001me\r"));
        assertEquals("= true\n\n", gtp.raw("known_command\t\tPLAY  # trailing comment"));
    }

    @Test
    void runAnswersUntilQuitAndIgnoresTheRest() throws IOException {
        Gtp gtp = new Gtp(1);
        StringWriter out = new StringWriter();
        gtp.engine.run(new StringReader("name\r\n\n# note\n2 quit\nname\n"), out);
        assertEquals("= Tengen\n\n=2 \n\n", out.toString());
    }

    @Test
    void runStopsAtTheEndOfInput() throws IOException {
        StringWriter out = new StringWriter();
        new Gtp(1).engine.run(new StringReader("protocol_version"), out);
        assertEquals("= 2\n\n", out.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            fly                | unknown command
            play b             | missing argument, usage: play COLOR VERTEX
            play b a1 a2       | too many arguments, usage: play COLOR VERTEX
            play x a1          | invalid color 'x' (expected b, w, black or white)
            play blue a1       | invalid color 'blue' (expected b, w, black or white)
            play b i3          | invalid vertex 'i3' (column letters skip I)
            play b z9          | vertex 'z9' is off the 5x5 board
            play b a6          | vertex 'a6' is off the 5x5 board
            play b a0          | vertex 'a0' is off the 5x5 board
            play b 33          | invalid vertex '33'
            play b c3c         | invalid vertex 'c3c'
            genmove            | missing argument, usage: genmove COLOR
            genmove pass       | invalid color 'pass' (expected b, w, black or white)
            is_legal b         | missing argument, usage: is_legal COLOR VERTEX
            known_command      | missing argument, usage: known_command COMMAND
            name please        | too many arguments, usage: name
            boardsize          | missing argument, usage: boardsize SIZE [HEIGHT]
            boardsize 0        | unacceptable size: board size 0x0 is out of range 1x1..52x52
            boardsize 100      | unacceptable size: board size 100x100 is out of range 1x1..52x52
            boardsize 9 53     | unacceptable size: board size 9x53 is out of range 1x1..52x52
            boardsize x        | expected an integer, got 'x'
            boardsize 9 9 9    | too many arguments, usage: boardsize SIZE [HEIGHT]
            komi abc           | komi must be a number, got 'abc'
            komi 6.3           | komi 6.3 is not a multiple of 0.5
            komi NaN           | komi NaN is not a multiple of 0.5
            tengen-rules foo   | unknown rules preset 'foo' (known: tromp-taylor, aga, nz, chinese, simple-ko)
            list_stones purple | invalid color 'purple' (expected b, w, black or white)
            """)
    void badInputIsAnsweredWithAMessage(String command, String message) {
        Gtp gtp = fiveByFive();
        assertEquals(message, gtp.error(command));
        // Nothing changed: still a 5x5 board, empty, black to move.
        assertEquals("", gtp.ok("list_stones b") + gtp.ok("list_stones w"));
        assertEquals("tromp-taylor 5x5 komi=7.5 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
    }

    @Test
    void occupiedPoint() {
        Gtp gtp = fiveByFive();
        gtp.ok("play b c3");
        assertEquals("illegal move: the point is occupied", gtp.error("play w c3"));
        assertEquals("illegal move: the point is occupied", gtp.error("play b c3"));
    }

    @Test
    void suicideIsIllegalUnderAgaButMultiStoneSuicideIsLegalUnderTrompTaylor() {
        Gtp gtp = fiveByFive();
        gtp.ok("tengen-rules aga");
        gtp.ok("play w a2");
        gtp.ok("play w b1");
        assertEquals("illegal move: it is suicide, which these rules forbid", gtp.error("play b a1"));

        gtp.ok("tengen-rules tromp-taylor");
        // A single-stone suicide repeats the position, so superko forbids it even where suicide is allowed.
        gtp.ok("play w a2");
        gtp.ok("play w b1");
        assertEquals("illegal move: it repeats an earlier position (superko)", gtp.error("play b a1"));
        // Two black stones with one liberty: filling it kills all three, a position not seen before.
        gtp.ok("clear_board");
        for (String move : new String[] {"b a2", "b a1", "w a3", "w b2", "w c1", "b b1"}) {
            gtp.ok("play " + move);
        }
        assertEquals("", gtp.ok("list_stones b"));
        assertEquals("3", gtp.ok("captures w"));
    }

    /** Black takes a ko at C2 on a 4x3 board, capturing B2; see {@code SetToMoveTest} in env. */
    private static Gtp koTaken(String rules) {
        Gtp gtp = new Gtp(1);
        gtp.ok("tengen-rules " + rules);
        gtp.ok("boardsize 4 3");
        for (String move : new String[] {"b b3", "w c3", "b a2", "w d2", "b b1", "w c1", "w b2", "b c2"}) {
            gtp.ok("play " + move);
        }
        assertEquals("1", gtp.ok("captures b"));
        return gtp;
    }

    @Test
    void koAndSuperko() {
        Gtp gtp = koTaken("tromp-taylor");
        assertEquals("illegal move: it retakes a ko immediately", gtp.error("play w b2"));
        gtp.ok("play w pass");
        // Black to move; White retakes out of turn: no simple-ko ban any more, but the position repeats.
        assertEquals("illegal move: it repeats an earlier position (superko)", gtp.error("play w b2"));
        assertEquals("0", gtp.ok("is_legal w b2"));

        Gtp simple = koTaken("simple-ko");
        assertEquals("illegal move: it retakes a ko immediately", simple.error("play w b2"));
        simple.ok("play w pass");
        simple.ok("play w b2");
        assertEquals("1", simple.ok("captures w"));
    }

    @Test
    void undoRestoresTheSuperkoHistory() {
        Gtp gtp = koTaken("tromp-taylor");
        gtp.ok("play w pass");
        String board = gtp.ok("showboard");
        // Undo the pass and the capture: the capture's position leaves the history, so Black may take again.
        gtp.ok("undo");
        gtp.ok("undo");
        assertEquals("0", gtp.ok("captures b"));
        gtp.ok("play b c2");
        gtp.ok("play w pass");
        assertEquals(board, gtp.ok("showboard"));
        // ...and the position before the capture is still remembered.
        assertEquals("illegal move: it repeats an earlier position (superko)", gtp.error("play w b2"));
        // Back to the start, then replay the whole fight: the same verdicts.
        for (int i = 0; i < 9; i++) {
            gtp.ok("undo");
        }
        assertEquals("cannot undo", gtp.error("undo"));
        assertEquals("", gtp.ok("list_stones b"));
        for (String move : new String[] {"b b3", "w c3", "b a2", "w d2", "b b1", "w c1", "w b2", "b c2"}) {
            gtp.ok("play " + move);
        }
        assertEquals("illegal move: it retakes a ko immediately", gtp.error("play w b2"));
        gtp.ok("play w pass");
        assertEquals("illegal move: it repeats an earlier position (superko)", gtp.error("play w b2"));
    }

    @Test
    void undoStepsBackThroughEveryStateOfARandomGame() {
        Gtp gtp = new Gtp(3);
        gtp.ok("boardsize 7");
        List<String> states = new ArrayList<>();
        states.add(state(gtp));
        for (int i = 0; i < 60; i++) {
            // Mostly alternating, sometimes the same colour twice (out of turn).
            gtp.ok("genmove " + "b w b b w b w w".split(" ")[i % 8]);
            states.add(state(gtp));
        }
        for (int i = states.size() - 1; i > 0; i--) {
            assertEquals(states.get(i), state(gtp), "state after move " + i);
            gtp.ok("undo");
        }
        assertEquals(states.get(0), state(gtp));
        assertEquals("cannot undo", gtp.error("undo"));
    }

    /** Everything GTP can see of a position, legality for both colours included. */
    private static String state(Gtp gtp) {
        return gtp.ok("showboard") + "\n" + gtp.ok("all_legal b") + "\n" + gtp.ok("all_legal w") + "\n"
                + gtp.ok("final_score");
    }

    @Test
    void komiKeepsThePositionAndTheUndoRecord() {
        Gtp gtp = fiveByFive();
        gtp.ok("play b c3");
        gtp.ok("play w d4");
        assertEquals("W+7.5", gtp.ok("final_score"));
        gtp.ok("komi 0.5");
        assertEquals("C3", gtp.ok("list_stones b"));
        assertEquals("D4", gtp.ok("list_stones w"));
        assertEquals("W+0.5", gtp.ok("final_score"));
        gtp.ok("undo");
        assertEquals("B+24.5", gtp.ok("final_score"));
        gtp.ok("undo");
        assertEquals("cannot undo", gtp.error("undo"));
        assertEquals("W+0.5", gtp.ok("final_score"));
    }

    @Test
    void sizeAndRulesChangesClearTheBoardButKeepEachOther() {
        Gtp gtp = fiveByFive();
        gtp.ok("komi 5");
        gtp.ok("play b c3");
        gtp.ok("tengen-rules nz");
        assertEquals("", gtp.ok("list_stones b"));
        assertEquals("cannot undo", gtp.error("undo"));
        assertEquals("nz 5x5 komi=5.0 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
        gtp.ok("play b c3");
        gtp.ok("boardsize 7 4");
        assertEquals("", gtp.ok("list_stones b"));
        assertEquals("nz 7x4 komi=5.0 ko=positional-superko suicide=allowed", gtp.ok("tengen-rules"));
        assertEquals("G4", gtp.ok("all_legal b").split(" ")[6]);
    }

    @Test
    void passesAfterTheEndAreAcceptedAndUndoable() {
        Gtp gtp = fiveByFive();
        gtp.ok("play b c3");
        gtp.ok("play w pass");
        gtp.ok("play b pass");
        assertEquals("B+17.5", gtp.ok("final_score"));
        assertEquals("illegal move: the game is over", gtp.error("play w d4"));
        assertEquals("0", gtp.ok("is_legal w d4"));
        assertEquals("", gtp.ok("all_legal w"));
        gtp.ok("play w pass");
        assertEquals("pass", gtp.ok("genmove b"));
        gtp.ok("undo");
        gtp.ok("undo");
        gtp.ok("undo");
        // Undoing the two extra passes and Black's pass reopens the game.
        gtp.ok("play w d4");
        assertEquals("D4", gtp.ok("list_stones w"));
    }
}
