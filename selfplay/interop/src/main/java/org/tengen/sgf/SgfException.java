package org.tengen.sgf;

/**
 * Malformed or unsupported SGF, or a record that cannot be replayed. The message is meant for the user and, for
 * syntax errors, starts with {@code line L, column C: }.
 */
public final class SgfException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    /** An error without a position in the text (a semantic problem, e.g. an illegal move). */
    public SgfException(String message) {
        this(message, 0, 0);
    }

    /** A syntax error at a 1-based {@code line} and {@code column}; the message gets the position in front. */
    public SgfException(String message, int line, int column) {
        super(line > 0 ? "line " + line + ", column " + column + ": " + message : message);
        this.line = line;
        this.column = column;
    }

    /** 1-based line of a syntax error, 0 when the error has no position. */
    public int line() {
        return line;
    }

    /** 1-based column of a syntax error, 0 when the error has no position. */
    public int column() {
        return column;
    }
}
