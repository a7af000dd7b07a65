package org.tengen.store;

/**
 * Counters of a store since it was opened, for metrics.
 *
 * @param requests requests sent (S3: every HTTP attempt, retries included; directory: every file-system operation)
 * @param errors   requests that failed (a retried failure counts once per attempt)
 * @param retries  attempts that repeated a failed request
 * @param damaged  objects reported and skipped by a read: corrupt (hash mismatch) or not written by the store
 */
public record StoreStats(long requests, long errors, long retries, long damaged) {
}
