package org.tengen.store;

/** What a put did. */
public enum PutResult {
    /** The object was written. */
    CREATED,
    /** The key already held exactly these bytes: nothing was written. */
    UNCHANGED
}
