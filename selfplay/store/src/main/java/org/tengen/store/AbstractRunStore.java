package org.tengen.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The logic both stores share: key checks, idempotent and conflict-checked puts, hash-verified reads, reporting of
 * damaged objects, counters. A subclass provides six primitive operations on its medium; none of them decides what
 * a put or a read means.
 */
public abstract class AbstractRunStore implements RunStore {
    private static final Logger LOG = LogManager.getLogger(RunStore.class);
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong damaged = new AtomicLong();

    /** What an existing object is, by what the store recorded when writing it. */
    protected enum Kind {
        /** Written by {@link #put}: its SHA-256 was recorded. */
        IMMUTABLE,
        /** Written by {@link #replace}. */
        MUTABLE,
        /** Not written by this store: nothing was recorded. */
        FOREIGN
    }

    /**
     * What the store recorded with an object.
     *
     * @param sha256 the recorded SHA-256 (lower-case hex) of an {@link Kind#IMMUTABLE} object, otherwise null
     * @param size   the object's size in bytes
     */
    protected record Meta(Kind kind, String sha256, long size) {
        /** The record a medium keeps beside an object: a SHA-256, {@link #MUTABLE_RECORD}, or nothing (null). */
        public static Meta of(String record, long size) {
            if (record == null) {
                return new Meta(Kind.FOREIGN, null, size);
            }
            if (record.equals(MUTABLE_RECORD)) {
                return new Meta(Kind.MUTABLE, null, size);
            }
            // A damaged record is kept as it is: it will not match, and the object is reported as corrupt.
            return new Meta(Kind.IMMUTABLE, record, size);
        }
    }

    /** The record kept beside a mutable object instead of a hash. */
    protected static final String MUTABLE_RECORD = "mutable";

    /** Reads an object's bytes; called by {@link #read} once per attempt, with a fresh stream each time. */
    @FunctionalInterface
    protected interface ObjectReader<T> {
        T read(Meta meta, InputStream in) throws IOException;
    }

    /** What the store recorded with {@code key}, or empty if there is no such object. */
    protected abstract Optional<Meta> stat(String key);

    /**
     * Writes {@code content} under {@code key} with its SHA-256 recorded, atomically, if there is no object there.
     *
     * @return true if written, false if the key already had an object (which was left alone)
     */
    protected abstract boolean create(String key, Content content);

    /** Writes {@code content} under {@code key} as a mutable object, atomically replacing what was there. */
    protected abstract void write(String key, Content content);

    /** Opens {@code key} and applies {@code reader}; empty if there is no such object or the reader returned null. */
    protected abstract <T> Optional<T> read(String key, ObjectReader<T> reader);

    /** Every object whose key starts with {@code prefix}, in any order. */
    protected abstract List<StoreEntry> listObjects(String prefix);

    /** Removes {@code key} and its record, if there. */
    protected abstract void remove(String key);

    @Override
    public final PutResult put(String key, byte[] content) {
        return put(Keys.require(key), Content.of(content));
    }

    @Override
    public final PutResult put(String key, Path file) {
        return put(Keys.require(key), Content.of(file));
    }

    private PutResult put(String key, Content content) {
        Optional<Meta> existing = stat(key);
        if (existing.isEmpty()) {
            if (create(key, content)) {
                return PutResult.CREATED;
            }
            existing = stat(key);
            if (existing.isEmpty()) {
                throw new StoreException(location() + ": " + key + " appeared during the put, then vanished"
                        + " (deleted meanwhile?)");
            }
        }
        Meta meta = existing.get();
        switch (meta.kind()) {
            case IMMUTABLE -> {
                if (meta.sha256().equals(content.sha256())) {
                    return PutResult.UNCHANGED;
                }
                throw new StoreConflictException(location() + ": " + key + " already holds other bytes ("
                        + meta.size() + " bytes, SHA-256 " + abbreviate(meta.sha256()) + "; this put: "
                        + content.size() + " bytes, SHA-256 " + abbreviate(content.sha256()) + "); not overwritten");
            }
            case MUTABLE -> throw new StoreConflictException(location() + ": " + key
                    + " is a mutable object; replace() writes it");
            default -> throw new StoreConflictException(location() + ": " + key
                    + " holds an object this store did not write; not overwritten");
        }
    }

    @Override
    public final void replace(String key, byte[] content) {
        Keys.require(key);
        Optional<Meta> existing = stat(key);
        if (existing.isPresent() && existing.get().kind() != Kind.MUTABLE) {
            throw new StoreConflictException(location() + ": " + key + " holds "
                    + (existing.get().kind() == Kind.IMMUTABLE ? "an immutable object" : "an object this store did"
                    + " not write") + "; not replaced");
        }
        write(key, Content.of(content));
    }

    @Override
    public final Optional<byte[]> get(String key) {
        Keys.require(key);
        return read(key, (meta, in) -> {
            byte[] bytes = in.readAllBytes();
            return verified(key, meta, Content.sha256(bytes)) ? bytes : null;
        });
    }

    @Override
    public final boolean download(String key, Path target) {
        Keys.require(key);
        Path file = target.toAbsolutePath().normalize();
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new StoreException("cannot create " + file.getParent() + ": " + e.getMessage(), e);
        }
        return read(key, (meta, in) -> {
            Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", ".tmp");
            try {
                DigestInputStream digesting = Content.sha256(in);
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    digesting.transferTo(out);
                }
                String sha = HexFormat.of().formatHex(digesting.getMessageDigest().digest());
                if (!verified(key, meta, sha)) {
                    return null;
                }
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return Boolean.TRUE;
            } finally {
                Files.deleteIfExists(tmp);
            }
        }).isPresent();
    }

    @Override
    public final List<StoreEntry> list(String prefix) {
        List<StoreEntry> entries = new ArrayList<>(listObjects(Keys.requirePrefix(prefix)));
        entries.sort(Comparator.comparing(StoreEntry::key));
        return entries;
    }

    @Override
    public final void delete(String key) {
        remove(Keys.require(key));
    }

    @Override
    public final StoreStats stats() {
        return new StoreStats(requests.get(), errors.get(), retries.get(), damaged.get());
    }

    @Override
    public String toString() {
        return location();
    }

    /** Whether bytes with SHA-256 {@code sha} may be handed out as {@code key}; if not, reports why. */
    private boolean verified(String key, Meta meta, String sha) {
        return switch (meta.kind()) {
            case MUTABLE -> true;
            case FOREIGN -> report(key, "no recorded SHA-256: not written by this store");
            case IMMUTABLE -> meta.sha256().equals(sha)
                    || report(key, "corrupt: SHA-256 " + abbreviate(sha) + ", recorded " + abbreviate(meta.sha256()));
        };
    }

    /** Logs and counts a damaged object that a read skips; returns false. */
    protected final boolean report(String key, String problem) {
        damaged.incrementAndGet();
        LOG.warn("{}: {}: {}; skipped", location(), key, problem);
        return false;
    }

    /** Counts one request to the medium. */
    protected final void countRequest() {
        requests.incrementAndGet();
    }

    /** Counts one failed request. */
    protected final void countError() {
        errors.incrementAndGet();
    }

    /** Counts one repeated attempt. */
    protected final void countRetry() {
        retries.incrementAndGet();
    }

    /** Whether {@code text} is a lower-case hex SHA-256. */
    public static boolean isSha256(String text) {
        return text != null && SHA256.matcher(text).matches();
    }

    private static String abbreviate(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) + "..." : sha;
    }
}
