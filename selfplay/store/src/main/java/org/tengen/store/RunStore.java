package org.tengen.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The objects of one run, under {@code /}-separated relative keys such as {@code games/actor-1/00000042.npz}
 * ({@link Keys} says which keys are valid; a bad key is an {@link IllegalArgumentException} with one line).
 *
 * <p>Objects are immutable: {@link #put} writes a key once, atomically; a reader sees the whole object or nothing.
 * A put of the same bytes again is a no-op ({@link PutResult#UNCHANGED}), so a retried or repeated put is safe; a put
 * of different bytes is a {@link StoreConflictException}, never an overwrite. The exception is a small mutable
 * pointer such as {@code models/latest.json}, written by {@link #replace} (last writer wins; see
 * {@link RunLayout#publishLatest} for the generation rule that keeps it from moving backwards).
 *
 * <p>Reads verify: {@link #get} and {@link #download} check an object against the SHA-256 recorded when it was put.
 * A corrupt object, or one the store did not write (copied in by hand), is reported (logged, counted in
 * {@link StoreStats#damaged()}) and read as absent, so a caller iterating over {@link #list} skips it.
 *
 * <p>Implementations are thread-safe, and several processes may share one store.
 */
public interface RunStore extends AutoCloseable {

    /**
     * Opens the store at {@code location}: {@code s3://BUCKET/PREFIX} for an {@link S3Store} configured from the
     * environment, anything else is a directory for a {@link FileStore}.
     *
     * @throws IllegalArgumentException for another URL scheme or a bad bucket or prefix
     */
    static RunStore open(String location) {
        if (location.startsWith("s3://")) {
            String path = location.substring("s3://".length());
            int slash = path.indexOf('/');
            return S3Store.builder().setBucket(slash < 0 ? path : path.substring(0, slash))
                    .optPrefix(slash < 0 ? "" : path.substring(slash + 1)).build();
        }
        if (location.matches("[A-Za-z][A-Za-z0-9+.-]*://.*")) {
            throw new IllegalArgumentException("store location '" + location + "': use a directory or"
                    + " s3://bucket/prefix");
        }
        return new FileStore(Path.of(location));
    }

    /**
     * Writes {@code content} under {@code key}, atomically, unless the key already holds exactly these bytes.
     *
     * @throws StoreConflictException if the key holds anything else
     * @throws StoreException         if the store cannot be written
     */
    PutResult put(String key, byte[] content);

    /** As {@link #put(String, byte[])}, with the bytes of {@code file} (streamed, not held in memory). */
    PutResult put(String key, Path file);

    /** The verified bytes of {@code key}, or empty if there is none (or it is damaged: then it is reported). */
    Optional<byte[]> get(String key);

    /**
     * Copies the verified object {@code key} to {@code target} (atomically: temporary file, then rename; an existing
     * target is replaced), streaming rather than holding it in memory.
     *
     * @return false, with nothing written, if there is no such object (or it is damaged: then it is reported)
     */
    boolean download(String key, Path target);

    /** The objects whose keys start with {@code prefix} ("" for all), sorted by key. Nothing is read or verified. */
    List<StoreEntry> list(String prefix);

    /** Removes {@code key}, if it exists (housekeeping: old games, old models). */
    void delete(String key);

    /**
     * Replaces the small mutable object {@code key} with {@code content}, atomically; the last writer wins, and
     * readers see the old or the new bytes whole. Its content is not hash-checked on read: the caller validates it.
     *
     * @throws StoreConflictException if {@code key} holds an immutable object
     */
    void replace(String key, byte[] content);

    /** Counters since the store was opened. */
    StoreStats stats();

    /** Where the store is, for messages: a directory, or {@code s3://bucket/prefix}. */
    String location();

    @Override
    void close();
}
