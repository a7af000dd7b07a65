package org.tengen.models.inference;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * How closely one backend's outputs follow a reference's on the same positions: masked policies (probabilities over
 * legal moves) and values. Accumulated batch by batch; not thread-safe.
 *
 * <p>Policies are compared per position by their total variation distance, half the summed absolute differences:
 * the largest difference in probability the two give any set of moves, and the chance that a move sampled from one
 * must differ from a move sampled from the other. Unlike agreement on the most probable move it means the same on a
 * nearly flat policy (a young network's), where a tiny difference changes which move comes first.
 */
public final class BackendAgreement {
    /** Resolution of the total variation quantiles: they are rounded up to a multiple of {@code 1 / TV_BINS}. */
    private static final int TV_BINS = 1000;

    private long positions;
    private long sameTopMove;
    private double tvSum;
    /** Positions by total variation distance, {@code [k]} counting those in {@code [k, k + 1) / TV_BINS}. */
    private final long[] tvHistogram = new long[TV_BINS];
    private double policyMax;
    private double policySum;
    private long policyEntries;
    private double valueMax;
    private double valueSum;

    /**
     * Adds {@code batch} positions: {@code policy}/{@code value} of the backend against {@code referencePolicy}/
     * {@code referenceValue}, policies laid out as {@code actions} entries per position.
     */
    public void add(int batch, int actions, float[] policy, float[] value, float[] referencePolicy,
                    float[] referenceValue) {
        for (int i = 0; i < batch; i++) {
            int from = i * actions;
            double absSum = 0;
            for (int a = 0; a < actions; a++) {
                double d = Math.abs(policy[from + a] - referencePolicy[from + a]);
                policyMax = Math.max(policyMax, d);
                absSum += d;
            }
            policySum += absSum;
            policyEntries += actions;
            double tv = absSum / 2;
            tvSum += tv;
            tvHistogram[Math.min(TV_BINS - 1, (int) (tv * TV_BINS))]++;
            double dv = Math.abs(value[i] - referenceValue[i]);
            valueMax = Math.max(valueMax, dv);
            valueSum += dv;
            sameTopMove += argmax(policy, from, actions) == argmax(referencePolicy, from, actions) ? 1 : 0;
            positions++;
        }
    }

    public long positions() {
        return positions;
    }

    /** Share of positions whose most probable move is the reference's. */
    public double topMoveAgreement() {
        return positions == 0 ? 1 : (double) sameTopMove / positions;
    }

    /** Mean over positions of the policies' total variation distance. */
    public double policyTvMean() {
        return positions == 0 ? 0 : tvSum / positions;
    }

    /**
     * The total variation distance that the share {@code q} of positions stay within, rounded up to a multiple of
     * {@code 1 / TV_BINS} (never understated); 0 without positions.
     */
    public double policyTvQuantile(double q) {
        if (positions == 0) {
            return 0;
        }
        long need = (long) Math.ceil(q * positions);
        long seen = 0;
        for (int k = 0; k < TV_BINS; k++) {
            seen += tvHistogram[k];
            if (seen >= need) {
                return (k + 1.0) / TV_BINS;
            }
        }
        return 1;
    }

    public double policyMaxAbs() {
        return policyMax;
    }

    /** Mean absolute difference over all policy entries (illegal ones are 0 in both). */
    public double policyMeanAbs() {
        return policyEntries == 0 ? 0 : policySum / policyEntries;
    }

    public double valueMaxAbs() {
        return valueMax;
    }

    public double valueMeanAbs() {
        return positions == 0 ? 0 : valueSum / positions;
    }

    /** One line: positions, policy total variation, top-move agreement, policy and value differences. */
    public String describe() {
        return summary().describe();
    }

    /** The figures so far. */
    public Summary summary() {
        return new Summary(positions, policyTvMean(), policyTvQuantile(Summary.TV_QUANTILE), topMoveAgreement(),
                policyMax, policyMeanAbs(), valueMax, valueMeanAbs());
    }

    /**
     * The figures of an agreement, as {@link BackendAgreement}'s accessors give them.
     *
     * @param policyTvMean     mean over positions of the policies' total variation distance
     * @param policyTvP99      the total variation distance that 99% of positions stay within ({@link #TV_QUANTILE})
     * @param topMoveAgreement share of positions whose most probable move is the reference's
     */
    public record Summary(long positions, double policyTvMean, double policyTvP99, double topMoveAgreement,
                          double policyMaxAbs, double policyMeanAbs, double valueMaxAbs, double valueMeanAbs) {
        /** The quantile of {@link #policyTvP99}. */
        public static final double TV_QUANTILE = 0.99;

        /** One line: positions, policy total variation, top-move agreement, policy and value differences. */
        public String describe() {
            return String.format(Locale.ROOT, "%d positions: policy total variation mean %.4f, 99%% within %.3f; "
                    + "same top move %.4f (%d), policy |diff| max %.3g mean %.3g, value |diff| max %.3g mean %.3g",
                    positions, policyTvMean, policyTvP99, topMoveAgreement, Math.round(topMoveAgreement * positions),
                    policyMaxAbs, policyMeanAbs, valueMaxAbs, valueMeanAbs);
        }

        /** The fields by name, in order, as a record file keeps them. */
        public Map<String, Object> toMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("positions", positions);
            map.put("policyTvMean", policyTvMean);
            map.put("policyTvP99", policyTvP99);
            map.put("topMoveAgreement", topMoveAgreement);
            map.put("policyMaxAbs", policyMaxAbs);
            map.put("policyMeanAbs", policyMeanAbs);
            map.put("valueMaxAbs", valueMaxAbs);
            map.put("valueMeanAbs", valueMeanAbs);
            return map;
        }

        /**
         * The summary {@link #toMap} wrote into {@code map}; {@code missing} gives the exception to throw for a field
         * that is not a number, such as the total variation figures in a record written before they existed.
         */
        public static Summary fromMap(Map<String, Object> map, Function<String, RuntimeException> missing) {
            Function<String, Number> number = key -> {
                if (map.get(key) instanceof Number n) {
                    return n;
                }
                throw missing.apply(key);
            };
            return new Summary(number.apply("positions").longValue(), number.apply("policyTvMean").doubleValue(),
                    number.apply("policyTvP99").doubleValue(), number.apply("topMoveAgreement").doubleValue(),
                    number.apply("policyMaxAbs").doubleValue(), number.apply("policyMeanAbs").doubleValue(),
                    number.apply("valueMaxAbs").doubleValue(), number.apply("valueMeanAbs").doubleValue());
        }
    }

    /** Index (from 0) of the largest of {@code a[from .. from+n-1]}, the first of equals. */
    public static int argmax(float[] a, int from, int n) {
        int best = 0;
        for (int j = 1; j < n; j++) {
            if (a[from + j] > a[from + best]) {
                best = j;
            }
        }
        return best;
    }
}
