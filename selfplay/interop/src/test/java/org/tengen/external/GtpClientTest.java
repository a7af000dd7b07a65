package org.tengen.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.external.FakeEngine.Fault;

/** The GTP client against fake engines: answers, refusals, garbage, hangs and crashes. */
class GtpClientTest {
    private static final Duration SHORT = Duration.ofMillis(300);
    private static final Duration LONG = Duration.ofSeconds(20);

    @Test
    void readsAnswersWithIdsAndSeveralLines() {
        try (GtpClient engine = FakeEngine.start(Fault.NONE, 0, LONG)) {
            assertEquals("Fake", engine.send("name"));
            assertEquals("2", engine.send("protocol_version"));
            assertEquals("", engine.send("boardsize 5"));
            List<String> commands = engine.send("list_commands").lines().toList();
            assertTrue(commands.containsAll(List.of("genmove", "play", "final_score")), commands.toString());
            engine.send("play b C3");
            String board = engine.send("showboard");
            assertTrue(board.lines().count() >= 5 && board.contains("X"), board);
            engine.submit("genmove w");
            assertTrue(engine.await().matches("[A-E][1-5]|pass"));
        }
    }

    @Test
    void aRefusalIsAnErrorNamingTheCommandAndTheEngineStaysUsable() {
        try (GtpClient engine = FakeEngine.start(Fault.NONE, 0, LONG)) {
            GtpException e = assertThrows(GtpException.class, () -> engine.send("boardsize 99"));
            assertEquals(GtpException.Kind.REFUSED, e.kind());
            assertFalse(e.engineFailed());
            assertTrue(e.getMessage().startsWith("GTP engine 'fake none' refused 'boardsize 99': "), e.getMessage());
            assertEquals(GtpException.Kind.REFUSED,
                    assertThrows(GtpException.class, () -> engine.send("no_such_command")).kind());
            assertEquals("Fake", engine.send("name"));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "GARBAGE  | answered 'hello there' to 'genmove b', which is not a GTP response",
        "WRONG_ID | answered with id 3 to 'genmove b' sent with id 2",
        "HANG     | no answer to 'genmove b' within 0.3 s",
        "CRASH    | output ended before the answer to 'genmove b'",
    })
    void brokenEnginesFailWithTheEngineAndCommandNamedAndStayBroken(Fault fault, String problem) {
        try (GtpClient engine = FakeEngine.start(fault, 1, SHORT)) {
            engine.send("boardsize 5");
            GtpException e = assertThrows(GtpException.class, () -> engine.send("genmove b"));
            assertTrue(e.engineFailed());
            assertEquals("GTP engine 'fake " + fault.name().toLowerCase(java.util.Locale.ROOT) + "': " + problem,
                    e.getMessage());
            GtpException again = assertThrows(GtpException.class, () -> engine.send("name"));
            assertEquals(e.getMessage(), again.getMessage(), "answers can no longer be matched to commands");
        }
    }

    @Test
    void aCrashedProcessIsReportedWithItsExitCodeAndStderr() {
        List<String> command = FakeEngine.commandLine(Fault.CRASH, 1);
        try (GtpClient engine = GtpClient.start(command, LONG)) {
            assertEquals("Fake", engine.send("name"));
            GtpException e = assertThrows(GtpException.class, () -> engine.send("genmove b"));
            assertEquals(GtpException.Kind.CRASHED, e.kind());
            assertTrue(e.getMessage().startsWith("GTP engine '" + String.join(" ", command) + "': "), e.getMessage());
            assertTrue(e.getMessage().endsWith("output ended before the answer to 'genmove b'; it exited with code 3;"
                    + " its last stderr: fake engine: crashing on purpose"), e.getMessage());
        }
    }

    @Test
    void aProgramThatCannotStartIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GtpClient.start(List.of("/nonexistent/engine", "--gtp"), LONG));
        assertTrue(e.getMessage().startsWith("cannot start GTP engine '/nonexistent/engine --gtp': "), e.getMessage());
    }

    @Test
    void commandLinesSplitAtSpacesWithQuotes() {
        assertEquals(List.of("gnugo", "--mode", "gtp", "--level", "0"),
                EngineCommand.parse("  gnugo --mode gtp\t--level 0 ").words());
        assertEquals(List.of("engine", "a b", "it's", ""), EngineCommand.parse("engine 'a b' \"it's\" ''").words());
        assertEquals("the engine command is empty",
                assertThrows(IllegalArgumentException.class, () -> EngineCommand.parse(" ")).getMessage());
        assertEquals("unclosed ' in engine command 'x 'y'",
                assertThrows(IllegalArgumentException.class, () -> EngineCommand.parse("x 'y")).getMessage());
        assertEquals("engine program 'no-such-engine-xyz' not found on PATH nor in /usr/games",
                assertThrows(IllegalArgumentException.class,
                        () -> EngineCommand.parse("no-such-engine-xyz --gtp").program()).getMessage());
        assertEquals("engine program /no/such/engine is not an executable file",
                assertThrows(IllegalArgumentException.class,
                        () -> EngineCommand.parse("/no/such/engine").program()).getMessage());
    }

    @Test
    void gnuGoIsFoundInUsrGamesToo() {
        Path games = Path.of("/usr/games/gnugo");
        assumeTrue(Files.isExecutable(games), "GNU Go is not installed at /usr/games/gnugo: skipping");
        Path found = EngineCommand.parse("gnugo --mode gtp").program();
        assertTrue(found.equals(games) || found.getFileName().toString().equals("gnugo"), found.toString());
    }
}
