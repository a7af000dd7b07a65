/**
 * The run store: the one place where the roles of a distributed run (actors playing self-play games, the learner
 * training on them, the arena) meet. A store holds immutable objects under {@code /}-separated keys, plus the few
 * small mutable pointers that say which model is current; {@link org.tengen.store.RunLayout} names every key.
 *
 * <p>Two implementations share one contract ({@link org.tengen.store.RunStore}) and one piece of logic
 * ({@link org.tengen.store.AbstractRunStore}): {@link org.tengen.store.FileStore} on a local disk or an NFS
 * volume, and {@link org.tengen.store.S3Store} on any S3-compatible object store. Either way:
 * <ul>
 *   <li>an object appears whole or not at all, and is never overwritten: putting a key again with the same bytes is
 *       a no-op, with other bytes a {@link org.tengen.store.StoreConflictException};</li>
 *   <li>every object records the SHA-256 of its bytes when written; a read checks it, and an object that fails the
 *       check, or that the store did not write, is reported (logged and counted) and read as absent;</li>
 *   <li>the store counts its requests, errors and retries ({@link org.tengen.store.StoreStats}) for metrics.</li>
 * </ul>
 * The module depends on no other Tengen module, so that any role can use it.
 */
package org.tengen.store;
