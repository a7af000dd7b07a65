package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tengen.env.testutil.GnuGo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.config.ConfigException;
import org.tengen.config.ConfigNode;
import org.tengen.external.EngineCommand;

/** External GTP engines as anchors of a run's Elo ladder: the config field and a run against GNU Go. */
class ExternalAnchorsTest {

    private static RunConfig parse(String arena) {
        return RunConfig.from(ConfigNode.parse("test.yaml", new StringReader("arena:\n" + arena)));
    }

    /** The tiny run of {@link TrainingRunTest} for one generation, with {@code anchors} as external anchors. */
    private static RunConfig tinyWith(String anchors) {
        return RunConfig.from(ConfigNode.parse("tiny.yaml", new StringReader(TrainingRunTest.TINY
                .replace("generations: 2", "generations: 1")
                .replace("  gamesVsPrevious: 4", "  gamesVsPrevious: 0\n  externalAnchors: " + anchors))));
    }

    @Test
    void externalAnchorsAreNamedCommandsInFileOrder() {
        RunConfig config = parse("""
                  externalAnchors:
                    gnugo-0: gnugo --mode gtp --level 0
                    gnugo-10: "gnugo --mode gtp --level 10 --komi 7.5"
                """);
        Map<String, EngineCommand> anchors = config.arena().externalAnchors();
        assertEquals(List.of("gnugo-0", "gnugo-10"), List.copyOf(anchors.keySet()));
        assertEquals(List.of("gnugo", "--mode", "gtp", "--level", "0"), anchors.get("gnugo-0").words());
        assertTrue(parse("  gamesVsAnchors: 4\n").arena().externalAnchors().isEmpty(), "none by default");
    }

    @Test
    void theQuickConfigDocumentsTheFieldInAWorkingExample() throws IOException {
        String text = Files.readString(RunConfigTest.CONFIGS.resolve("quick-5x5.yaml"))
                .replace("  # externalAnchors:", "  externalAnchors:").replace("  #   gnugo-0:", "    gnugo-0:");
        RunConfig config = RunConfig.from(ConfigNode.parse("quick-5x5.yaml", new StringReader(text)));
        assertEquals(List.of("gnugo", "--mode", "gtp", "--level", "0", "--positional-superko", "--allow-all-suicide",
                "--capture-all-dead"), config.arena().externalAnchors().get("gnugo-0").words());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "externalAnchors: [gnugo]         | arena.externalAnchors: expected a mapping of names to values, got a list",
        "externalAnchors: {a: {b: c}}     | arena.externalAnchors: expected a plain value for 'a', got a mapping",
        "externalAnchors: {random: gnugo} | arena.externalAnchors: 'random' cannot name an anchor",
        "externalAnchors: {gen-0003: x}   | arena.externalAnchors: 'gen-0003' cannot name an anchor",
        "externalAnchors: {'a,b': x}      | arena.externalAnchors: 'a,b' cannot name an anchor",
        "externalAnchors: {g: \"\"}       | arena.externalAnchors: g: the engine command is empty",
        "externalAnchors: {g: \"x 'y\"}   | arena.externalAnchors: g: unclosed ' in engine command",
    })
    void badExternalAnchorsNameTheField(String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> parse("  " + yaml + "\n"));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void aMissingEngineStopsTheRunBeforeAnyWork(@TempDir Path tmp) {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TrainingRun(tinyWith("{x: no-such-engine-xyz}"), dir, false).run());
        assertEquals("arena.externalAnchors.x: engine program 'no-such-engine-xyz' not found on PATH nor in "
                + "/usr/games", e.getMessage());
        assertFalse(Files.exists(dir.checkpoint(0)));
    }

    @Test
    void eachCheckpointPlaysGnuGoForTheLadder(@TempDir Path tmp) throws IOException {
        assumeTrue(GnuGo.find().isPresent(), GnuGo.MISSING);
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        new TrainingRun(tinyWith("{gnugo-0: gnugo --mode gtp --level 0}"), dir, false).run();
        List<String> arena = Files.readAllLines(dir.arenaFile(1));
        assertEquals(2, arena.stream().filter(l -> l.startsWith("gen-0001,gnugo-0,")).count(), arena.toString());
        assertTrue(Files.readAllLines(dir.eloFile()).stream().anyMatch(l -> l.startsWith("gnugo-0,")));
        try (var games = Files.list(dir.arenaGamesDir())) {
            assertEquals(2, games.filter(f -> f.getFileName().toString().startsWith("gen-0001-vs-gnugo-0-")).count());
        }
    }
}
