package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.tengen.env.testutil.GnuGo;

/** One short 5x5 game against GNU Go over pipes: every command accepted by both and the boards agree. */
class GnuGoTest {

    @Test
    void playsAShortGameAgainstGnuGo() throws Exception {
        assumeTrue(GnuGo.find().isPresent(), GnuGo.MISSING);
        try (GnuGo them = GnuGo.start(1, "--level", "0")) {
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
            them.quit();
        }
    }

    private static String sorted(String vertices) {
        return Arrays.stream(vertices.split("\\s+")).sorted().reduce("", (a, b) -> a + " " + b).strip();
    }
}
