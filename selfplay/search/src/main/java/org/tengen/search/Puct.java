package org.tengen.search;

import java.util.SplittableRandom;

/** AlphaZero's selection rule, root noise and move choice over a {@link SearchTree}. Stateless. */
final class Puct {
    private Puct() {
    }

    /**
     * The edge of expanded node {@code n} maximising {@code Q + cPuct * P * sqrt(N) / (1 + n)}, Q from the view of
     * the player to move at {@code n}. Simulations in flight count as visits that lost (virtual loss). Unvisited
     * children get the first-play urgency: the node's own mean value minus {@code fpuReduction} times the square
     * root of the prior mass already visited (Leela Zero / KataGo). With {@code forced > 0} a child with fewer visits
     * than {@link #forcedVisits} is taken first (KataGo's forced playouts; for the root of a full search).
     */
    static int select(SearchTree t, int n, float cPuct, float fpuReduction, float forced) {
        int first = t.firstEdge[n];
        int end = first + t.edgeCount[n];
        int p = t.player[n];
        float visitedPrior = 0f;
        for (int e = first; e < end; e++) {
            int c = t.edgeChild[e];
            if (c != SearchTree.UNVISITED && t.visits[c] + t.inFlight[c] > 0) {
                visitedPrior += t.edgePrior[e];
            }
        }
        float fpu = t.meanValue(n) - fpuReduction * (float) Math.sqrt(visitedPrior);
        float explore = cPuct * (float) Math.sqrt(t.visits[n] + t.inFlight[n]);
        int best = first;
        float bestScore = Float.NEGATIVE_INFINITY;
        for (int e = first; e < end; e++) {
            int c = t.edgeChild[e];
            int visits = c == SearchTree.UNVISITED ? 0 : t.visits[c] + t.inFlight[c];
            float q;
            if (visits == 0) {
                q = fpu;
            } else {
                float w = t.player[c] == p ? t.valueSum[c] : -t.valueSum[c];
                q = (w - t.inFlight[c]) / visits;
            }
            float score = q + explore * t.edgePrior[e] / (1 + visits);
            if (forced > 0 && visits < forcedVisits(forced, t.edgePrior[e], t.visits[n] + t.inFlight[n])) {
                score = Float.POSITIVE_INFINITY;
            }
            if (score > bestScore) {
                bestScore = score;
                best = e;
            }
        }
        return best;
    }

    /** KataGo's forced visits of a root child with prior {@code prior} after {@code total} visits: sqrt(k P N). */
    static double forcedVisits(float k, float prior, int total) {
        return Math.sqrt(k * prior * total);
    }

    /**
     * Writes the policy target of root {@code n} with KataGo's policy target pruning: every child but the most
     * visited gives back up to its forced visits as long as its PUCT score (at the final visit counts) stays below the
     * most visited child's, and a child that gave some back and is left with one visit or none is dropped. The target is those visits,
     * normalised, into {@code target[action]}, which the caller has zeroed.
     */
    static void prunedTarget(SearchTree t, int n, float cPuct, float k, float[] target) {
        int first = t.firstEdge[n];
        int end = first + t.edgeCount[n];
        int p = t.player[n];
        int best = first;
        int total = 0;
        for (int e = first; e < end; e++) {
            total += childVisits(t, e);
            if (childVisits(t, e) > childVisits(t, best)) {
                best = e;
            }
        }
        if (total == 0) {
            return;
        }
        double explore = cPuct * Math.sqrt(total);
        int bestVisits = childVisits(t, best);
        double bestScore = t.meanValueFor(t.edgeChild[best], p) + explore * t.edgePrior[best] / (1 + bestVisits);
        double sum = 0;
        for (int e = first; e < end; e++) {
            int visits = childVisits(t, e);
            if (e != best && visits > 0) {
                double q = t.meanValueFor(t.edgeChild[e], p);
                int floor = Math.max(0, visits - (int) Math.floor(forcedVisits(k, t.edgePrior[e], total)));
                int kept = visits;
                while (kept > floor && q + explore * t.edgePrior[e] / kept < bestScore) {
                    kept--; // with one visit fewer its score would still be below the best's
                }
                visits = kept < visits && kept <= 1 ? 0 : kept;
            }
            target[t.edgeAction[e]] = visits;
            sum += visits;
        }
        for (int e = first; e < end; e++) {
            target[t.edgeAction[e]] /= (float) sum;
        }
    }

    /**
     * Mixes Dirichlet noise into the priors of expanded node {@code n}: {@code P = (1 - eps) P + eps eta} with
     * {@code eta ~ Dir(alphaScale / children)}. {@code scratch} needs at least one slot per child.
     */
    static void addDirichletNoise(SearchTree t, int n, float alphaScale, float epsilon, SplittableRandom random,
                                  double[] scratch) {
        int first = t.firstEdge[n];
        int count = t.edgeCount[n];
        if (count < 2 || epsilon == 0f) {
            return;
        }
        double alpha = alphaScale / (double) count;
        double sum = 0;
        for (int j = 0; j < count; j++) {
            scratch[j] = sampleGamma(alpha, random);
            sum += scratch[j];
        }
        for (int j = 0; j < count; j++) {
            double eta = sum > 0 ? scratch[j] / sum : 1.0 / count;
            t.edgePrior[first + j] = (float) ((1 - epsilon) * t.edgePrior[first + j] + epsilon * eta);
        }
    }

    /** A Gamma(alpha, 1) draw: Marsaglia and Tsang, boosted by U^(1/alpha) for alpha < 1. */
    static double sampleGamma(double alpha, SplittableRandom random) {
        double boost = 1;
        if (alpha < 1) {
            boost = Math.pow(random.nextDouble(), 1 / alpha);
            alpha += 1;
        }
        double d = alpha - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = random.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = random.nextDouble();
            if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
                return d * v * boost;
            }
        }
    }

    /**
     * The root edge to play: sampled with probability proportional to {@code visits^(1/temperature)}, or, for
     * {@code temperature == 0}, the most visited (ties: higher prior, then lower action).
     */
    static int chooseEdge(SearchTree t, int n, float temperature, SplittableRandom random) {
        int first = t.firstEdge[n];
        int end = first + t.edgeCount[n];
        int best = first;
        int bestVisits = -1;
        for (int e = first; e < end; e++) {
            int v = childVisits(t, e);
            if (v > bestVisits || v == bestVisits && t.edgePrior[e] > t.edgePrior[best]) {
                bestVisits = v;
                best = e;
            }
        }
        if (temperature == 0f || bestVisits == 0) {
            return best;
        }
        // Weights relative to the most visited child keep pow() in range for small temperatures.
        double inverse = 1.0 / temperature;
        double total = 0;
        for (int e = first; e < end; e++) {
            total += weight(childVisits(t, e), bestVisits, inverse);
        }
        double r = random.nextDouble() * total;
        for (int e = first; e < end; e++) {
            r -= weight(childVisits(t, e), bestVisits, inverse);
            if (r < 0) {
                return e;
            }
        }
        return best;
    }

    /**
     * The greedy choice at root {@code n}: the exact child (a terminal one, or {@code passEdge} when passing back ends
     * the game with margin {@code passScore} of the root player's view, visited or not; NaN when it does not) whose
     * utility is the highest and at least every visited child's mean utility, else {@code mostVisited}. Visit counts
     * measure how sure the search is of an estimate, and an exact result needs no visits to be sure: with few
     * simulations, moves of larger prior and an estimate just below the exact result (own eyes filled under area
     * scoring, which a network values as the same win until the last eye goes) can draw more visits and throw a proven
     * result away. KataGo's lower-confidence-bound selection agrees: an exact child's bound is its value. Utilities are
     * recomputed here from mean win/loss values and margins with the score utility of weight {@code weight}, centre
     * {@code center} and scale {@code scale}, as KataGo does, since a reused subtree summed them around older centres.
     */
    static int exactOrMostVisited(SearchTree t, int n, int mostVisited, int passEdge, float passScore, float weight,
                                  float center, float scale) {
        int first = t.firstEdge[n];
        int end = first + t.edgeCount[n];
        int p = t.player[n];
        boolean passExact = passEdge >= 0 && !Float.isNaN(passScore);
        int exact = passExact ? passEdge : -1;
        float exactUtility = passExact ? utility(Math.signum(passScore), passScore, weight, center, scale)
                : Float.NEGATIVE_INFINITY;
        float bestEstimate = Float.NEGATIVE_INFINITY;
        for (int e = first; e < end; e++) {
            int c = t.edgeChild[e];
            if (c == SearchTree.UNVISITED || t.visits[c] == 0 || passExact && e == passEdge) {
                continue;
            }
            float sign = t.player[c] == p ? 1f : -1f;
            if (t.isTerminal(c)) {
                float score = sign * t.rawScore[c];
                float u = utility(Math.signum(score), score, weight, center, scale);
                if (u > exactUtility) {
                    exactUtility = u;
                    exact = e;
                }
            } else {
                bestEstimate = Math.max(bestEstimate, utility(sign * t.winLossSum[c] / t.visits[c],
                        sign * t.scoreSum[c] / t.visits[c], weight, center, scale));
            }
        }
        return exact >= 0 && exactUtility >= bestEstimate ? exact : mostVisited;
    }

    /** Win/loss value {@code v} plus KataGo's score utility of margin {@code s} (see BatchedSearch#utility). */
    static float utility(float v, float s, float weight, float center, float scale) {
        return weight == 0f ? v : v + weight * (float) (2 / Math.PI * Math.atan((s - center) / scale));
    }

    private static double weight(int visits, int maxVisits, double inverseTemperature) {
        return visits == 0 ? 0 : Math.pow((double) visits / maxVisits, inverseTemperature);
    }

    static int childVisits(SearchTree t, int e) {
        int c = t.edgeChild[e];
        return c == SearchTree.UNVISITED ? 0 : t.visits[c];
    }
}
