package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.tengen.env.testutil.GnuGo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.agent.PlayerSpec;
import org.tengen.external.FakeEngine;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;

/**
 * {@code tengen match}: against a fake engine process and against GNU Go, two engines, one checkpoint against itself
 * with a larger search (as {@code eval}, its earlier name), and its usage errors.
 */
class MatchCommandTest {
    private static final String GNUGO = "gnugo --mode gtp --level 0";
    private static final Path MODEL_5X5 = Path.of("../../models/pretrained/5x5");

    private static void assumeGnuGo() {
        assumeTrue(GnuGo.find().isPresent(), GnuGo.MISSING);
    }

    private static List<GameRecord> games(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().map(GoSgf::read).toList();
        }
    }

    /** A fresh 1-block checkpoint on a 5x5 board with az5 features. */
    static Path tinyCheckpoint(Path dir) {
        FeatureSet features = FeatureSets.byId("az5");
        Path checkpoint = dir.resolve("tiny");
        try (PolicyValueNet net = PolicyValueNet.create(NetConfig.of(features.planes(), 5, 5, 1, 8))) {
            Checkpoints.save(checkpoint, net, new Provenance(features.id(), features.version(), "tromp-taylor", 0,
                    null));
        }
        return checkpoint;
    }

    @Test
    void playsAgainstAnEngineProcessAndWritesTheResultsAndGames(@TempDir Path tmp) throws IOException {
        String engine = FakeEngine.commandLine(FakeEngine.Fault.NONE, 0).stream().map(w -> "'" + w + "'")
                .collect(Collectors.joining(" "));
        CliRun r = CliRun.of("match", "--engine", engine, "--player", "random", "--size", "5", "--komi", "0.5",
                "--games", "4", "--parallel", "1", "--sgf-dir", tmp.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("random vs Fake 0.1 on 5x5 komi=0.5 ko=positional-superko suicide=allowed "
                + "max-moves=50, counted by area: 4 games in "), r.out());
        assertTrue(r.out().contains("\n  as Black        2 "), r.out());
        assertTrue(r.out().contains("\n  as White        2 "), r.out());
        assertTrue(r.out().contains("Fake 0.1: 0 resignations, 0 forfeits"), r.out());
        assertTrue(r.out().matches("(?s).*\nmatch a=random b=Fake 0\\.1 games=4 wins=\\d losses=\\d draws=\\d "
                + "score=[0-9.]+\n"), r.out());
        List<GameRecord> games = games(tmp);
        assertEquals(4, games.size());
        assertEquals("random", games.get(0).blackPlayer());
        assertEquals("Fake 0.1", games.get(1).blackPlayer());
    }

    @Test
    void twoEnginesPlayEachOtherAndEachReportsItsProblems() {
        String engine = FakeEngine.commandLine(FakeEngine.Fault.NONE, 0).stream().map(w -> "'" + w + "'")
                .collect(Collectors.joining(" "));
        CliRun r = CliRun.of("match", "--a", "engine:" + engine, "--engine", engine, "--engine-name", "other",
                "--size", "5", "--games", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Fake 0.1 vs other on 5x5 "), r.out());
        assertTrue(r.out().contains("\nFake 0.1: 0 resignations, 0 forfeits"), r.out());
        assertTrue(r.out().contains("\nother: 0 resignations, 0 forfeits"), r.out());
        assertTrue(r.out().contains("\nmatch a=Fake 0.1 b=other games=2 "), r.out());
    }

    /** Issue 24: eval became match, and keeps working under its earlier name. */
    @Test
    void eachPlayerMayHaveItsOwnSearchBudget() {
        CliRun r = CliRun.of("eval", "--run-dir", MODEL_5X5.toString(), "--a", "latest", "--b", "latest",
                "--a-simulations", "16", "--b-simulations", "2", "--games", "2", "--parallel", "2",
                "--backend", "onnx");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("gen-0025 (16 simulations) vs gen-0025 (2 simulations) on 5x5"), r.out());
        assertTrue(r.out().contains("\nBlack's first move: {"), r.out());
        assertTrue(r.out().contains("\nmatch a=gen-0025 b=gen-0025' games=2 "), r.out());
    }

    @Test
    void badOptionsAreUsageErrors(@TempDir Path tmp) {
        String[][] cases = {
            {"match"},
            {"eval", "--run-dir", MODEL_5X5.toString(), "--a-simulations", "0"},
            {"match", "--engine", "/bin/sh", "--b", "random"},
            {"match", "--a", "random", "--scoring", "engine"},
            {"match", "--a", "random", "--engine-name", "x"},
            {"match", "--engine", "no-such-engine-xyz --gtp", "--player", "random"},
            {"match", "--engine", "x 'y", "--player", "random"},
            {"match", "--engine", "/bin/sh", "--player", "latest"},
            {"match", "--engine", "/bin/sh", "--player", "random", "--scoring", "judge"},
            {"match", "--engine", "/bin/sh", "--player", "random", "--size", "99"},
            {"match", "--engine", "/bin/sh", "--player", "random", "--komi", "0.3"},
            {"match", "--engine", "/bin/sh", "--player", "random", "--games", "0"},
        };
        String[] expected = {
            "error: --a: 'latest' is not a player; expected " + PlayerSpec.FORMS,
            "error: --games, --parallel and --a/--b-simulations must be at least 1",
            "error: --engine COMMAND is short for --b engine:COMMAND: give one of them",
            "error: --scoring engine: neither player is an engine",
            "error: --engine-name names engine B, but B is 'random'",
            "error: --engine: engine program 'no-such-engine-xyz' not found on PATH nor in /usr/games",
            "error: --engine: unclosed ' in engine command 'x 'y'",
            "error: --a: 'latest' is not a player; expected " + PlayerSpec.FORMS,
            "error: --scoring: expected area or engine, got 'judge'",
            "error: --size: board size 99x99 is out of range 1x1..52x52",
            "error: --komi: komi 0.3 is not a multiple of 0.5",
            "error: --games, --parallel and --a/--b-simulations must be at least 1",
        };
        for (int i = 0; i < cases.length; i++) {
            CliRun r = CliRun.of(cases[i]);
            assertEquals(2, r.code(), String.join(" ", cases[i]) + "\n" + r.err());
            assertEquals(expected[i], r.err().lines().findFirst().orElse(""), String.join(" ", cases[i]));
        }
    }

    @Test
    void randomPlaysGnuGoOnFiveByFive(@TempDir Path tmp) throws IOException {
        assumeGnuGo();
        CliRun r = CliRun.of("match", "--engine", GNUGO, "--player", "random", "--size", "5", "--komi", "0.5",
                "--games", "4", "--parallel", "2", "--sgf-dir", tmp.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("match a=random b=GNU Go 3.8 games=4 "), r.out());
        List<GameRecord> games = games(tmp);
        assertEquals(4, games.size());
        for (GameRecord game : games) {
            assertTrue(game.result().matches("[BW]\\+([0-9.]+|R|F)|0|Void"), game.result());
        }
    }

    @Test
    void aCheckpointPlaysGnuGoScoredByTheEngine(@TempDir Path tmp) throws IOException {
        assumeGnuGo();
        Path checkpoint = tinyCheckpoint(tmp);
        Path sgf = tmp.resolve("sgf");
        CliRun r = CliRun.of("match", "--engine", GNUGO + " --capture-all-dead", "--player", checkpoint.toString(),
                "--komi", "0.5", "--games", "2", "--simulations", "4", "--scoring", "engine",
                "--sgf-dir", sgf.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("counted by the final_score of GNU Go 3.8: 2 games"), r.out());
        assertTrue(r.out().contains("match a=tiny b=GNU Go 3.8 games=2 "), r.out());
        assertEquals(2, games(sgf).size());
    }
}
