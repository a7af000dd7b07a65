package org.tengen.search;

/**
 * The knobs of Gumbel AlphaZero (Danihelka et al. 2022), validated on construction.
 *
 * @param consideredActions actions sampled without replacement at the root (m)
 * @param gumbelScale       scale of the Gumbel noise; 1 samples (self-play), 0 is deterministic
 * @param cVisit            sigma(q) = (cVisit + max child visits) * cScale * q
 * @param cScale            see cVisit; q is rescaled to [0, 1] first (as mctx does)
 */
public record GumbelParams(int consideredActions, float gumbelScale, float cVisit, float cScale) {
    /**
     * Checks every knob.
     *
     * @param consideredActions at least 1
     * @param gumbelScale       not negative
     * @param cVisit            not negative
     * @param cScale            positive
     */
    public GumbelParams {
        Validate.atLeast("consideredActions", consideredActions, 1);
        Validate.nonNegative("gumbelScale", gumbelScale);
        Validate.nonNegative("cVisit", cVisit);
        Validate.positive("cScale", cScale);
    }
}
