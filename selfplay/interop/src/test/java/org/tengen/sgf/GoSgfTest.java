package org.tengen.sgf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Status;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.game.GameHistory.Move;
import org.tengen.sgf.GameRecord.Annotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The Go layer: records to SGF and back, real-world files, errors, replaying. */
class GoSgfTest {

    private static final int B = Stone.BLACK;
    private static final int W = Stone.WHITE;

    private static int a(int width, int x, int y) {
        return y * width + x;
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"tromp-taylor, 19, 19", "tromp-taylor, 9, 9", "chinese, 7, 5", "simple-ko, 5, 7", "aga, 9, 9",
        "nz, 13, 13", "tromp-taylor, 1, 1", "tromp-taylor, 25, 25", "tromp-taylor, 52, 3"})
    void randomGamesRoundTripAndReplayToTheSamePosition(String preset, int width, int height) {
        Rules rules = Preset.byName(preset).rules(width, height).withMaxMoves(4 * width * height);
        RandomRecords.Played played = RandomRecords.play(new Game(rules), width * 100L + height, 3 * width * height);
        GameRecord record = played.record();
        String text = GoSgf.format(record);
        GameRecord back = GoSgf.parse(text);
        assertEquals(record, back);
        assertEquals(text, GoSgf.format(back));
        Game replayed = back.history().replay();
        assertEquals(played.game().board().hash(), replayed.board().hash());
        assertEquals(played.game().score(), replayed.score());
        assertEquals(played.game().status() == Status.ENDED_BY_PASSES, replayed.status() == Status.ENDED_BY_PASSES);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"aga", "nz", "chinese", "tromp-taylor"})
    void handicapGamesRoundTrip(String preset) {
        Rules rules = Preset.byName(preset).rules(9, 9, 4);
        Game game = new Game(rules);
        if (game.board().stoneCount() == 0 && preset.equals("chinese")) {
            game.setUpStones(new int[] {a(9, 2, 2), a(9, 6, 2), a(9, 2, 6), a(9, 6, 6)}, new int[0], W);
        }
        RandomRecords.Played played = RandomRecords.play(game, 7, 60);
        GameRecord record = played.record();
        String text = GoSgf.format(record);
        assertTrue(text.contains("HA[4]"), text);
        GameRecord back = GoSgf.parse(text);
        assertEquals(record, back);
        assertEquals(played.game().board().hash(), back.history().replay().board().hash());
        assertEquals(played.game().score(), back.history().replay().score());
    }

    /**
     * Found by GtpFuzzTest: White playing first on an empty board with Black to move (GTP allows it) was written
     * without PL, so it read back with White as the first player and printed differently.
     */
    @Test
    void aFirstMoveOutOfTurnKeepsTheFirstPlayer() {
        Game game = new Game(Rules.trompTaylor(5));
        game.playAs(Stone.WHITE, 12);
        GameRecord record = GameRecord.builder(game.history()).build();
        String sgf = GoSgf.format(record);
        assertEquals(record.history(), GoSgf.parse(sgf).history(), sgf);
    }

    @Test
    void fixedHandicapIsWrittenAsSetUpStones() {
        Rules rules = Preset.AGA.rules(9, 9, 2);
        Game game = new Game(rules);
        game.play(a(9, 4, 4));
        GameRecord record = GameRecord.builder(game.history()).optMoveComment(0, "tengen").build();
        assertEquals("""
                (;FF[4]GM[1]CA[UTF-8]AP[Tengen]SZ[9]KM[0.5]RU[AGA]HA[2]PL[W]AB[gc][cg]
                ;W[ee]C[tengen])
                """, GoSgf.format(record));
        // A file without AB under fixed-handicap rules gets the rules' stones, so it reads as the same record.
        assertEquals(record, GoSgf.parse("(;GM[1]SZ[9]KM[0.5]RU[AGA]HA[2];W[ee]C[tengen])"));
    }

    @Test
    void writesEveryFieldInAFixedOrder() {
        Rules rules = Preset.TROMP_TAYLOR.rules(7, 5);
        Game game = new Game(rules);
        game.play(a(7, 3, 2));
        game.play(rules.passAction());
        game.play(rules.passAction());
        GameRecord record = GameRecord.builder(game.history())
                .optMoveComment(0, "value 0.52")
                .optMoveExtra(2, SgfProperty.of("BL", "12.5"))
                .optResult("B+3.5").optPlayers("Alpha [a]", "Beta\\").optDate("2025-06-01").optGameName("g1")
                .optComment("first line\nsecond ] line").optExtra(SgfProperty.of("XTENGEN", "gen 3"))
                .build();
        String text = GoSgf.format(record);
        assertEquals("""
                (;FF[4]GM[1]CA[UTF-8]AP[Tengen]SZ[7:5]KM[7.5]RU[Tromp-Taylor]PB[Alpha [a\\]]PW[Beta\\\\]DT[2025-06-01]\
                GN[g1]RE[B+3.5]C[first line
                second \\] line]XTENGEN[gen 3]
                ;B[dc]C[value 0.52]
                ;W[]
                ;B[]BL[12.5])
                """, text);
        assertEquals(record, GoSgf.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"B+3.5", "W+R", "0", "Draw", "Void", "?", "B+T", "W+F", "B+", "W+12", "W+Resign",
        "something else"})
    void resultValuesRoundTripVerbatim(String re) {
        GameRecord record = GameRecord.builder(Rules.trompTaylor(9)).optResult(re).build();
        assertEquals(re, GoSgf.parse(GoSgf.format(record)).result());
    }

    @ParameterizedTest
    @CsvSource({"B+3.5, POINTS, 1, 3.5, B+3.5", "w+r, RESIGN, 2, 0, W+R", "W+Resign, RESIGN, 2, 0, W+R",
        "0, DRAW, 0, 0, 0", "Draw, DRAW, 0, 0, 0", "Jigo, DRAW, 0, 0, 0", "Void, VOID, 0, 0, Void",
        "?, UNKNOWN, 0, 0, ?", "B+T, TIME, 1, 0, B+T", "W+Forfeit, FORFEIT, 2, 0, W+F", "B+, WIN, 1, 0, B+",
        "W+12.0, POINTS, 2, 12, W+12", "B+x, UNKNOWN, 0, 0, ?", "B+0, UNKNOWN, 0, 0, ?", "B+0.3, UNKNOWN, 0, 0, ?"})
    void resultsParseLeniently(String re, GameResult.Kind kind, int winner, double margin, String canonical) {
        GameResult r = GameResult.parse(re);
        assertEquals(new GameResult(kind, winner, margin), r);
        assertEquals(canonical, r.toSgf());
    }

    @Test
    void resultOfAGame() {
        Game g = new Game(Rules.trompTaylor(3));
        assertEquals("", GameResult.of(g));
        g.play(4);
        g.play(9);
        g.play(9);
        assertEquals("B+1.5", GameResult.of(g));
        Game r = new Game(Rules.trompTaylor(3));
        r.resign(B);
        assertEquals("W+R", GameResult.of(r));
        Game t = new Game(Rules.trompTaylor(3).withMaxMoves(1));
        t.play(0);
        assertEquals("Void", GameResult.of(t));
    }

    @Test
    void readsAKgsStyleHandicapGame() {
        GameRecord r = GoSgf.parse("""
                (;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
                RU[Japanese]SZ[19]HA[2]KM[0.50]TM[0]
                PW[white]PB[black]WR[2k]BR[4k]DT[2010-01-01]PC[The KGS Go Server]RE[W+Resign]
                AB[dp][pd]
                ;W[qp]BL[30]C[white [2k\\]: hi
                ]
                ;B[oq];W[]
                ;B[tt])
                """);
        assertEquals("Japanese", r.rulesName());
        assertEquals(SgfRules.rules("", 19, 19, 0.5, 2), r.rules());
        assertEquals(List.of(a(19, 15, 3), a(19, 3, 15)), r.history().blackStones());
        assertEquals(W, r.history().firstPlayer());
        assertEquals(List.of(SgfProperty.of("BL", "30")), r.annotations().get(0).extra());
        assertEquals("white [2k]: hi\n", r.annotations().get(0).comment());
        assertEquals(361, r.history().moves().get(2).action());
        assertEquals(361, r.history().moves().get(3).action(), "tt is pass on 19x19");
        assertEquals(new GameResult(GameResult.Kind.RESIGN, W, 0), GameResult.parse(r.result()));
        assertEquals(List.of("ST", "TM", "WR", "BR", "PC"), r.extra().stream().map(SgfProperty::id).toList());
        assertEquals("black", r.blackPlayer());
        Game g = r.history().replay();
        assertEquals(4, g.turns());
        assertEquals(Status.ENDED_BY_PASSES, g.status());
        assertEquals(Stone.BLACK, g.board().colourAt(3, 15));
        assertEquals(Stone.WHITE, g.board().colourAt(16, 15));
    }

    @Test
    void readsVariationsOldIdentifiersCompressedListsAndFoldsMovelessNodes() {
        GameRecord r = GoSgf.parse("""
                (;GaMe[1]SiZe[9]
                ;AddBlack[aa:bc]AddWhite[ee]PL[W]C[set-up]
                (;White[gg]
                  ;C[just a comment]LB[gg:1]
                  ;Black[hh]
                  (;W[ii])
                  (;W[ia]))
                (;W[ff]))
                """);
        assertEquals(Rules.trompTaylor(9).withKomi(0), r.rules());
        assertEquals(List.of(0, 1, 9, 10, 18, 19), r.history().blackStones());
        assertEquals(List.of(a(9, 4, 4)), r.history().whiteStones());
        assertEquals(W, r.history().firstPlayer());
        assertEquals("set-up", r.comment());
        assertEquals(List.of(new Move(W, a(9, 6, 6)), new Move(B, a(9, 7, 7)), new Move(W, a(9, 8, 8))),
                r.history().moves());
        assertEquals(List.of(new Annotation("just a comment", List.of(SgfProperty.of("LB", "gg:1"))),
                Annotation.NONE, Annotation.NONE), r.annotations());
    }

    @Test
    void readsAMoveInTheRootAndTtAsAPointOnBigBoards() {
        GameRecord r = GoSgf.parse("(;SZ[25]B[tt]C[game comment];W[aa])");
        assertEquals(List.of(new Move(B, a(25, 19, 19)), new Move(W, 0)), r.history().moves());
        assertEquals("game comment", r.comment());
        assertEquals(B, r.history().firstPlayer());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            (;SZ[9]HA[2]AB[cc][gg])          | 2
            (;SZ[9]AB[cc][gg])               | 1
            (;SZ[9]RU[AGA]HA[2])             | 2
            (;SZ[9]RU[Chinese]HA[2])         | 1
            (;SZ[9]PL[w])                    | 2
            (;SZ[9]HA[2]AB[cc][gg]PL[B])     | 1
            (;SZ[9]HA[2]AB[cc][gg];B[ee])    | 1
            """)
    void playerToMoveDefaultsSensibly(String sgf, int player) {
        GameRecord r = GoSgf.parse(sgf);
        assertEquals(player, r.history().firstPlayer());
        assertEquals(player, r.history().replay(0).toMove());
    }

    @Test
    void compressedListsExpandWithCornersInAnyOrder() {
        assertEquals(List.of(0, 1, 5, 6), SgfPoints.list(List.of("bb:aa"), 5, 5));
        assertEquals(List.of(20, 21, 22), SgfPoints.list(List.of("ae:ce"), 5, 5));
        assertEquals(List.of(18, 2), SgfPoints.list(List.of("dd:dd", "ca"), 5, 5));
        assertEquals(List.of(26 + 52 * 51), SgfPoints.list(List.of("AZ"), 52, 52));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            (;GM[2])                          | GM[2] is not a game of Go (GM[1])
            (;SZ[abc])                        | SZ[abc] is not a board size: expected e.g. 19 or 7:5 (columns:rows), each 1..52
            (;SZ[53])                         | SZ[53] is not a board size: expected e.g. 19 or 7:5 (columns:rows), each 1..52
            (;SZ[9:0])                        | SZ[9:0] is not a board size: expected e.g. 19 or 7:5 (columns:rows), each 1..52
            (;KM[six])                        | KM[six] is not a komi: expected a multiple of 0.5 such as 7.5
            (;HA[-1])                         | HA[-1] is not a handicap: expected a number of stones
            (;SZ[5]RU[AGA]HA[2])              | RU[AGA] with HA[2]: fixed handicap 2 does not fit a 5x5 board (at most 0)
            (;PL[X])                          | PL[X] is neither B nor W
            (;SZ[9];B[aa];B[zz])              | move 2 B[zz]: point 'zz' is off the 9x9 board
            (;SZ[9];B[d])                     | move 1 B[d]: 'd' is not a point: expected two letters a-z or A-Z
            (;SZ[9];B[aa]W[bb])               | node 2 holds both a black and a white move
            (;SZ[9];B[aa];AB[bb];W[cc])       | node 3 after move 1: set-up (AB) after the first move is not supported
            (;SZ[9];B[aa];W[cc]AE[aa])        | move 2: set-up (AE) after the first move is not supported
            (;SZ[9]AB[aa][bb:zz])             | node 1: AB: point 'zz' is off the 9x9 board
            (;SZ[9]AB[aa]AW[aa])              | node 1: point aa is in both AB and AW
            """)
    void badGoPropertiesAreReportedClearly(String sgf, String message) {
        assertEquals(message, assertThrows(SgfException.class, () -> GoSgf.parse(sgf)).getMessage());
    }

    @Test
    void illegalMovesAreReportedWithTheMoveNumberAndReason() {
        GameHistory occupied = GoSgf.parse("(;SZ[9];B[ee];W[dd];B[dd])").history();
        assertEquals("move 3 (black D6) is illegal: the point is occupied",
                assertThrows(IllegalArgumentException.class, occupied::replay).getMessage());
        assertEquals(2, occupied.replay(2).turns());

        // Chinese rules forbid suicide: White's stone in the corner would have no liberties.
        GameHistory suicide = GoSgf.parse("(;SZ[5]RU[Chinese];B[ba];W[ee];B[ab];W[aa])").history();
        assertEquals("move 4 (white A5) is illegal: it is suicide, which these rules forbid",
                assertThrows(IllegalArgumentException.class, suicide::replay).getMessage());

        GameHistory dead = GoSgf.parse("(;SZ[3]AB[aa]AW[ba][ab])").history();
        assertEquals("the set-up stones are not a valid position: a set-up stone may not capture or be without "
                + "liberties", assertThrows(IllegalArgumentException.class, dead::replay).getMessage());
    }

    @Test
    void movesReplayAsGtpPlaysThem() {
        // Either colour may move at any time; a stone after two passes resumes the game, a pass after them is kept.
        Game twice = GoSgf.parse("(;SZ[9];B[ee];B[dd])").history().replay();
        assertEquals(2, twice.board().stoneCount());
        assertEquals(W, twice.toMove());
        Game resumed = GoSgf.parse("(;SZ[5];B[];W[];B[];W[cc])").history().replay();
        assertEquals(Status.PLAYING, resumed.status());
        assertEquals(3, resumed.turns(), "the pass after the end is no turn");
        assertEquals(B, resumed.toMove());
    }

    @Test
    void nzHandicapPassesMayBeWrittenOrLeftOut() {
        // NZ: White passes after each free handicap stone but the last; files may record those passes or not.
        Rules nz = Preset.NZ.rules(9, 9, 3);
        GameRecord without = GoSgf.parse("(;SZ[9]RU[NZ]HA[3]KM[0];B[cc];B[gc];B[cg];W[ee])");
        GameRecord with = GoSgf.parse("(;SZ[9]RU[NZ]HA[3]KM[0];B[cc];W[];B[gc];W[];B[cg];W[ee])");
        assertEquals(nz, without.rules());
        assertEquals(without, with, "the written passes are the rules' own, not moves");
        assertEquals(Stone.BLACK, with.history().replay().toMove());
        assertEquals(6, with.history().replay().turns());
        // A written pass's comment joins the stone's; a White pass after the handicap stones is a move.
        GameRecord commented = GoSgf.parse("(;SZ[9]RU[NZ]HA[2]KM[0];B[cc]C[one];W[]C[two];B[gc];W[];W[])");
        assertEquals(List.of(new Move(B, a(9, 2, 2)), new Move(B, a(9, 6, 2)), new Move(W, 81), new Move(W, 81)),
                commented.history().moves());
        assertEquals("one\n\ntwo", commented.annotations().get(0).comment());
        assertEquals(Status.ENDED_BY_PASSES, commented.history().replay().status());
        // Tengen writes the rules' pass only before a real White pass (played out of turn), which then stays a move.
        Game game = new Game(nz);
        game.play(a(9, 2, 2));
        game.playAs(W, game.passAction());
        GameRecord real = GameRecord.builder(game.history()).build();
        String text = GoSgf.format(real);
        assertTrue(text.endsWith(";B[cc]\n;W[]\n;W[])\n"), text);
        assertEquals(real, GoSgf.parse(text));
        assertEquals(Status.ENDED_BY_PASSES, GoSgf.parse(text).history().replay().status());
    }

    @Test
    void rulesNamesMapToPresetsBothWays() {
        for (Preset p : Preset.values()) {
            assertEquals(p, SgfRules.preset(SgfRules.name(p)).orElseThrow());
            assertEquals(p, SgfRules.preset(p.id()).orElseThrow());
            assertEquals(SgfRules.name(p), SgfRules.name(p.rules(13, 9, 3).withMaxMoves(500)));
        }
        assertEquals(Preset.TROMP_TAYLOR, SgfRules.preset("Tromp Taylor").orElseThrow());
        assertEquals(Preset.NZ, SgfRules.preset("New Zealand").orElseThrow());
        assertEquals(Preset.CHINESE, SgfRules.preset("chinese").orElseThrow());
        assertFalse(SgfRules.preset("Japanese").isPresent());
        Rules custom = Rules.trompTaylor(9).withSuicideAllowed(false);
        assertEquals(custom.describe(), SgfRules.name(custom));
        GameRecord read = GoSgf.parse(GoSgf.format(GameRecord.builder(custom).build()));
        assertEquals(custom.describe(), read.rulesName());
        assertEquals(Rules.trompTaylor(9), read.rules(), "unknown RU is replayed under the default preset");
    }

    @Test
    void recordsRejectInconsistentValues() {
        Rules rules = Rules.trompTaylor(5);
        GameHistory oneMove = new GameHistory(rules, List.of(), List.of(), B, List.of(new Move(B, 12)),
                GameHistory.Ending.NONE);
        assertThrows(IllegalArgumentException.class, () -> new GameHistory(rules, List.of(), List.of(), B,
                List.of(new Move(B, 26)), GameHistory.Ending.NONE));
        assertThrows(IllegalArgumentException.class, () -> new Move(Stone.EMPTY, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new Annotation("", List.of(SgfProperty.of("W", "aa"))));
        assertThrows(IllegalArgumentException.class, () -> new GameRecord(oneMove, "", List.of(), "", "", "", "",
                "", "", List.of()), "one annotation per move");
        assertThrows(IllegalArgumentException.class, () -> GameRecord.builder(oneMove).optMoveComment(1, "x"));
        assertThrows(IllegalArgumentException.class,
                () -> GameRecord.builder(rules).optExtra(SgfProperty.of("KM", "5")).build());
    }

    @Test
    void filesAreWrittenAsUtf8AndReadBack(@TempDir Path dir) throws Exception {
        Game game = new Game(Rules.trompTaylor(9));
        game.play(40);
        GameRecord record = GameRecord.builder(game.history()).optPlayers("李昌镐", "Müller")
                .optMoveComment(0, "中央").build();
        Path file = dir.resolve("game.sgf");
        GoSgf.write(file, record);
        assertEquals(record, GoSgf.read(file));
        assertTrue(Files.readString(file).startsWith("(;FF[4]GM[1]CA[UTF-8]"));
        SgfException missing = assertThrows(SgfException.class, () -> GoSgf.read(dir.resolve("none.sgf")));
        assertTrue(missing.getMessage().startsWith("cannot read " + dir.resolve("none.sgf")), missing.getMessage());
    }
}
