package org.tengen.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tengen.env.io.AtomicFiles;
import org.tengen.env.io.FileTrees;
import org.tengen.env.io.IoErrors;
import org.tengen.run.tables.ResourceLog;
import org.tengen.run.tables.RunTables;

/**
 * The files of one training run. Every file is written whole or not at all (temporary file, then rename), so the
 * files themselves say how far a killed run got:
 * <pre>
 * config.yaml                      the config the run was started with
 * checkpoints/gen-0003/            checkpoint of generation 3 (gen-0000: the initial random network)
 * checkpoints/gen-0003.damaged     a checkpoint that failed verification on resume, set aside
 * checkpoints/best                 name of the checkpoint self-play uses (changes only with gating)
 * data/gen-0003/shard-002-32g.npz  a shard: the training samples of 32 self-play games of generation 3
 * games/gen-0003/game-00042.sgf    every self-play game
 * arena/gen-0003.csv               arena games of generation 3 (player a, player b, score of a)
 * arena/games/                     SGF of arena games
 * elo.csv                          the Elo ladder over all arena games
 * metrics.csv                      one row per generation (throughput, losses, Elo)
 * summary.txt                      what the last {@code train} session did, and the ladder
 * logs/train.log                   the log of every session of the run
 * </pre>
 */
public final class RunDirectory {
    private static final Pattern GENERATION = Pattern.compile("gen-(\\d+)");
    /** A generation as users name it: {@code gen-0003}, {@code gen-3} or {@code 3}. */
    private static final Pattern GENERATION_REF = Pattern.compile("(?:gen-)?(\\d+)");
    /** A shard's file name; runs of earlier versions named them {@code part-...}, which still read. */
    private static final Pattern SHARD = Pattern.compile("(?:shard|part)-(\\d+)-(\\d+)g\\.npz");
    private final Path root;

    public RunDirectory(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    public Path configFile() {
        return root.resolve("config.yaml");
    }

    public static String generationName(int generation) {
        return String.format(Locale.ROOT, "gen-%04d", generation);
    }

    public Path checkpointsDir() {
        return root.resolve("checkpoints");
    }

    public Path checkpoint(int generation) {
        return checkpoint(generationName(generation));
    }

    /** The checkpoint directory of a generation name such as {@code gen-0003}. */
    public Path checkpoint(String name) {
        return checkpointsDir().resolve(name);
    }

    public Path bestFile() {
        return checkpointsDir().resolve("best");
    }

    /**
     * The generation name the best pointer holds ({@code gen-0000} before the first promotion), or empty when the
     * pointer is damaged: it does not name a generation. Whether that checkpoint exists is the caller's question.
     */
    public Optional<String> best() {
        String text = readIfExists(bestFile());
        String name = text == null ? generationName(0) : text.strip();
        return GENERATION.matcher(name).matches() ? Optional.of(name) : Optional.empty();
    }

    /** Points self-play at checkpoint {@code name} (atomically). */
    public void writeBest(String name) {
        AtomicFiles.writeString(bestFile(), name + "\n");
    }

    public Path dataDir(int generation) {
        return root.resolve("data").resolve(generationName(generation));
    }

    public Path gamesDir(int generation) {
        return root.resolve("games").resolve(generationName(generation));
    }

    public Path arenaDir() {
        return root.resolve("arena");
    }

    public Path arenaFile(int generation) {
        return arenaDir().resolve(generationName(generation) + ".csv");
    }

    public Path arenaGamesDir() {
        return arenaDir().resolve("games");
    }

    public Path eloFile() {
        return root.resolve("elo.csv");
    }

    public Path metricsFile() {
        return root.resolve("metrics.csv");
    }

    public Path summaryFile() {
        return root.resolve("summary.txt");
    }

    /**
     * Checks that the run can write here (root and logs) before anything else does, so that a read-only or full
     * disk is one line naming the directory and the reason, not a logging library's internal errors.
     *
     * @throws UncheckedIOException saying why not
     */
    public void requireWritable() {
        for (Path folder : List.of(root, logFile().getParent())) {
            try {
                Files.createDirectories(folder);
                Path probe = Files.createTempFile(folder, ".write-probe", ".tmp");
                Files.delete(probe);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write in " + folder + ": " + IoErrors.reason(e), e);
            }
        }
    }

    /** Resource samples of every session, once a minute ({@link ResourceLog}). */
    public Path resourcesFile() {
        return root.resolve("logs").resolve("resources.csv");
    }

    public Path logFile() {
        return root.resolve("logs").resolve("train.log");
    }

    /** The newest checkpoint's generation, or -1 when there is none. */
    public int latestGeneration() {
        Path dir = checkpointsDir();
        if (!Files.isDirectory(dir)) {
            return -1;
        }
        int latest = -1;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "gen-*")) {
            for (Path f : files) {
                Matcher m = GENERATION.matcher(f.getFileName().toString());
                if (m.matches() && Files.isDirectory(f)) {
                    latest = Math.max(latest, Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        return latest;
    }

    /**
     * A checkpoint directory named by a user: {@code latest}, {@code best}, a generation name ({@code gen-0003}) or
     * number ({@code 3}) in this run.
     */
    public Path resolveCheckpoint(String ref) {
        String name;
        if (ref.equals("latest")) {
            int g = latestGeneration();
            if (g < 0) {
                throw new IllegalArgumentException("run " + root + " has no checkpoints yet");
            }
            name = generationName(g);
        } else if (ref.equals("best")) {
            name = best().orElseThrow(() -> new IllegalArgumentException(bestFile() + " is damaged: it does not "
                    + "name a checkpoint (resuming train repairs it; or name a generation such as latest or 3)"));
        } else {
            Matcher m = GENERATION_REF.matcher(ref);
            name = m.matches() ? generationName(Integer.parseInt(m.group(1))) : ref;
        }
        Path path = checkpoint(name);
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("run " + root + " has no checkpoint " + name + " (" + checkpointRange()
                    + ")");
        }
        return path;
    }

    /** What a user may name here, e.g. {@code checkpoints gen-0000 to gen-0012}, or that there are none yet. */
    public String checkpointRange() {
        int latest = latestGeneration();
        int first = 0;
        while (first < latest && !Files.isDirectory(checkpoint(first))) {
            first++;
        }
        return latest < 0 ? "no checkpoints yet" : latest == first ? "checkpoint " + generationName(latest)
                : "checkpoints " + generationName(first) + " to " + generationName(latest);
    }

    /** A finished shard of self-play data of {@code generation}: its path, its number and how many games it holds. */
    public record Shard(Path path, int index, int games) {
    }

    /** The complete shards of a generation, in order (temporary files of a killed write are ignored). */
    public List<Shard> shards(int generation) {
        Path dir = dataDir(generation);
        List<Shard> shards = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return shards;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.npz")) {
            for (Path f : files) {
                Matcher m = SHARD.matcher(f.getFileName().toString());
                if (m.matches()) {
                    shards.add(new Shard(f, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        shards.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return shards;
    }

    /**
     * The self-play figures of a shard ({@link RunTables#writeShardStats}), written before the shard itself: a
     * shard that exists always has them, so metrics come from stored data, not from what one session saw.
     */
    public static Path shardStats(Path shard) {
        return shard.resolveSibling(shard.getFileName().toString().replace(".npz", ".csv"));
    }

    /** The training figures of a generation, written just before its checkpoint ({@link RunTables#writeTraining}). */
    public Path trainingStats(int generation) {
        return dataDir(generation).resolve("training.csv");
    }

    /**
     * The arena figures of a generation, written just before its arena file ({@link RunTables#writeArenaStats}); the
     * file keeps the name it had when the arena was called the evaluation, so earlier runs keep their figures.
     */
    public Path arenaStats(int generation) {
        return dataDir(generation).resolve("evaluation.csv");
    }

    /** Path for shard {@code index} of {@code generation} holding {@code games} games. */
    public Path shard(int generation, int index, int games) {
        return dataDir(generation).resolve(String.format(Locale.ROOT, "shard-%03d-%dg.npz", index, games));
    }

    /**
     * Deletes what writes interrupted by a kill left behind: hidden {@code .*tmp*} files and directories in
     * {@code checkpoints/}, in each checkpoint (a derived int8 model) and in each generation's {@code data/} folder.
     * Returns how many were removed.
     */
    public int removeStaleTemporaries() {
        int removed = 0;
        List<Path> folders = new ArrayList<>();
        folders.add(checkpointsDir());
        folders.add(root);
        // Shards in each generation's folder; derived models (int8) inside each checkpoint.
        for (Path parent : List.of(root.resolve("data"), checkpointsDir())) {
            if (Files.isDirectory(parent)) {
                try (DirectoryStream<Path> children = Files.newDirectoryStream(parent, Files::isDirectory)) {
                    children.forEach(folders::add);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + parent, e);
                }
            }
        }
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, ".*tmp*")) {
                for (Path stale : entries) {
                    FileTrees.delete(stale);
                    removed++;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot clean " + folder + ": " + IoErrors.reason(e), e);
            }
        }
        return removed;
    }

    /** The file's text, or null if it does not exist. */
    public static String readIfExists(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new UncheckedIOException(file + " is not UTF-8 text (damaged?)", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + IoErrors.reason(e), e);
        }
    }
}
