package org.tengen.models.data;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipException;
import java.util.zip.ZipOutputStream;

/**
 * {@code .npz} files: a ZIP archive with one {@code <name>.npy} entry per array, as {@code numpy.savez_compressed}
 * writes and {@code numpy.load} reads. Entries are deflated at the fastest level (observation planes are mostly 0s
 * and 1s and shrink several-fold even so).
 */
public final class NpzFile {
    /** 1980-01-01T00:00:00Z, the earliest time a zip entry holds. */
    private static final long FIXED_ENTRY_TIME = 315_532_800_000L;

    private NpzFile() {
    }

    /**
     * Writes {@code arrays} (in map order) to {@code path} atomically: into a temporary file in the same directory,
     * forced to disk, then renamed over {@code path}. Readers never see a partial file.
     */
    public static void write(Path path, Map<String, ? extends NpyArray> arrays) throws IOException {
        Path target = path.toAbsolutePath();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its owner-only permissions would carry over to the shard.
        Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current()
                .nextLong()) + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, CREATE_NEW, WRITE);
                    ZipOutputStream zip = new ZipOutputStream(
                            new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16))) {
                zip.setLevel(Deflater.BEST_SPEED);
                for (Map.Entry<String, ? extends NpyArray> e : arrays.entrySet()) {
                    checkName(e.getKey());
                    ZipEntry entry = new ZipEntry(e.getKey() + ".npy");
                    // A fixed time makes a shard's bytes a function of its data alone (reproducible, comparable).
                    entry.setTime(FIXED_ENTRY_TIME);
                    zip.putNextEntry(entry);
                    Npy.write(e.getValue(), zip);
                    zip.closeEntry();
                }
                zip.finish();
                zip.flush();
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Every {@code .npy} entry of {@code path}, keyed by name without {@code .npy}, in archive order. */
    public static Map<String, NpyArray> read(Path path) throws IOException {
        Map<String, NpyArray> arrays = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(path.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (entry.isDirectory() || !entry.getName().endsWith(".npy")) {
                    continue;
                }
                String name = entry.getName().substring(0, entry.getName().length() - ".npy".length());
                // ZipFile does not check CRC-32 (NumPy does): a flipped bit must not pass as training data.
                CheckedInputStream checked = new CheckedInputStream(zip.getInputStream(entry), new CRC32());
                try (InputStream in = new BufferedInputStream(checked, 1 << 16)) {
                    arrays.put(name, Npy.read(in, path.getFileName() + ":" + entry.getName()));
                    in.transferTo(OutputStream.nullOutputStream());
                } catch (IOException e) {
                    throw new IOException(path + ": entry " + entry.getName() + " is damaged: " + e.getMessage(), e);
                }
                if (entry.getCrc() != -1 && checked.getChecksum().getValue() != entry.getCrc()) {
                    throw new IOException(path + ": entry " + entry.getName() + " fails its CRC-32 check: the file "
                            + "is damaged");
                }
            }
        } catch (ZipException e) {
            throw new IOException(path + " is not a readable .npz (ZIP) file: " + e.getMessage(), e);
        }
        return arrays;
    }

    private static void checkName(String name) {
        if (name.isEmpty() || name.contains("/") || name.contains("\\")) {
            throw new IllegalArgumentException("bad array name '" + name + "': use a plain identifier");
        }
    }
}
