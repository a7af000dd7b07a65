package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tengen.cli.GtpEngines.ok;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.tengen.gtp.GtpEngine;
import picocli.CommandLine;

/**
 * Every answer comes back on the largest board, whatever the clock says: each move is capped by
 * {@code --max-move-seconds} as well as by simulations, and the dead-stone estimate by its playout work. The bounds
 * here are ten times the expected times: they catch a hang, not a slow machine.
 */
class GtpBoundsTest {
    @Test
    void aMoveUnderAnAbsurdClockOnTheLargestBoardStillComes() {
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs("--player", "mcts-rollout", "--seed", "1", "--max-move-seconds", "1");
        GtpEngine engine = command.engine();
        ok(engine, "boardsize 52");
        ok(engine, "time_settings 1000000000 0 0");
        // Before the cap this took the clock's share of 10^9 seconds (a day, capped by the budget's own limit).
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertTrue(ok(engine, "genmove b").matches(
                "[A-HJ-Z][0-9]+|pass"), "a move"));
    }

    @Test
    void deadStonesOnTheLargestBoardAreEstimatedQuickly() {
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs("--seed", "1");
        GtpEngine engine = command.engine();
        ok(engine, "boardsize 52");
        ok(engine, "play b C3");
        // 200 playouts of 52x52 took 11 s; the playout work is now bounded by that of 19x19.
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ok(engine, "final_status_list dead"));
    }


    @Test
    void aHopelessGameIsResignedAfterThreeOwnMovesUnlessResigningIsOff() {
        for (String threshold : new String[] {"-0.9", "-1"}) {
            GtpCommand command = new GtpCommand();
            new CommandLine(command).parseArgs("--player", "mcts-rollout:32", "--seed", "1", "--resign-threshold",
                    threshold);
            GtpEngine engine = command.engine();
            ok(engine, "boardsize 5");
            ok(engine, "komi 100");
            String third = "";
            for (int move = 0; move < 3; move++) {
                third = ok(engine, "genmove b");
                if (move < 2) {
                    assertTrue(!third.equals("resign"), "only after three hopeless moves");
                    ok(engine, "genmove w");
                }
            }
            // With komi 100 on 5x5 every playout is lost for Black: its search value is -1.
            assertTrue(threshold.equals("-1") != third.equals("resign"), threshold + ": " + third);
            if (third.equals("resign")) {
                assertEquals("pass", ok(engine, "genmove w"), "after a resignation the engine still answers");
            }
        }
    }
}
