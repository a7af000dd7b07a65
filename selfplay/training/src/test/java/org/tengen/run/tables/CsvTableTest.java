package org.tengen.run.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.arena.EloLadder;

class CsvTableTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheSameBytesAsTheFilesOfEarlierRuns() {
        Path arena = tmp.resolve("arena.csv");
        RunTables.writeResults(arena, List.of(new EloLadder.GameResult("gen-0002", "random", 1.0),
                new EloLadder.GameResult("gen-0002", "gen-0001", 0.5)));
        assertEquals("a,b,score_a\ngen-0002,random,1.0\ngen-0002,gen-0001,0.5\n", read(arena));
        Path metrics = tmp.resolve("metrics.csv");
        List<String> row = new java.util.ArrayList<>(java.util.Collections.nCopies(RunTables.METRICS_HEADER.size(), ""));
        row.set(0, "3");
        row.set(1, "96");
        RunTables.writeMetrics(metrics, List.of(row));
        assertEquals(String.join(",", RunTables.METRICS_HEADER) + "\n3,96" + ",".repeat(RunTables.METRICS_HEADER.size()
                - 2) + "\n", read(metrics));
        assertEquals(List.of(row), List.copyOf(RunTables.readMetrics(metrics).values()));
    }

    @Test
    void numbersAreWrittenAsPlainDecimalsAndOldExponentsStillRead() throws IOException {
        assertEquals("48840", RunTables.number(48_837.2));
        assertEquals("-123500", RunTables.number(-123_456));
        assertEquals("0.00001235", RunTables.number(0.000012347));
        assertEquals("2.500", RunTables.number(2.5));
        assertEquals("-1234", RunTables.number(-1234.4));
        assertEquals("NaN", RunTables.number(Double.NaN));
        Path file = tmp.resolve("metrics.csv");
        Files.writeString(file, "generation,games_per_hour\n1,4.884e+04\n");
        assertEquals(48_840, CsvTable.read(file).number(0, 1));
    }

    @Test
    void phaseFiguresOfEarlierVersionsReadWithoutCpuTime() throws IOException {
        Path shard = tmp.resolve("shard.csv");
        Files.writeString(shard, "games,samples,seconds,network_seconds,evaluations\n64,3600,6.5,5.9,90000\n");
        assertEquals(new RunTables.ShardStats(64, 3600, 6.5, 5.9, 90000, Double.NaN), RunTables.readShardStats(shard));
        Path training = tmp.resolve("training.csv");
        Files.writeString(training, "steps,seconds,loss_total,loss_policy,loss_value,loss_ownership\n200,11.1,2.6,1.9,"
                + "0.5,0.4\n");
        assertTrue(Double.isNaN(RunTables.readTraining(training).cpuSeconds()));
        RunTables.writeShardStats(shard, new RunTables.ShardStats(64, 3600, 6.5, 5.9, 90000, 12.75));
        assertEquals(12.75, RunTables.readShardStats(shard).cpuSeconds());
    }

    @Test
    void namesWithCommasAndQuotesRoundTrip() {
        Path file = tmp.resolve("elo.csv");
        List<EloLadder.Rating> ladder = List.of(new EloLadder.Rating("gnugo, level \"0\"", 120.5, 33.25, 40, 0.25),
                new EloLadder.Rating("random", 0, 0, 40, 0.75));
        RunTables.writeLadder(file, ladder);
        List<EloLadder.Rating> back = RunTables.readLadder(file);
        assertEquals("gnugo, level \"0\"", back.get(0).player());
        assertEquals(120.5, back.get(0).elo());
        assertEquals(40, back.get(1).games());
    }

    @Test
    void missingCellsAreBlankAndBadNumbersAreNamed() throws IOException {
        Path file = tmp.resolve("metrics.csv");
        Files.writeString(file, "generation,games,elo\n1,96\n\n2,x,3\n");
        CsvTable table = CsvTable.read(file);
        assertEquals(2, table.rows().size(), "blank lines are skipped");
        assertTrue(Double.isNaN(table.number(0, table.column("elo"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> table.number(1, table.column("games")));
        assertEquals(file + " line 3, column 'games': not a number: 'x'", e.getMessage());
        Files.writeString(file, "");
        assertEquals(file + " is empty (no header line)",
                assertThrows(IllegalArgumentException.class, () -> CsvTable.read(file)).getMessage());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
