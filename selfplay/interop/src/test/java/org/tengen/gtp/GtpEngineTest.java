package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            komi 1e308         | komi 1.0E308 is out of range -10000..10000
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

    /** The tournament, handicap, SGF and analysis commands; their usages hold '|', so rows are split at '=>'. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", textBlock = """
            final_status_list                 => missing argument, usage: final_status_list alive|dead|seki
            final_status_list zombie          => invalid status 'zombie' (expected alive, dead or seki)
            final_status_list dead alive      => too many arguments, usage: final_status_list alive|dead|seki
            fixed_handicap                    => missing argument, usage: fixed_handicap NUMBER_OF_STONES
            fixed_handicap x                  => expected an integer, got 'x'
            fixed_handicap 2                  => invalid number of stones: no fixed handicap on 5x5
            place_free_handicap 1             => invalid number of stones: a free handicap takes 2..24 stones on 5x5
            place_free_handicap 25            => invalid number of stones: a free handicap takes 2..24 stones on 5x5
            place_free_handicap 2.5           => expected an integer, got '2.5'
            set_free_handicap                 => missing argument, usage: set_free_handicap VERTEX...
            set_free_handicap c3              => invalid number of stones: a free handicap takes 2..24 stones on 5x5, got 1
            set_free_handicap c3 c3           => bad vertex list: C3 is given twice
            set_free_handicap c3 pass         => bad vertex list: pass is not a handicap stone
            set_free_handicap c3 z9           => vertex 'z9' is off the 5x5 board
            time_settings 1 2                 => missing argument, usage: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES
            time_settings a 2 3               => expected a number, got 'a'
            time_settings -1 0 0              => main time must be a finite number >= 0, got -1.0
            time_settings 60 Infinity 1       => byo-yomi time must be a finite number >= 0, got Infinity
            time_settings 60 10 1.5           => expected an integer, got '1.5'
            time_settings 60 10 -1            => byo-yomi stones must not be negative, got -1
            time_left b 10                    => missing argument, usage: time_left COLOR TIME STONES
            time_left x 10 0                  => invalid color 'x' (expected b, w, black or white)
            time_left b 10 -1                 => stones must not be negative, got -1
            time_left b NaN 0                 => time left must be a finite number of seconds, got NaN
            kgs-time_settings                 => missing argument, usage: kgs-time_settings none|absolute|byoyomi|canadian [MAIN_TIME] [PERIOD_TIME] [PERIODS|STONES]
            kgs-time_settings fischer 60      => invalid time system 'fischer' (expected none, absolute, byoyomi or canadian)
            kgs-time_settings none 5          => none takes 0 numbers, got 1
            kgs-time_settings absolute        => absolute takes 1 number, got 0
            kgs-time_settings byoyomi 60 10   => byoyomi takes 3 numbers, got 2
            kgs-time_settings canadian 60 0 5 => byo-yomi time must be a positive finite number, got 0.0
            kgs-time_settings byoyomi 60 10 0 => periods must be at least 1, got 0
            kgs-time_settings canadian 1 1 x  => expected an integer, got 'x'
            loadsgf                           => missing argument, usage: loadsgf FILE [MOVE_NUMBER]
            loadsgf game.sgf 0                => move number must be at least 1, got 0
            loadsgf game.sgf two              => expected an integer, got 'two'
            loadsgf a b c                     => too many arguments, usage: loadsgf FILE [MOVE_NUMBER]
            printsgf a b                      => too many arguments, usage: printsgf [FILE]
            kgs-genmove_cleanup               => missing argument, usage: kgs-genmove_cleanup COLOR
            kgs-genmove_cleanup pass          => invalid color 'pass' (expected b, w, black or white)
            tengen-analyze purple             => invalid color 'purple' (expected b, w, black or white)
            tengen-analyze b w                => too many arguments, usage: tengen-analyze [COLOR]
            tengen-analyze b                  => no search to show: this engine plays without one (start it with --model or --player mcts-rollout)
            """)
    void badInputToTheNewerCommandsIsAnsweredWithAMessage(String command, String message) {
        badInputIsAnsweredWithAMessage(command, message);
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

    @Test
    void printsgfAfterLoadsgfKeepsThePlayersDateNameAndRootComment(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path tmp) throws IOException {
        java.nio.file.Path file = tmp.resolve("game.sgf");
        java.nio.file.Files.writeString(file, "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Tromp-Taylor]PB[Honinbo]PW[Meijin]"
                + "DT[1846-09-11]GN[Ear-reddening game]C[A famous game];B[cc];W[bc])");
        Gtp gtp = new Gtp(1);
        gtp.ok("loadsgf " + file);
        gtp.ok("play b D3");
        String sgf = gtp.ok("printsgf");
        for (String kept : new String[] {"PB[Honinbo]", "PW[Meijin]", "DT[1846-09-11]", "GN[Ear-reddening game]",
            "C[A famous game]", ";B[dc]"}) {
            assertTrue(sgf.contains(kept), kept + " in " + sgf);
        }
        gtp.ok("clear_board");
        assertFalse(gtp.ok("printsgf").contains("Honinbo"), "a new game is not the loaded one");
    }

    @Test
    void sabakisRectangularBoardsizeSetsWidthAndHeight() {
        Gtp gtp = new Gtp(1);
        gtp.ok("rectangular_boardsize 7 5");
        gtp.ok("play b G5");
        assertTrue(gtp.error("play w A6").contains("A6"), "row 6 is off a 7x5 board");
        assertTrue(gtp.error("rectangular_boardsize 7").contains("usage: rectangular_boardsize WIDTH HEIGHT"));
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
        // Tromp-Taylor counts the board as it stands: a stone each, the empty points touching both, so komi decides.
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
    void passesAfterTheEndChangeNothingAndAStoneResumesTheGame() {
        Gtp gtp = fiveByFive();
        gtp.ok("play b c3");
        gtp.ok("play w pass");
        gtp.ok("play b pass");
        assertEquals("B+17.5", gtp.ok("final_score"));
        gtp.ok("play w pass");
        assertEquals("pass", gtp.ok("genmove b"));
        assertEquals("B+17.5", gtp.ok("final_score"));
        // The controller decides when the game is over: a stone resumes it (KGS cleans up dead stones so).
        assertEquals("1", gtp.ok("is_legal w d4"));
        assertEquals("0", gtp.ok("is_legal w c3"));
        gtp.ok("play w d4");
        assertEquals("D4", gtp.ok("list_stones w"));
        gtp.ok("play b pass");
        assertNotEquals("pass", gtp.ok("genmove w"), "one pass does not end the resumed game");
        gtp.ok("undo");
        gtp.ok("play w pass");
        assertEquals("pass", gtp.ok("genmove b"), "two more passes end it again");
        // Undo steps back through all of it: the resumption, the passes after the end, the end.
        for (int i = 0; i < 4; i++) {
            gtp.ok("undo");
        }
        assertEquals("", gtp.ok("list_stones w"));
        assertEquals("pass", gtp.ok("genmove w"), "over again before the stone");
        for (int i = 0; i < 4; i++) {
            gtp.ok("undo");
        }
        // Back to one pass: the game goes on as usual.
        gtp.ok("play b d4");
        assertEquals("D4 C3", gtp.ok("list_stones b"));
    }
}
