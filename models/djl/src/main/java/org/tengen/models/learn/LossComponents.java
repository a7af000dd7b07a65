package org.tengen.models.learn;

/**
 * The loss of one training step, term by term, before weighting; {@code total} is the weighted sum that was
 * minimised. Terms that were not computed (no head or no targets) are 0.
 *
 * @param total     weighted sum of all terms below
 * @param policy    cross-entropy of the policy against its target distribution (nats)
 * @param value     mean squared error of the value
 * @param ownership mean squared error of ownership per point
 * @param score     squared score error divided by the board area, {@code (predicted - target)^2 / area}
 * @param l2        the L2 penalty as added to the total (already multiplied by its coefficient)
 */
public record LossComponents(float total, float policy, float value, float ownership, float score, float l2) {
}
