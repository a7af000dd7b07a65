package org.tengen.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A run store in a directory on a local disk or a shared NFS volume, the twin of {@link S3Store} (a store, not a
 * {@code train} run directory, though {@code train} with {@code mode: async} keeps one in its {@code store/}): key
 * {@code games/a1/00000042.npz} is the file {@code ROOT/games/a1/00000042.npz}, byte for byte, so other tools can
 * read the files where they are.
 *
 * <p>Beside each object is a hidden record {@code .NAME.sha256} holding the object's SHA-256 ({@code mutable} for a
 * mutable object). A put writes the bytes to a hidden temporary file in the same folder and forces it to disk, then
 * <em>hard-links</em> first the record and then the object into place. A hard link, unlike a rename, fails when the
 * name exists, on a local file system and on NFS alike, so of two writers of one key exactly one creates it and the
 * other compares; and because the record is linked first, every visible object has its record. A writer killed
 * between the two links leaves a record without an object: the key reads as absent, a put of the same bytes completes
 * it, and a put of other bytes is a conflict until the key is deleted. Hidden names ({@code .*}) are never listed;
 * {@link #removeStaleTemporaries} clears the temporary files of killed writers.
 *
 * <p>On a file system without hard links, linking falls back to a rename that refuses an existing name, which is
 * atomic for readers but leaves a short window in which two writers of one key could both succeed.
 */
public final class FileStore extends AbstractRunStore {
    private static final String RECORD_SUFFIX = ".sha256";
    private static final String TEMP_SUFFIX = ".tmp";
    private final Path root;

    /** A store in {@code root}, which is created if missing. */
    public FileStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new StoreException("cannot create the store directory " + this.root + ": " + e.getMessage(), e);
        }
    }

    public Path root() {
        return root;
    }

    @Override
    public String location() {
        return root.toString();
    }

    @Override
    public void close() {
        // Nothing is held open.
    }

    @Override
    protected Optional<Meta> stat(String key) {
        return io(key, () -> {
            Path file = file(key);
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            try {
                return Optional.of(Meta.of(readRecord(file), Files.size(file)));
            } catch (NoSuchFileException e) {
                return Optional.empty();
            }
        });
    }

    @Override
    protected boolean create(String key, Content content) {
        return io(key, () -> {
            Path file = file(key);
            Files.createDirectories(file.getParent());
            requireNotFolder(key, file);
            Path data = writeTemporary(file, content);
            try {
                String claimed = claim(file, content.sha256());
                if (claimed != null && !claimed.equals(content.sha256())) {
                    if (Files.exists(file)) {
                        return false;
                    }
                    String other = MUTABLE_RECORD.equals(claimed) ? "a mutable object" : "SHA-256 " + claimed;
                    throw new StoreConflictException(location() + ": " + key + " is claimed by an unfinished write of"
                            + " other bytes (" + other + "); delete the key to free it");
                }
                boolean linked = link(data, file);
                force(file.getParent());
                return linked;
            } finally {
                Files.deleteIfExists(data);
            }
        });
    }

    @Override
    protected void write(String key, Content content) {
        io(key, () -> {
            Path file = file(key);
            Files.createDirectories(file.getParent());
            requireNotFolder(key, file);
            String claimed = claim(file, MUTABLE_RECORD);
            if (claimed != null && !claimed.equals(MUTABLE_RECORD)) {
                throw new StoreConflictException(location() + ": " + key + " is claimed by an immutable object; not"
                        + " replaced");
            }
            Path data = writeTemporary(file, content);
            try {
                Files.move(data, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                force(file.getParent());
            } finally {
                Files.deleteIfExists(data);
            }
            return null;
        });
    }

    @Override
    protected <T> Optional<T> read(String key, ObjectReader<T> reader) {
        return io(key, () -> {
            Path file = file(key);
            // Open first: a concurrent replace() renames a new file in, and this stream keeps the old one whole.
            try (InputStream in = Files.newInputStream(file)) {
                return Optional.ofNullable(reader.read(Meta.of(readRecord(file), Files.size(file)), in));
            } catch (NoSuchFileException e) {
                return Optional.empty();
            }
        });
    }

    @Override
    protected List<StoreEntry> listObjects(String prefix) {
        return io(prefix, () -> {
            int slash = prefix.lastIndexOf('/');
            Path start = slash < 0 ? root : root.resolve(prefix.substring(0, slash));
            List<StoreEntry> entries = new ArrayList<>();
            if (!Files.isDirectory(start)) {
                return entries;
            }
            // walkFileTree, not Files.walk: a writer's temporary file renamed away mid-listing must be skipped,
            // where Files.walk throws NoSuchFileException.
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path path, BasicFileAttributes attributes) {
                    String key = key(path);
                    if (key.isEmpty() || key.startsWith(".") || key.contains("/.") || !key.startsWith(prefix)
                            || !attributes.isRegularFile()) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (!Keys.isValid(key)) {
                        report(key, "not a valid store key, so not written by this store");
                        return FileVisitResult.CONTINUE;
                    }
                    entries.add(new StoreEntry(key, attributes.size()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path path, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // deleted or renamed while listing
                    }
                    throw e;
                }
            });
            return entries;
        });
    }

    @Override
    protected void remove(String key) {
        io(key, () -> {
            Path file = file(key);
            Files.deleteIfExists(file);
            Files.deleteIfExists(record(file));
            return null;
        });
    }

    /**
     * Deletes the temporary files of writes that were killed, older than {@code age} (so that running writes keep
     * theirs). Returns how many were removed.
     */
    public int removeStaleTemporaries(Duration age) {
        FileTime cutoff = FileTime.from(Instant.now().minus(age));
        return io("", () -> {
            int removed = 0;
            try (Stream<Path> files = Files.walk(root)) {
                for (Path path : (Iterable<Path>) files::iterator) {
                    String name = path.getFileName().toString();
                    if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX) && Files.isRegularFile(path)
                            && Files.getLastModifiedTime(path).compareTo(cutoff) < 0 && Files.deleteIfExists(path)) {
                        removed++;
                    }
                }
            }
            return removed;
        });
    }

    /** A key that is also the start of other keys ({@code a} beside {@code a/b}) is a folder here, not a file. */
    private void requireNotFolder(String key, Path file) {
        if (Files.isDirectory(file)) {
            throw new StoreConflictException(location() + ": " + key + " is a folder of other keys; a file store"
                    + " cannot also hold an object there");
        }
    }

    private Path file(String key) {
        return root.resolve(key);
    }

    private String key(Path path) {
        return root.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
    }

    private static Path record(Path file) {
        return file.resolveSibling("." + file.getFileName() + RECORD_SUFFIX);
    }

    /** The record beside {@code file}, or null if it has none. */
    private static String readRecord(Path file) throws IOException {
        try {
            return Files.readString(record(file), StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Links the record {@code text} beside {@code file} unless it has one.
     *
     * @return null if this call created it, else the record that was there
     */
    private static String claim(Path file, String text) throws IOException {
        Path record = record(file);
        Path tmp = writeTemporary(record, Content.of((text + "\n").getBytes(StandardCharsets.UTF_8)));
        try {
            if (link(tmp, record)) {
                force(file.getParent()); // the record reaches the disk before the object's name can
                return null;
            }
            return readRecord(file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A hidden temporary file beside {@code file} holding {@code content}, forced to disk. */
    private static Path writeTemporary(Path file, Content content) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", TEMP_SUFFIX);
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            if (content.bytes() != null) {
                ByteBuffer buffer = ByteBuffer.wrap(content.bytes());
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } else {
                try (FileChannel source = FileChannel.open(content.file(), StandardOpenOption.READ)) {
                    for (long done = 0, size = source.size(); done < size; ) {
                        done += source.transferTo(done, size - done, channel);
                    }
                }
            }
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        return tmp;
    }

    /** Gives {@code tmp} the name {@code target} unless that exists; true if it did. */
    private static boolean link(Path tmp, Path target) throws IOException {
        try {
            Files.createLink(target, tmp);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | FileSystemException e) {
            try {
                Files.move(tmp, target);
                return true;
            } catch (FileAlreadyExistsException exists) {
                return false;
            }
        }
    }

    /** Forces a directory's entries (new names) to disk; a file system that cannot is left as it is. */
    private static void force(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some file systems cannot open or sync a directory; the rename itself is still atomic.
        }
    }

    @FunctionalInterface
    private interface IoAction<T> {
        T run() throws IOException;
    }

    /** Runs one file-system request, counted, with an I/O failure as a one-line {@link StoreException}. */
    private <T> T io(String key, IoAction<T> action) {
        countRequest();
        try {
            return action.run();
        } catch (IOException e) {
            countError();
            throw new StoreException(location() + ": " + key + ": " + e, e);
        }
    }
}
