package org.tengen.search;

import java.util.SplittableRandom;

/**
 * Gumbel AlphaZero's rules (Danihelka et al. 2022, following mctx): sequential halving over Gumbel-top-k actions
 * at the root, the deterministic improved-policy rule below it, and the completed-Q policy target.
 *
 * <p>sigma(q) = (cVisit + max child visits) * cScale * q, with q the completed Q-values (unvisited children take
 * the mixed value v_mix) rescaled to [0, 1] over the node's children. One instance per search driver: it holds a
 * scratch array of one slot per child.
 */
final class Gumbel {
    /** Floor for priors before taking logs or weighting, as mctx clamps probabilities at a tiny value. */
    static final float MIN_PRIOR = 1e-30f;

    private final float cVisit;
    private final float cScale;
    /** sigma(completed Q) of each child of the node last passed to {@link #transformQ}, {@code [actionCount]}. */
    private final float[] sigma;

    Gumbel(SearchConfig config, int actionCount) {
        cVisit = config.gumbel().cVisit();
        cScale = config.gumbel().cScale();
        sigma = new float[actionCount];
    }

    /**
     * mctx's {@code get_sequence_of_considered_visits}: entry {@code i} is the visit count an action must have to
     * be picked at root simulation {@code i} when {@code m} actions are considered. Each phase visits every
     * remaining action equally, then halves the set (keeping at least 2).
     */
    static int[] consideredVisits(int m, int simulations) {
        int[] sequence = new int[simulations];
        if (m <= 1) {
            for (int i = 0; i < simulations; i++) {
                sequence[i] = i;
            }
            return sequence;
        }
        int log2m = 32 - Integer.numberOfLeadingZeros(m - 1);
        int[] visits = new int[m];
        int considered = m;
        int length = 0;
        while (length < simulations) {
            int extra = Math.max(1, simulations / (log2m * considered));
            for (int r = 0; r < extra; r++) {
                for (int i = 0; i < considered; i++) {
                    if (length < simulations) {
                        sequence[length++] = visits[i];
                    }
                    visits[i]++;
                }
            }
            considered = Math.max(2, considered / 2);
        }
        return sequence;
    }

    /** {@code table[m]} = {@link #consideredVisits}{@code (m, simulations)} for m = 0..maxConsidered. */
    static int[][] consideredVisitTable(int maxConsidered, int simulations) {
        int[][] table = new int[maxConsidered + 1][];
        for (int m = 0; m <= maxConsidered; m++) {
            table[m] = consideredVisits(m, simulations);
        }
        return table;
    }

    /** Root score of each child without Q: {@code gumbelScale * g + log(prior)}, written to {@code out[offset+j]}. */
    static void sampleRootScores(SearchTree t, float gumbelScale, SplittableRandom random, float[] out,
                                 int offset) {
        int first = t.firstEdge[SearchTree.ROOT];
        int count = t.edgeCount[SearchTree.ROOT];
        for (int j = 0; j < count; j++) {
            double g = -Math.log(-Math.log(random.nextDouble(Double.MIN_NORMAL, 1.0)));
            out[offset + j] = (float) (gumbelScale * g + Math.log(Math.max(t.edgePrior[first + j], MIN_PRIOR)));
        }
    }

    /** Fills {@link #sigma} for the children of expanded node {@code n}; returns their number. */
    private int transformQ(SearchTree t, int n) {
        int first = t.firstEdge[n];
        int count = t.edgeCount[n];
        int p = t.player[n];
        int sumVisits = 0;
        int maxVisits = 0;
        float sumPrior = 0f;
        float weightedQ = 0f;
        for (int j = 0; j < count; j++) {
            int c = t.edgeChild[first + j];
            if (c != SearchTree.UNVISITED && t.visits[c] > 0) {
                float q = t.meanValueFor(c, p);
                float prior = Math.max(t.edgePrior[first + j], MIN_PRIOR);
                sigma[j] = q;
                sumVisits += t.visits[c];
                maxVisits = Math.max(maxVisits, t.visits[c]);
                sumPrior += prior;
                weightedQ += prior * q;
            }
        }
        // v_mix: the node's raw value mixed with the prior-weighted Q of the visited children.
        float mixed = sumVisits == 0 ? t.rawValue[n]
                : (t.rawValue[n] + sumVisits * (weightedQ / sumPrior)) / (sumVisits + 1);
        float min = Float.POSITIVE_INFINITY;
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            int c = t.edgeChild[first + j];
            if (c == SearchTree.UNVISITED || t.visits[c] == 0) {
                sigma[j] = mixed;
            }
            min = Math.min(min, sigma[j]);
            max = Math.max(max, sigma[j]);
        }
        float scale = (cVisit + maxVisits) * cScale / Math.max(max - min, 1e-8f);
        for (int j = 0; j < count; j++) {
            sigma[j] = (sigma[j] - min) * scale;
        }
        return count;
    }

    /**
     * Root selection by sequential halving: among children whose visits (in flight included) equal
     * {@code consideredVisit}, the one maximising {@code g + logit + sigma(completedQ)}.
     */
    int selectRoot(SearchTree t, float[] scores, int offset, int consideredVisit) {
        int count = transformQ(t, SearchTree.ROOT);
        int first = t.firstEdge[SearchTree.ROOT];
        int best = -1;
        int fallback = 0;
        float bestScore = Float.NEGATIVE_INFINITY;
        float fallbackScore = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            float score = scores[offset + j] + sigma[j];
            int c = t.edgeChild[first + j];
            int visits = c == SearchTree.UNVISITED ? 0 : t.visits[c] + t.inFlight[c];
            if (visits == consideredVisit && score > bestScore) {
                bestScore = score;
                best = j;
            }
            if (score > fallbackScore) {
                fallbackScore = score;
                fallback = j;
            }
        }
        // The schedule always leaves a child at the considered count; the fallback only guards against surprises.
        return first + (best >= 0 ? best : fallback);
    }

    /** The root edge to play: among the most visited children, the one maximising {@code g + logit + sigma}. */
    int chooseRoot(SearchTree t, float[] scores, int offset) {
        int count = transformQ(t, SearchTree.ROOT);
        int first = t.firstEdge[SearchTree.ROOT];
        int maxVisits = 0;
        for (int j = 0; j < count; j++) {
            maxVisits = Math.max(maxVisits, Puct.childVisits(t, first + j));
        }
        int best = 0;
        float bestScore = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            float score = scores[offset + j] + sigma[j];
            if (Puct.childVisits(t, first + j) == maxVisits && score > bestScore) {
                bestScore = score;
                best = j;
            }
        }
        return first + best;
    }

    /**
     * Interior selection: the child maximising {@code pi'(a) - n(a) / (1 + sum n)}, with the improved policy
     * {@code pi' = softmax(logits + sigma(completedQ))} (deterministic; in-flight simulations count as visits).
     */
    int selectInterior(SearchTree t, int n) {
        int count = improve(t, n);
        int first = t.firstEdge[n];
        int total = 0;
        for (int j = 0; j < count; j++) {
            total += visitsInFlight(t, first + j);
        }
        int best = 0;
        float bestScore = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            float score = sigma[j] - visitsInFlight(t, first + j) / (1f + total);
            if (score > bestScore) {
                bestScore = score;
                best = j;
            }
        }
        return first + best;
    }

    /** Writes the improved policy of node {@code n} into {@code out[action]}; other entries are left alone. */
    void improvedPolicy(SearchTree t, int n, float[] out) {
        int count = improve(t, n);
        int first = t.firstEdge[n];
        for (int j = 0; j < count; j++) {
            out[t.edgeAction[first + j]] = sigma[j];
        }
    }

    /** Turns {@link #sigma} into the improved policy softmax(log prior + sigma) of node {@code n}'s children. */
    private int improve(SearchTree t, int n) {
        int count = transformQ(t, n);
        int first = t.firstEdge[n];
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            max = Math.max(max, sigma[j]);
        }
        float sum = 0f;
        for (int j = 0; j < count; j++) {
            sigma[j] = Math.max(t.edgePrior[first + j], MIN_PRIOR) * (float) Math.exp(sigma[j] - max);
            sum += sigma[j];
        }
        for (int j = 0; j < count; j++) {
            sigma[j] /= sum;
        }
        return count;
    }

    private static int visitsInFlight(SearchTree t, int e) {
        int c = t.edgeChild[e];
        return c == SearchTree.UNVISITED ? 0 : t.visits[c] + t.inFlight[c];
    }
}
