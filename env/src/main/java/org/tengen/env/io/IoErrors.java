package org.tengen.env.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The reason an I/O operation failed, in words, for one-line errors. Java's file-system exceptions carry only the
 * path as their message ("cannot write X: X"), so the reason is read off their type, or off the operating system's
 * own words when it gave any ("No space left on device").
 */
public final class IoErrors {
    private IoErrors() {
    }

    /**
     * {@return why {@code e} happened, in a few words}, such as "permission denied"
     *
     * @param e an I/O failure
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException f) {
            // Also what creating a directory under a regular file throws, naming that file.
            return f.getFile() == null ? "it already exists" : f.getFile() + " already exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the directory is not empty";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
