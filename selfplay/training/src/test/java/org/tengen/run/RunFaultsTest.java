package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.io.FileTrees;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.run.tables.RunTables;

/**
 * Every file a resumed run reads, damaged every way a disk or a kill damages files: the run either finishes with
 * every checkpoint verifying and a full metrics row per generation, or stops with one line naming the file. It
 * never trains on damaged data and never crashes with an unexplained error.
 */
class RunFaultsTest {
    @TempDir
    static Path base;
    private static RunConfig config;

    @BeforeAll
    static void finishedRun() {
        config = TrainingRunTest.tiny(2);
        new TrainingRun(config, new RunDirectory(base.resolve("run")), false).run();
    }

    /** Files of the finished run, by what they are. */
    private static final List<Function<RunDirectory, Path>> FILES = List.of(
            d -> d.checkpoint(2).resolve(Checkpoints.WEIGHTS_FILE),
            d -> d.checkpoint(2).resolve(Checkpoints.ONNX_FILE),
            d -> d.checkpoint(1).resolve(Checkpoints.METADATA_FILE),
            d -> d.checkpoint(2).resolve(Checkpoints.OPTIMIZER_FILE),
            RunDirectory::bestFile,
            d -> d.shards(2).get(0).path(),
            d -> RunDirectory.shardStats(d.shards(2).get(1).path()),
            d -> d.trainingStats(2),
            d -> d.arenaFile(1),
            RunDirectory::metricsFile,
            RunDirectory::eloFile);

    enum Damage { TRUNCATED, ZERO_FILLED, BIT_FLIPPED, DELETED }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int f = 0; f < FILES.size(); f++) {
            for (Damage d : Damage.values()) {
                cases.add(Arguments.of(f, d));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "file {0}, {1}")
    @MethodSource("cases")
    void aResumedRunRecoversOrSaysWhichFileIsDamaged(int fileIndex, Damage damage, @TempDir Path tmp)
            throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        copy(base.resolve("run"), dir.root());
        Path file = FILES.get(fileIndex).apply(dir);
        damage(file, damage);
        try {
            new TrainingRun(config, dir, false).run();
        } catch (RuntimeException e) {
            String message = e.getMessage();
            assertTrue(message != null && !message.contains("\n") && message.contains(file.getFileName().toString()),
                    damage + " " + file + ": the error names the file in one line: " + message);
            return;
        }
        for (int g = 0; g <= 2; g++) {
            Checkpoints.verify(dir.checkpoint(g));
        }
        var metrics = RunTables.readMetrics(dir.metricsFile());
        assertEquals(List.of(1, 2), List.copyOf(metrics.keySet()), damage + " " + file);
        assertFalse(RunTables.readResults(dir.arenaFile(1)).isEmpty());
        assertFalse(RunTables.readLadder(dir.eloFile()).isEmpty());
    }

    /** A damaged shard that training must read (its checkpoint is gone) is never trained on. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(Damage.class)
    void aDamagedShardIsNeverTrainedOn(Damage damage, @TempDir Path tmp) throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        copy(base.resolve("run"), dir.root());
        Path shard = dir.shards(2).get(0).path();
        damage(shard, damage);
        FileTrees.delete(dir.checkpoint(2));
        try {
            new TrainingRun(config, dir, false).run();
            assertEquals(Damage.DELETED, damage, "only a deleted shard is simply played again");
            Checkpoints.verify(dir.checkpoint(2));
        } catch (RuntimeException e) {
            assertTrue(e.getMessage().contains(shard.getFileName().toString()) && !e.getMessage().contains("\n"),
                    "the error names the shard in one line: " + e.getMessage());
            assertFalse(Files.exists(dir.checkpoint(2)), "nothing was trained on it");
        }
    }

    private static void damage(Path file, Damage damage) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        switch (damage) {
            case TRUNCATED -> Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
            case ZERO_FILLED -> Files.write(file, new byte[bytes.length]);
            case BIT_FLIPPED -> {
                bytes[bytes.length / 2] ^= 0x10;
                Files.write(file, bytes);
            }
            case DELETED -> Files.delete(file);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(f -> {
                try {
                    Files.copy(f, to.resolve(from.relativize(f).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
