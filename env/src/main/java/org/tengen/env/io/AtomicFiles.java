package org.tengen.env.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writing a whole file so that a reader sees the old content or the new, never a part, even after a crash. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /**
     * Writes {@code bytes} to {@code file} (replacing it): a temporary file in the same folder, forced to disk, then
     * renamed over it.
     *
     * @param file  the file; its folder is made if missing
     * @param bytes its new content
     * @throws IOException if the folder, the temporary file or the rename fails; {@code file} is then as it was
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Writes {@code text} to {@code file} as UTF-8, atomically as {@link #write} does.
     *
     * @param file the file; its folder is made if missing
     * @param text its new content
     * @throws UncheckedIOException naming the file and the reason ({@link IoErrors#reason})
     */
    public static void writeString(Path file, String text) {
        try {
            write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + IoErrors.reason(e), e);
        }
    }
}
