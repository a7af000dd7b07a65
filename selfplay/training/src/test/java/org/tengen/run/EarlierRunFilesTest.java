package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.arena.EloLadder;
import org.tengen.config.ConfigNode;
import org.tengen.run.tables.RunTables;

/**
 * The tables, config and summary of a 20-generation quick run written by the code before the re-cut (commit 6958e74,
 * hand-written CSV writer, knobs hard-coded in TrainingRun). Today's code must read them, write them back byte for
 * byte, refit the ladder from the arena files, and give the old config today's knob defaults.
 */
class EarlierRunFilesTest {
    private static final int GENERATIONS = 20;

    @TempDir
    Path tmp;

    private static RunDirectory golden() {
        try {
            return new RunDirectory(Path.of(EarlierRunFilesTest.class.getResource("/golden/run-6958e74").toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyTableIsWrittenBackByteForByte() throws IOException {
        RunDirectory old = golden();
        for (int g = 1; g <= GENERATIONS; g++) {
            Path copy = tmp.resolve("arena-" + g + ".csv");
            RunTables.writeResults(copy, RunTables.readResults(old.arenaFile(g)));
            assertEquals(Files.readString(old.arenaFile(g)), Files.readString(copy), old.arenaFile(g).toString());
        }
        Path elo = tmp.resolve("elo.csv");
        RunTables.writeLadder(elo, RunTables.readLadder(old.eloFile()));
        assertEquals(Files.readString(old.eloFile()), Files.readString(elo));
        Path metrics = tmp.resolve("metrics.csv");
        RunTables.writeMetrics(metrics, RunTables.readMetrics(old.metricsFile()).values());
        // That run had no eval_seconds nor CPU time columns: they come back blank, every other cell as it was.
        String expected = Files.readString(old.metricsFile())
                .replaceFirst("\n", ",eval_seconds,selfplay_cpu_seconds,train_cpu_seconds\n")
                .replaceAll("(?m)^(\\d.*)$", "$1,,,");
        assertEquals(expected, Files.readString(metrics));
    }

    /**
     * The refit is pinned to {@code run-6958e74-elo-refit.csv}, not to the run's own {@code elo.csv}: that one was fitted
     * with a virtual draw between every player and the anchor, which compressed the ladder (gen-0011 at 969 where
     * today's fit, with weak anchor draws and draws between consecutive checkpoints, gives 1198). The players, games
     * and scores are the run's.
     */
    @Test
    void theLadderRefittedFromTheArenaFilesIsPinned() throws IOException, URISyntaxException {
        RunDirectory old = golden();
        List<EloLadder.GameResult> games = new ArrayList<>();
        for (int g = 1; g <= GENERATIONS; g++) {
            games.addAll(RunTables.readResults(old.arenaFile(g)));
        }
        assertEquals(1200, games.size());
        Path elo = tmp.resolve("elo.csv");
        List<EloLadder.Rating> refit = GenerationArena.fitLadder(games, "random", GENERATIONS);
        RunTables.writeLadder(elo, refit);
        Path pinned = Path.of(EarlierRunFilesTest.class.getResource("/golden/run-6958e74-elo-refit.csv").toURI());
        assertEquals(Files.readString(pinned), Files.readString(elo));
        assertEquals(counts(RunTables.readLadder(old.eloFile())), counts(refit));
    }

    /** Games and score of each player, which the prior does not change. */
    private static Map<String, List<Double>> counts(List<EloLadder.Rating> ladder) {
        Map<String, List<Double>> counts = new TreeMap<>();
        for (EloLadder.Rating r : ladder) {
            counts.put(r.player(), List.of((double) r.games(), Math.round(r.score() * 1e4) / 1e4));
        }
        return counts;
    }

    @Test
    void theOldConfigGetsTheKnobsThatWereHardCoded() throws IOException {
        RunDirectory old = golden();
        RunConfig config = RunConfig.from(ConfigNode.parse(old.configFile().toString(),
                new StringReader(Files.readString(old.configFile()))));
        // TrainingRun had: part size max(parallelGames, (games + 3) / 4), 32 arena games at once, 4 engines, 60 s.
        assertEquals(Math.max(config.selfPlay().parallelGames(), (config.games() + 3) / 4), config.gamesPerShard());
        assertEquals(32, config.arena().parallel());
        assertEquals(4, config.arena().engineParallel());
        assertEquals(Duration.ofSeconds(60), config.arena().engineTimeout());
    }
}
