package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.SearchAgent;

/**
 * Live analysis: the grammar of every info line, interruption by the next input line through {@link GtpEngine#run},
 * the streamed genmove, GoGui's analyze commands, and the commands' listing.
 */
class GtpAnalyzeTest {
    private static final List<String> ANALYSIS_COMMANDS = List.of("lz-analyze", "kata-analyze", "analyze",
            "lz-genmove_analyze", "kata-genmove_analyze", "genmove_analyze", "gogui-analyze_commands",
            "tengen-policy", "tengen-visits", "tengen-ownership");

    private static GtpEngine rollouts(int simulations) {
        GtpEngine engine = new GtpEngine("Tengen", "1", SearchAgent.rollouts(simulations, 1, 3), 50);
        engine.setBoardSize(5, 5);
        return engine;
    }

    /** The lines of a streamed reply through execute(): after "=id" and before the blank line. */
    private static List<String> streamed(GtpEngine engine, String command, String id) {
        String reply = engine.execute(command);
        assertNotNull(reply);
        assertTrue(reply.startsWith("=" + id + "\n"), reply);
        assertTrue(reply.endsWith("\n\n"), reply);
        assertEquals(reply.length() - 2, reply.indexOf("\n\n"), "one blank line, at the end: " + reply);
        String body = reply.substring(id.length() + 2, reply.length() - 1);
        return body.isEmpty() ? List.of() : body.lines().toList();
    }

    @Test
    void kataAnalyzeLinesFollowKataGosGrammar() {
        GtpEngine engine = rollouts(300);
        Gtp gtp = new Gtp(engine);
        gtp.ok("play b c3");
        gtp.ok("play w d4");
        List<String> lines = streamed(engine, "12 kata-analyze b 1 rootInfo true pvVisits true pvEdgeVisits true "
                + "ownership true minmoves 2", "12");
        assertFalse(lines.isEmpty());
        for (String line : lines) {
            InfoLine info = InfoLine.parse(line, true);
            assertNotNull(info.rootInfo(), line);
            assertFalse(line.contains("ownership"), "no ownership without one: " + line);
        }
        InfoLine last = InfoLine.parse(lines.get(lines.size() - 1), true);
        // The final report: the whole budget, and the root's visits are its children's plus its own evaluation.
        int children = last.moves().stream().mapToInt(InfoLine::visits).sum();
        assertEquals(InfoLine.visits(last.rootInfo()), children + 1, lines.get(lines.size() - 1));
        assertTrue(children >= 300, "searched the cap: " + children);
        // Nothing was played, and the search is what tengen-analyze shows, most visited first.
        assertEquals("C3", gtp.ok("list_stones b"));
        String best = last.moves().get(0).get("move").get(0);
        assertTrue(gtp.ok("tengen-analyze").startsWith(best + " "), best);
    }

    @Test
    void lzAnalyzeLinesFollowLeelaZerosGrammar() {
        GtpEngine engine = rollouts(200);
        List<String> lines = streamed(engine, "lz-analyze w interval 1 maxmoves 3", "");
        assertFalse(lines.isEmpty());
        for (String line : lines) {
            InfoLine info = InfoLine.parse(line, false);
            assertTrue(info.moves().size() <= 3, line);
        }
        // minmoves shows unvisited moves too: all 26 actions of 5x5 when asked.
        InfoLine all = InfoLine.parse(streamed(rollouts(10), "lz-analyze b 1 minmoves 100", "").get(0), false);
        assertEquals(26, all.moves().size());
    }

    @Test
    void winratesAreFromTheAnalysedPlayersView() {
        // Black owns the board but for one point: good for Black, bad for White.
        GtpEngine engine = rollouts(200);
        Gtp gtp = new Gtp(engine);
        for (String v : List.of("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "e3")) {
            gtp.ok("play b " + v);
        }
        double black = InfoLine.number(InfoLine.parse(last(streamed(engine, "kata-analyze b 1 rootInfo true", "")),
                true).rootInfo(), "winrate");
        double white = InfoLine.number(InfoLine.parse(last(streamed(engine, "kata-analyze w 1 rootInfo true", "")),
                true).rootInfo(), "winrate");
        assertTrue(black > 0.6 && white < 0.4, black + " / " + white);
    }

    private static String last(List<String> lines) {
        assertFalse(lines.isEmpty());
        return lines.get(lines.size() - 1);
    }

    @Test
    void withoutAnIntervalNothingIsReported() {
        assertEquals(List.of(), streamed(rollouts(50), "kata-analyze", ""));
        assertEquals(List.of(), streamed(rollouts(50), "lz-analyze b 0", ""));
    }

    @Test
    void genmoveAnalyzeReportsThenPlays() {
        GtpEngine engine = rollouts(100);
        Gtp gtp = new Gtp(engine);
        for (String command : List.of("kata-genmove_analyze b 1", "lz-genmove_analyze w 1", "genmove_analyze 1")) {
            List<String> lines = streamed(engine, command, "");
            String play = last(lines);
            assertTrue(play.matches("play ([A-HJ-Z]\\d+|pass)"), play);
            for (String line : lines.subList(0, lines.size() - 1)) {
                InfoLine.parse(line, !command.startsWith("lz"));
            }
        }
        // Black, White, then Black again (the player to move) were played.
        assertEquals(2, gtp.ok("list_stones b").split(" ").length);
        assertEquals(1, gtp.ok("list_stones w").split(" ").length);
        // A random player has no search to report but still plays.
        GtpEngine random = new GtpEngine("Tengen", "1", new RandomAgent(1), 1);
        random.setBoardSize(5, 5);
        assertTrue(last(streamed(random, "kata-genmove_analyze b 10", "")).startsWith("play "));
    }

    @Test
    void badRequestsFailWithOneLine() {
        Gtp gtp = new Gtp(rollouts(10));
        assertEquals("invalid interval '-5' (expected 0..100000000 centiseconds)", gtp.error("kata-analyze b -5"));
        assertEquals("key 'minmoves' has no value", gtp.error("kata-analyze b 10 minmoves"));
        assertEquals("unknown key 'colour'", gtp.error("kata-analyze colour b"));
        assertEquals("unknown key 'rootInfo'", gtp.error("lz-analyze b 10 rootInfo true"));
        assertEquals("'avoid' is not supported", gtp.error("kata-analyze b 10 avoid b d4 1"));
        assertEquals("invalid ownership 'yes' (expected true or false)", gtp.error("kata-analyze ownership yes"));
        assertEquals("invalid maxmoves '-1' (expected a count)", gtp.error("lz-analyze maxmoves -1"));
        assertEquals("no search to show: this engine plays without one (start it with --model or --player "
                + "mcts-rollout)", new Gtp(7).error("kata-analyze b 10"));
    }

    /** Black's area on the left, White's on the right, the middle column nobody's, on 7x7. */
    private static final String OWNERS = "b b b . w w w\n".repeat(7);

    @Test
    void kataAnalyzeReportsTheSearchAveragedOwnershipInKataGosOrderAndView() {
        float[] black = OracleNetwork.ownership(OWNERS);
        GtpEngine engine = OracleNetwork.engine(black, 60);
        engine.setBoardSize(7, 7);
        Gtp gtp = new Gtp(engine);
        gtp.ok("play b c4");
        for (String colour : List.of("b", "w")) {
            List<String> lines = streamed(engine, "kata-analyze " + colour + " 1 ownership true", "");
            assertFalse(lines.isEmpty());
            for (String line : lines) {
                assertNotNull(InfoLine.parse(line, true).ownership(), "every report has it: " + line);
            }
            List<Double> owned = InfoLine.parse(lines.get(lines.size() - 1), true).ownership();
            assertEquals(49, owned.size(), "one value per point");
            float view = colour.equals("b") ? 1f : -1f;
            for (int a = 0; a < 49; a++) {
                // Row by row from the top left (A7), from the view of the player analysed.
                if (black[a] == 0f) {
                    assertEquals(0.0, owned.get(a), 1e-9, "point " + a);
                } else {
                    assertTrue(owned.get(a) * view * black[a] > 0.5, colour + " point " + a + ": " + owned.get(a));
                }
            }
        }
        String map = gtp.ok("tengen-ownership w");
        assertTrue(map.startsWith("INFLUENCE A7 1.000 B7 1.000 C7 1.000 D7 0.000 E7 -1.000 "), map);
        assertEquals(1 + 2 * 49, map.split(" ").length, "every point, Black positive whoever moves");
        assertEquals("unknown key 'ownership'", gtp.error("lz-analyze b 10 ownership true"));
    }

    @Test
    void analysisCommandsAreListedAndKnown() {
        Gtp gtp = new Gtp(rollouts(10));
        List<String> listed = gtp.ok("list_commands").lines().toList();
        assertTrue(listed.containsAll(ANALYSIS_COMMANDS), listed.toString());
        for (String command : ANALYSIS_COMMANDS) {
            assertEquals("true", gtp.ok("known_command " + command));
        }
    }

    @Test
    void goguiAnalyzeCommandsAnswer() {
        GtpEngine engine = rollouts(100);
        Gtp gtp = new Gtp(engine);
        gtp.ok("play b c3");
        for (String entry : gtp.ok("gogui-analyze_commands").lines().toList()) {
            String[] parts = entry.split("/");
            assertEquals(3, parts.length, entry);
            assertTrue(List.of("gfx", "dboard", "string").contains(parts[0]), entry);
            String command = parts[2].replace("%p", "w");
            assertEquals("true", gtp.ok("known_command " + command.split(" ")[0]));
            if (command.startsWith("tengen-ownership")) {
                assertTrue(gtp.error(command).startsWith("no ownership to show"), "rollouts have none");
            } else {
                gtp.ok(command);
            }
        }
        List<String> policy = gtp.ok("tengen-policy w").lines().toList();
        assertEquals(3, policy.size(), policy.toString());
        // Rollouts have uniform priors over the 24 empty points and pass: every point at 1.000, labelled 4%.
        assertEquals(24, policy.get(0).split(" ").length / 2);
        assertTrue(policy.get(0).startsWith("INFLUENCE A5 1.000 B5 1.000 "), policy.get(0));
        assertTrue(policy.get(1).startsWith("LABEL A5 4 "), policy.get(1));
        assertEquals("TEXT pass 4.0%", policy.get(2));
        List<String> rows = gtp.ok("tengen-visits w").lines().toList();
        assertEquals(5, rows.size());
        int total = rows.stream().flatMap(r -> Arrays.stream(r.split(" "))).mapToInt(Integer::parseInt).sum();
        assertTrue(total >= 50, "at least genmove's budget (the tree is reused): " + total);
        assertEquals("0", rows.get(2).split(" ")[2], "C3 is taken");
    }

    // ---- through run(): a live controller

    @Test
    void theNextCommandInterruptsTheAnalysisAndIsAnswered() throws Exception {
        try (Session session = new Session(rollouts(200_000))) {
            session.send("kata-analyze b 2");
            assertEquals("=", session.line());
            for (int i = 0; i < 3; i++) {
                InfoLine.parse(session.line(), true);
            }
            long sent = System.nanoTime();
            session.send("7 name");
            String line;
            while (!(line = session.line()).isEmpty()) {
                InfoLine.parse(line, true);
            }
            assertEquals("=7 Tengen", session.line());
            assertEquals("", session.line());
            double seconds = (System.nanoTime() - sent) / 1e9;
            assertTrue(seconds < 2, "answered after " + seconds + " s");
            // A blank line also ends an analysis, and gets no reply of its own.
            session.send("lz-analyze w 2");
            assertEquals("=", session.line());
            InfoLine.parse(session.line(), false);
            session.send("");
            while (!(line = session.line()).isEmpty()) {
                InfoLine.parse(line, false);
            }
            session.send("version");
            assertEquals("= 1", session.line());
            assertEquals("", session.line());
        }
    }

    @Test
    void anAnalysisThatHitsTheTimeCapWaitsForTheNextLine() throws Exception {
        GtpEngine engine = rollouts(200_000);
        engine.clock().setMaxMoveSeconds(0.2);
        try (Session session = new Session(engine)) {
            session.send("kata-analyze b 10");
            assertEquals("=", session.line());
            String line;
            while ((line = session.poll(1.5)) != null) {
                InfoLine.parse(line, true);
            }
            session.send("name");
            assertEquals("", session.line(), "the reply ends only now");
            assertEquals("= Tengen", session.line());
            assertEquals("", session.line());
        }
    }

    @Test
    void genmoveAnalyzeIsNotInterruptedAndTheEndOfInputStopsAnAnalysis() throws Exception {
        try (Session session = new Session(rollouts(2_000))) {
            session.send("genmove_analyze b 1\nname");
            assertEquals("=", session.line());
            String line;
            while (!(line = session.line()).startsWith("play ")) {
                InfoLine.parse(line, true);
            }
            assertEquals("", session.line());
            assertEquals("= Tengen", session.line());
            assertEquals("", session.line());
            session.send("kata-analyze w 1");
            assertEquals("=", session.line());
            InfoLine.parse(session.line(), true);
            session.endOfInput();
            while (!(line = session.line()).isEmpty()) {
                InfoLine.parse(line, true);
            }
            session.awaitEnd();
        }
    }

    @Test
    void quitDuringAnAnalysisEndsTheSessionWithoutWaitingForMoreInput() throws Exception {
        try (Session session = new Session(rollouts(200_000))) {
            session.send("kata-analyze b 2");
            assertEquals("=", session.line());
            InfoLine.parse(session.line(), true);
            session.send("quit");
            String line;
            while (!(line = session.line()).isEmpty()) {
                InfoLine.parse(line, true);
            }
            assertEquals("= ", session.line());
            assertEquals("", session.line());
            session.awaitEnd();
        }
    }

    /** An engine running {@link GtpEngine#run} on its own thread, fed line by line, its output read line by line. */
    private static final class Session implements AutoCloseable {
        private static final String END = new String("end of input");
        private final BlockingQueue<String> input = new LinkedBlockingQueue<>();
        private final BlockingQueue<String> output = new LinkedBlockingQueue<>();
        private final List<Throwable> failures = new ArrayList<>();
        private final Thread thread;

        Session(GtpEngine engine) {
            Reader in = new Reader() {
                private String chunk = "";
                private int pos;

                @Override
                public int read(char[] buffer, int offset, int length) throws IOException {
                    while (pos == chunk.length()) {
                        if (chunk == END) {
                            return -1;
                        }
                        try {
                            chunk = input.take();
                        } catch (InterruptedException e) {
                            throw new java.io.InterruptedIOException();
                        }
                        pos = chunk == END ? chunk.length() : 0;
                    }
                    int n = Math.min(length, chunk.length() - pos);
                    chunk.getChars(pos, pos + n, buffer, offset);
                    pos += n;
                    return n;
                }

                @Override
                public void close() {
                }
            };
            Writer out = new Writer() {
                private final StringBuilder line = new StringBuilder();

                @Override
                public void write(char[] buffer, int offset, int length) {
                    for (int i = offset; i < offset + length; i++) {
                        if (buffer[i] == '\n') {
                            output.add(line.toString());
                            line.setLength(0);
                        } else {
                            line.append(buffer[i]);
                        }
                    }
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            };
            thread = new Thread(() -> {
                try {
                    engine.run(in, out);
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "gtp-session");
            thread.start();
        }

        void send(String line) {
            input.add(line + "\n");
        }

        void endOfInput() {
            input.add(END);
        }

        /** The next output line, failing after 10 s. */
        String line() throws InterruptedException {
            String line = output.poll(10, TimeUnit.SECONDS);
            assertNotNull(line, "no output line within 10 s");
            return line;
        }

        /** The next output line, or null if none comes within {@code seconds}. */
        String poll(double seconds) throws InterruptedException {
            return output.poll((long) (seconds * 1000), TimeUnit.MILLISECONDS);
        }

        void awaitEnd() throws InterruptedException {
            thread.join(10_000);
            assertFalse(thread.isAlive(), "run() returns at the end of input");
            assertEquals(List.of(), failures);
            assertNull(output.poll(), "nothing after the last reply");
        }

        @Override
        public void close() throws InterruptedException {
            if (thread.isAlive()) {
                send("quit");
                endOfInput();
                thread.join(10_000);
            }
            assertEquals(List.of(), failures);
        }
    }
}
