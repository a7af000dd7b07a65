package org.tengen.store;

/** A listed object: its key and size in bytes. */
public record StoreEntry(String key, long size) {
}
