package org.tengen.env.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoErrorsTest {
    @Test
    void theReasonIsWordsNotThePathAgain(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertEquals("no such file or directory", IoErrors.reason(assertThrows(IOException.class,
                () -> Files.writeString(tmp.resolve("missing/x"), "y"))));
        assertEquals(file + " already exists", IoErrors.reason(assertThrows(IOException.class,
                () -> Files.createFile(file))));
        assertEquals(file + " already exists", IoErrors.reason(assertThrows(IOException.class,
                () -> Files.createDirectories(file))), "a regular file where a directory should be");
        assertEquals("not a directory", IoErrors.reason(assertThrows(IOException.class,
                () -> Files.newDirectoryStream(file).close())));
        assertEquals("No space left on device", IoErrors.reason(new FileSystemException("/x", null,
                "No space left on device")));
        assertEquals("permission denied", IoErrors.reason(new java.nio.file.AccessDeniedException("/x")));
    }
}
