package org.tengen.store;

/**
 * A key already holds something else: other bytes, a mutable pointer where an immutable object was meant (or the
 * reverse), or an object the store did not write. Objects are never silently overwritten.
 */
public final class StoreConflictException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreConflictException(String message) {
        super(message);
    }
}
