package org.tengen.store;

/** A store operation failed (I/O, the server, after any retries); the message is one line naming the key. */
public class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
