package org.tengen.config;

/**
 * A configuration mistake; the message names the file, the field path and what is wrong, on one line (line breaks
 * in an echoed value become spaces).
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(oneLine(message));
    }

    public ConfigException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    private static String oneLine(String message) {
        return message.replaceAll("[ \t]*\\R[ \t]*", " ");
    }
}
