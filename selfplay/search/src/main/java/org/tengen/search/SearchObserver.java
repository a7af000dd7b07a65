package org.tengen.search;

/**
 * Watches a search while it runs, e.g. to show its progress (GTP's live analysis): called on the search's own thread
 * after every batch of leaves, when every tree is consistent, so it may read {@link BatchedSearch#snapshot}.
 */
@FunctionalInterface
public interface SearchObserver {
    /** Watches nothing and never stops a search. */
    SearchObserver NONE = (search, finished) -> true;

    /**
     * After a batch of leaves.
     *
     * @param search   the search, consistent between batches
     * @param finished whether this was the last batch: the budget or the deadline is reached
     * @return whether the search goes on; false ends it now, and it chooses its move as at a deadline
     */
    boolean afterBatch(BatchedSearch search, boolean finished);

    /**
     * {@return whether the search should average the root's ownership over its leaves}
     * ({@link BatchedSearch#ownership}), when its evaluator predicts ownership. Off by default: self-play does not pay
     * for it.
     */
    default boolean wantsOwnership() {
        return false;
    }
}
