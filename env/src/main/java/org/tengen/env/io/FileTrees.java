package org.tengen.env.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Whole folders on disk. */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Deletes {@code path} and, if it is a folder, everything under it, deepest first; nothing if it is absent.
     *
     * @param path a file or folder
     * @throws IOException if something cannot be deleted; what was deleted before stays deleted
     */
    public static void delete(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
