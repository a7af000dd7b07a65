package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.agent.RandomAgent;
import org.tengen.env.game.Game;

/**
 * final_status_list and final_score by Monte-Carlo ownership and by a network's search-averaged ownership, and
 * kgs-genmove_cleanup capturing dead stones instead of passing.
 */
class FinalStatusTest {

    /**
     * Loads a diagram (X black, O white, . empty; top row first) as SGF set-up stones with Black to move, under
     * Chinese rules: they remove dead stones before the count, so final_score shows the judge's verdict.
     */
    private static void load(Gtp gtp, Path tmp, String diagram) throws IOException {
        List<String> rows = diagram.lines().map(l -> l.replace(" ", "")).toList();
        StringBuilder black = new StringBuilder();
        StringBuilder white = new StringBuilder();
        for (int y = 0; y < rows.size(); y++) {
            for (int x = 0; x < rows.get(y).length(); x++) {
                String point = "[" + (char) ('a' + x) + (char) ('a' + y) + "]";
                switch (rows.get(y).charAt(x)) {
                    case 'X' -> black.append(point);
                    case 'O' -> white.append(point);
                    default -> { }
                }
            }
        }
        Path file = tmp.resolve("position.sgf");
        Files.writeString(file, "(;GM[1]SZ[" + rows.get(0).length() + ":" + rows.size() + "]KM[7.5]RU[Chinese]"
                + "AB" + black + "AW" + white + "PL[B])");
        gtp.ok("loadsgf " + file);
    }

    /**
     * A finished 9x9 game at komi 0.5 (a reported defect): Black's wall on E and White's on F; White's B5 and C7 are
     * dead in Black's area, Black's H5 in White's. GNU Go says C7 B5 H5 and B+8.5 (Black 36 + 9 points, White 27 + 9).
     */
    private static final String WALLS = """
            . . . . X O . . .
            . . . . X O . . .
            . . O . X O . . .
            . . . . X O . . .
            . O . . X O . X .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            """;

    @Test
    void aNetworksOwnershipFindsTheDeadStonesOnBothSidesAndScoresWithoutThem(@TempDir Path tmp) throws IOException {
        String owners = "b b b b b w w w w\n".repeat(9);
        GtpEngine engine = OracleNetwork.engine(OracleNetwork.ownership(owners), 50);
        engine.setDeadStoneJudge(DeadStoneJudge.NETWORK);
        Gtp gtp = new Gtp(engine);
        load(gtp, tmp, WALLS);
        gtp.ok("komi 0.5");
        assertEquals("C7\nB5\nH5", gtp.ok("final_status_list dead"));
        assertEquals("B+8.5", gtp.ok("final_score"), "area after removing the dead stones, komi 0.5");
        assertEquals("E9 E8 E7 E6 E5 E4 E3 E2 E1\nF9 F8 F7 F6 F5 F4 F3 F2 F1", gtp.ok("final_status_list alive"));
        assertEquals("", gtp.ok("final_status_list seki"));
        assertEquals("C7\nB5\nH5", gtp.ok("final_status_list dead"), "asked again: the same search");
    }

    @Test
    void thePlayoutsFindTheDeadStonesOnBothSidesOfTheWalls(@TempDir Path tmp) throws IOException {
        Gtp gtp = new Gtp(1);
        load(gtp, tmp, WALLS);
        gtp.ok("komi 0.5");
        // The reported defect: White's two stones live in Black's wide area in almost half of the random playouts (B5's
        // mean ownership is about +0.1 from White's view), so only a chain owned by more than that lives.
        assertEquals("C7\nB5\nH5", gtp.ok("final_status_list dead"));
        assertEquals("B+8.5", gtp.ok("final_score"));
    }

    @Test
    void theNetworkJudgeFallsBackToThePlayoutsWithoutOwnership(@TempDir Path tmp) throws IOException {
        GtpEngine engine = new GtpEngine("Tengen", "1", new RandomAgent(1), 1);
        engine.setDeadStoneJudge(DeadStoneJudge.NETWORK);
        Gtp gtp = new Gtp(engine);
        load(gtp, tmp, WALLS);
        gtp.ok("komi 0.5");
        assertEquals("C7\nB5\nH5", gtp.ok("final_status_list dead"));
    }

    @Test
    void judgesAreNamedOnlyByTheirNames() {
        assertEquals(DeadStoneJudge.NETWORK, DeadStoneJudge.byName("Network"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeadStoneJudge.byName("auto"));
        assertEquals("unknown dead-stone judge 'auto' (expected playouts or network)", e.getMessage());
    }

    @Test
    void twoInnerChainsSharingTheirOnlyTwoLibertiesAreInSeki(@TempDir Path tmp) throws IOException {
        Gtp gtp = new Gtp(1);
        // Black B7 and White's A6-D7 both have exactly A7 and C7; filling either is self-atari for both sides.
        load(gtp, tmp, """
                . X . O X . X
                O O O O X X X
                X X X X X . X
                . X . X X X X
                X X X X . X X
                X . X X X X .
                X X X . X X X
                """);
        assertEquals("B7\nD7 A6 B6 C6 D6", gtp.ok("final_status_list seki"));
        assertEquals("", gtp.ok("final_status_list dead"));
        String alive = gtp.ok("final_status_list alive");
        assertEquals(1, alive.lines().count(), alive);
        assertEquals(33, alive.split(" ").length, alive);
        assertEquals(gtp.ok("final_status_list seki"), gtp.ok("final_status_list SEKI"), "the same answer twice");
    }

    @Test
    void deadStonesInsideTheOpponentsAreaOnBothSides(@TempDir Path tmp) throws IOException {
        Gtp gtp = new Gtp(1);
        // Black's D8 alone in White's area; White's F3-G3-F2 walled in by Black with two liberties and no eye.
        load(gtp, tmp, """
                . . . . . . . . .
                . . . X . . . . .
                . . . . . . . . .
                O O O O O O O O O
                X X X X X X X X X
                . . . . X X X X X
                . . . . X O O . X
                . . . . X O . X X
                . . . . X X X X .
                """);
        assertEquals("D8\nF3 G3 F2", gtp.ok("final_status_list dead"));
        assertEquals("A6 B6 C6 D6 E6 F6 G6 H6 J6\n"
                + "A5 B5 C5 D5 E5 F5 G5 H5 J5 E4 F4 G4 H4 J4 E3 J3 E2 H2 J2 E1 F1 G1 H1",
                gtp.ok("final_status_list alive"));
        assertEquals("", gtp.ok("final_status_list seki"));
    }

    /** White's B2 is dead inside Black's area; the generator always passes, as a network may at the end. */
    private static final String DEAD_B2 = """
            . . . . . . .
            . . . . . . .
            O O O O O O O
            X X X X X X X
            . . . . . . .
            . O . . . . .
            . . . . . . .
            """;

    @Test
    void cleanupCapturesDeadStonesBeforePassing(@TempDir Path tmp) throws IOException {
        Agent passer = new Agent() {
            @Override
            public String name() {
                return "passer";
            }

            @Override
            public void act(Game[] games, int[] actions, Budget budget) {
                actions[0] = games[0].passAction();
            }
        };
        Gtp gtp = new Gtp(new GtpEngine("Tengen", "1", passer, 1));
        load(gtp, tmp, DEAD_B2);
        assertEquals("pass", gtp.ok("genmove b"));
        assertEquals("pass", gtp.ok("genmove w"));
        // The game is over; as on KGS after a dispute over dead stones, cleanup plays on.
        assertEquals("pass", gtp.ok("genmove b"));
        gtp.ok("undo");
        StringBuilder moves = new StringBuilder();
        for (int i = 0; i < 12 && gtp.ok("list_stones w").contains("B2"); i++) {
            moves.append(gtp.ok("kgs-genmove_cleanup b")).append(' ');
            moves.append(gtp.ok("kgs-genmove_cleanup w")).append(' ');
        }
        // Black fills B2's liberties, fewest-liberty target first, lowest point first; White has nothing to clean.
        assertEquals("B3 pass A2 pass C2 pass B1 pass", moves.toString().strip());
        assertEquals("1", gtp.ok("captures b"));
        assertEquals("pass", gtp.ok("kgs-genmove_cleanup b"), "nothing dead is left");
    }
}
