package org.tengen.store;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The bytes of a put, in memory or in a file, with their size and digests (one pass over a file). */
final class Content {
    private final byte[] bytes;
    private final Path file;
    private final long size;
    private final String sha256;
    private final byte[] md5;

    private Content(byte[] bytes, Path file, long size, String sha256, byte[] md5) {
        this.bytes = bytes;
        this.file = file;
        this.size = size;
        this.sha256 = sha256;
        this.md5 = md5;
    }

    static Content of(byte[] bytes) {
        return new Content(bytes.clone(), null, bytes.length, sha256(bytes), digest("MD5").digest(bytes));
    }

    static Content of(Path file) {
        MessageDigest sha = digest("SHA-256");
        MessageDigest md5 = digest("MD5");
        long size = 0;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; size += n) {
                sha.update(buffer, 0, n);
                md5.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new Content(null, file, size, HexFormat.of().formatHex(sha.digest()), md5.digest());
    }

    /** The bytes, or null when they are in {@link #file()}. */
    byte[] bytes() {
        return bytes;
    }

    /** The file holding the bytes, or null when they are in memory. */
    Path file() {
        return file;
    }

    long size() {
        return size;
    }

    /** Lower-case hex SHA-256 of the bytes. */
    String sha256() {
        return sha256;
    }

    /** The raw MD5 of the bytes (S3's Content-MD5 check on upload). */
    byte[] md5() {
        return md5.clone();
    }

    InputStream open() throws IOException {
        return bytes != null ? new ByteArrayInputStream(bytes) : Files.newInputStream(file);
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest("SHA-256").digest(bytes));
    }

    /** A stream that computes the SHA-256 of what is read through it. */
    static DigestInputStream sha256(InputStream in) {
        return new DigestInputStream(in, digest("SHA-256"));
    }

    static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has " + algorithm, e);
        }
    }
}
