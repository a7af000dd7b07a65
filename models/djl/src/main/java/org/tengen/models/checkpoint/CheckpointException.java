package org.tengen.models.checkpoint;

/** A checkpoint is missing, corrupt, or does not match what the caller expects; the message says which and why. */
public final class CheckpointException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CheckpointException(String message) {
        super(message);
    }

    public CheckpointException(String message, Throwable cause) {
        super(message, cause);
    }
}
