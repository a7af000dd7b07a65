package org.tengen.models.inference;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * How closely one backend's outputs follow a reference's on the same positions: masked policies (probabilities over
 * legal moves) and values. Accumulated batch by batch; not thread-safe.
 */
public final class BackendAgreement {
    private long positions;
    private long sameTopMove;
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
            for (int a = 0; a < actions; a++) {
                double d = Math.abs(policy[from + a] - referencePolicy[from + a]);
                policyMax = Math.max(policyMax, d);
                policySum += d;
            }
            policyEntries += actions;
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

    /** One line: positions, top-move agreement, policy and value differences. */
    public String describe() {
        return summary().describe();
    }

    /** The figures so far. */
    public Summary summary() {
        return new Summary(positions, topMoveAgreement(), policyMax, policyMeanAbs(), valueMax, valueMeanAbs());
    }

    /**
     * The figures of an agreement, as {@link BackendAgreement}'s accessors give them.
     *
     * @param topMoveAgreement share of positions whose most probable move is the reference's
     */
    public record Summary(long positions, double topMoveAgreement, double policyMaxAbs, double policyMeanAbs,
                          double valueMaxAbs, double valueMeanAbs) {
        /** One line: positions, top-move agreement, policy and value differences. */
        public String describe() {
            return String.format(Locale.ROOT, "%d positions: same top move %.4f (%d), policy |diff| max %.3g mean "
                    + "%.3g, value |diff| max %.3g mean %.3g", positions, topMoveAgreement,
                    Math.round(topMoveAgreement * positions), policyMaxAbs, policyMeanAbs, valueMaxAbs, valueMeanAbs);
        }

        /** The fields by name, in order, as a record file keeps them. */
        public Map<String, Object> toMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("positions", positions);
            map.put("topMoveAgreement", topMoveAgreement);
            map.put("policyMaxAbs", policyMaxAbs);
            map.put("policyMeanAbs", policyMeanAbs);
            map.put("valueMaxAbs", valueMaxAbs);
            map.put("valueMeanAbs", valueMeanAbs);
            return map;
        }

        /**
         * The summary {@link #toMap} wrote into {@code map}; {@code missing} gives the exception to throw for a field
         * that is not a number.
         */
        public static Summary fromMap(Map<String, Object> map, Function<String, RuntimeException> missing) {
            Function<String, Number> number = key -> {
                if (map.get(key) instanceof Number n) {
                    return n;
                }
                throw missing.apply(key);
            };
            return new Summary(number.apply("positions").longValue(), number.apply("topMoveAgreement").doubleValue(),
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
