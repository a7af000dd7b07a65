package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.agent.SearchAgent;

/** genmove under a clock and tengen-analyze, with the network-free MCTS player. */
class SearchCommandsTest {
    private static final String LINE = "([A-HJ-Z]\\d+|pass) visits (\\d+) winrate [01]\\.\\d{4} prior [01]\\.\\d{4}";

    private static Gtp rollouts(int simulations) {
        Gtp gtp = new Gtp(new GtpEngine("Tengen", "1", SearchAgent.rollouts(400, 1, 3), simulations));
        gtp.ok("boardsize 5");
        return gtp;
    }

    private static List<String> analysis(Gtp gtp, String command) {
        List<String> lines = gtp.ok(command).lines().toList();
        assertTrue(!lines.isEmpty() && lines.size() <= AnalysisCommands.ANALYSIS_MOVES, lines.toString());
        for (String line : lines) {
            assertTrue(line.matches(LINE), line);
        }
        return lines;
    }

    private static int visits(List<String> lines) {
        return lines.stream().mapToInt(l -> Integer.parseInt(l.replaceAll(LINE, "$2"))).sum();
    }

    @Test
    void analyzeListsTheLastSearchMostVisitedFirst() {
        Gtp gtp = rollouts(60);
        assertEquals("no search yet in this game: genmove first, or tengen-analyze COLOR",
                gtp.error("tengen-analyze"));
        String move = gtp.ok("genmove b");
        List<String> lines = analysis(gtp, "tengen-analyze");
        assertTrue(lines.get(0).startsWith(move + " "), lines.get(0) + " but played " + move);
        assertTrue(visits(lines) <= 60, lines.toString());
        // A search for White plays nothing.
        String stones = gtp.ok("list_stones b") + "/" + gtp.ok("list_stones w");
        analysis(gtp, "tengen-analyze w");
        analysis(gtp, "tengen-analyze b");
        assertEquals(stones, gtp.ok("list_stones b") + "/" + gtp.ok("list_stones w"));
        gtp.ok("clear_board");
        assertEquals("no search yet in this game: genmove first, or tengen-analyze COLOR",
                gtp.error("tengen-analyze"));
    }

    @Test
    void movesUnderAClockStillSearchAndReply() {
        Gtp gtp = rollouts(60);
        // 1 s for the whole game: about 0.09 s a move on 5x5.
        gtp.ok("time_settings 1 0 0");
        for (int i = 0; i < 4; i++) {
            gtp.ok("genmove " + (i % 2 == 0 ? "b" : "w"));
            analysis(gtp, "tengen-analyze");
        }
        gtp.ok("kgs-time_settings byoyomi 0 1 1");
        gtp.engine.clock().setMargin(0.9);
        gtp.ok("genmove b");
        gtp.ok("kgs-time_settings none");
        gtp.engine.clock().setSecondsPerMove(0.02);
        gtp.ok("genmove w");
        analysis(gtp, "tengen-analyze");
    }
}
