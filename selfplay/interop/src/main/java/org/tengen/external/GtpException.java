package org.tengen.external;

/**
 * A GTP command that did not succeed. {@link Kind#REFUSED} is an ordinary {@code ?} answer and the engine stays
 * usable; every other kind means the connection is broken and the engine must be replaced. The message names the
 * engine, the command and what went wrong.
 */
public final class GtpException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The engine answered {@code ? message}. */
        REFUSED,
        /** No complete answer within the timeout. */
        TIMEOUT,
        /** The engine exited or closed its pipes. */
        CRASHED,
        /** The answer was not a GTP response to the command sent. */
        MALFORMED
    }

    private final Kind kind;

    GtpException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** True unless the engine merely refused the command: the engine must then be restarted. */
    public boolean engineFailed() {
        return kind != Kind.REFUSED;
    }
}
