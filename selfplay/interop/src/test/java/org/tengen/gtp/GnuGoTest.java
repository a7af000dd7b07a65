package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One short 5x5 game against GNU Go over pipes: every command accepted by both and the boards agree. */
class GnuGoTest {

    /** GNU Go's side of the conversation. */
    private static final class GnuGo {
        private final Writer in;
        private final BufferedReader out;

        GnuGo(Process process) {
            in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        /** The text of a successful response; fails the test on a GTP error. */
        String ok(String command) throws IOException {
            in.write(command + "\n");
            in.flush();
            StringBuilder response = new StringBuilder();
            for (String line = out.readLine(); line != null && !line.isEmpty(); line = out.readLine()) {
                response.append(response.length() == 0 ? "" : "\n").append(line);
            }
            assertTrue(response.toString().startsWith("= "), () -> "GNU Go: '" + command + "' -> " + response);
            return response.substring(2).strip();
        }
    }

    @Test
    void playsAShortGameAgainstGnuGo() throws Exception {
        java.util.Optional<Path> found = org.tengen.env.testutil.GnuGo.find();
        assumeTrue(found.isPresent(), org.tengen.env.testutil.GnuGo.MISSING);
        Path gnugo = found.get();
        Process process = new ProcessBuilder(gnugo.toString(), "--mode", "gtp", "--level", "0", "--seed", "1")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            GnuGo them = new GnuGo(process);
            Gtp us = new Gtp(2);
            // GNU Go's default rules: simple ko, suicide illegal.
            for (String setup : new String[] {"boardsize 5", "clear_board", "komi 7.5"}) {
                them.ok(setup);
                us.ok(setup);
            }
            us.ok("tengen-rules simple-ko");
            int passes = 0;
            for (int turn = 0; passes < 2 && turn < 150; turn++) {
                String colour = turn % 2 == 0 ? "b" : "w";
                String move;
                if (colour.equals("b")) {
                    move = us.ok("genmove b");
                    them.ok("play b " + move);
                } else {
                    move = them.ok("genmove w");
                    if (move.equalsIgnoreCase("resign")) {
                        break;
                    }
                    us.ok("play w " + move);
                }
                passes = move.equalsIgnoreCase("pass") ? passes + 1 : 0;
                for (String c : new String[] {"b", "w"}) {
                    assertEquals(sorted(them.ok("list_stones " + c)), sorted(us.ok("list_stones " + c)),
                            "stones after turn " + turn);
                    assertEquals(them.ok("captures " + c), us.ok("captures " + c), "captures after turn " + turn);
                }
            }
            assertTrue(us.ok("final_score").matches("0|[BW]\\+\\d+(\\.5)?"));
            them.ok("quit");
            assertTrue(process.waitFor(10, TimeUnit.SECONDS), "GNU Go did not quit");
        } finally {
            process.destroyForcibly();
        }
    }

    private static String sorted(String vertices) {
        return Arrays.stream(vertices.split("\\s+")).sorted().reduce("", (a, b) -> a + " " + b).strip();
    }
}
