package org.tengen.search;

import java.util.List;

/**
 * What the search of one game knows at a moment, for analysis displays ({@link BatchedSearch#snapshot}). Values are
 * from the view of {@code player}, the player to move at the root: utilities (the win/loss value plus the score
 * utility) in [-{@code utilityRange}, {@code utilityRange}], win/loss values in [-1, 1] and expected final margins in
 * points (komi included).
 *
 * @param player       the player to move at the root
 * @param visits       completed visits of the root, its own evaluation included
 * @param utility      the root's mean utility
 * @param winLoss      the root's mean win/loss value
 * @param score        the root's mean expected margin
 * @param utilityRange the largest absolute utility: 1 plus the score utility's weight
 * @param candidates   every legal root action, most visited first (then by prior)
 * @param ownership    the search-averaged ownership of every point (row-major, as actions) in [-1, 1], +1 owned by
 *                     {@code player}; null when the search did not track it ({@link SearchObserver#wantsOwnership})
 */
public record SearchSnapshot(int player, int visits, float utility, float winLoss, float score, float utilityRange,
                             List<Candidate> candidates, float[] ownership) {

    /**
     * One root action. Without visits its values are those of a loss (utility {@code -utilityRange}, win/loss -1,
     * score 0), as Leela Zero reports unvisited moves.
     *
     * @param action        the action (points row-major, pass = area)
     * @param visits        completed visits of the child
     * @param prior         the prior the search used
     * @param utility       the child's mean utility
     * @param winLoss       the child's mean win/loss value
     * @param score         the child's mean expected margin
     * @param utilityRadius the half-width of KataGo's lower confidence bound on the utility: {@code utility -
     *                      utilityRadius} is the bound
     * @param pv            the principal variation: this action, then the most visited child at each step
     * @param pvVisits      the visits of the node each move of {@code pv} leads to
     */
    public record Candidate(int action, int visits, float prior, float utility, float winLoss, float score,
                            float utilityRadius, int[] pv, int[] pvVisits) {
    }
}
