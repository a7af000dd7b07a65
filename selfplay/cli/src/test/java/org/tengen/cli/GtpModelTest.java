package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tengen.cli.GtpEngines.ok;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.gtp.GtpEngine;
import picocli.CommandLine;

/**
 * {@code tengen gtp --model} with a tiny random network: fixed simulations, moves under GTP and KGS clocks and
 * seconds per move, and tengen-analyze. Timing is never asserted: every move must simply come back, legal.
 */
class GtpModelTest {
    private static final String MOVE = "[A-E][1-5]|pass";

    @TempDir
    static Path tmp;
    private static Path checkpoint;

    @BeforeAll
    static void saveCheckpoint() {
        checkpoint = TinyCheckpoint.create(tmp.resolve("tiny"));
    }

    private static GtpEngine engine(String... extra) {
        GtpCommand command = new GtpCommand();
        String[] base = {"--model", checkpoint.toString(), "--size", "5", "--seed", "1", "--simulations", "16",
            "--max-simulations", "300", "--time-margin", "0.05"};
        String[] args = Stream.concat(Arrays.stream(base), Arrays.stream(extra)).toArray(String[]::new);
        new CommandLine(command).parseArgs(args);
        return command.engine();
    }


    private static int analysedVisits(GtpEngine engine) {
        List<String> lines = ok(engine, "tengen-analyze").lines().toList();
        assertTrue(!lines.isEmpty(), "no candidates");
        return lines.stream().mapToInt(l -> Integer.parseInt(l.split(" ")[2])).sum();
    }

    @ParameterizedTest
    @ValueSource(strings = {"libtorch", "onnx", "auto"})
    void everyBackendPlays(String backend) {
        GtpEngine engine = engine("--backend", backend);
        assertTrue(ok(engine, "genmove b").matches(MOVE));
        assertTrue(analysedVisits(engine) > 0);
    }

    @Test
    void withoutATimeLimitEachMoveGetsTheFixedSimulations() {
        GtpEngine engine = engine();
        assertTrue(ok(engine, "genmove b").matches(MOVE));
        // Ten candidates at most are listed; with 16 simulations over 26 moves the rest have few visits.
        assertTrue(analysedVisits(engine) <= 16);
        assertTrue(ok(engine, "tengen-analyze w").lines().count() >= 1);
    }

    @Test
    void movesUnderClocksComeBackLegal() {
        GtpEngine engine = engine();
        String[] clocks = {"time_settings 3 0 0", "time_settings 0 1 2", "kgs-time_settings byoyomi 1 0.3 2",
            "kgs-time_settings canadian 0 1 4", "kgs-time_settings absolute 2"};
        int turn = 0;
        for (String clock : clocks) {
            ok(engine, "clear_board");
            ok(engine, clock);
            for (int i = 0; i < 3; i++, turn++) {
                String colour = turn % 2 == 0 ? "b" : "w";
                assertTrue(ok(engine, "genmove " + colour).matches(MOVE));
                ok(engine, "time_left " + colour + " 1 0");
            }
            assertTrue(analysedVisits(engine) >= 1);
        }
    }

    @Test
    void secondsPerMoveReplaceTheSimulationBudget() {
        GtpEngine engine = engine("--seconds-per-move", "0.05");
        for (String colour : new String[] {"b", "w", "b"}) {
            assertTrue(ok(engine, "genmove " + colour).matches(MOVE));
        }
        assertEquals("", ok(engine, "kgs-time_settings none"));
        assertTrue(ok(engine, "genmove w").matches(MOVE));
    }
}
