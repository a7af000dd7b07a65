package org.tengen.models.eval;

/** Turning network logits into search priors. */
public final class Policies {
    private Policies() {
    }

    /**
     * Softmax of {@code logits[from .. from+n)} restricted to legal actions: illegal actions get exactly 0 and the
     * legal ones sum to 1 (computed in double, shifted by the largest legal logit so it cannot overflow).
     *
     * @param logits     the network's logits
     * @param logitsFrom index of the first logit
     * @param legal      legal flags
     * @param legalFrom  index of the first flag
     * @param out        receives the probabilities
     * @param outFrom    index of the first probability
     * @param n          actions
     * @throws IllegalArgumentException if no action is legal
     */
    public static void maskedSoftmax(float[] logits, int logitsFrom, boolean[] legal, int legalFrom, float[] out,
            int outFrom, int n) {
        float max = Float.NEGATIVE_INFINITY;
        for (int a = 0; a < n; a++) {
            if (legal[legalFrom + a] && logits[logitsFrom + a] > max) {
                max = logits[logitsFrom + a];
            }
        }
        if (max == Float.NEGATIVE_INFINITY) {
            requireLegal(legal, legalFrom, n);
        }
        double sum = 0;
        for (int a = 0; a < n; a++) {
            float e = legal[legalFrom + a] ? (float) Math.exp(logits[logitsFrom + a] - max) : 0f;
            out[outFrom + a] = e;
            sum += e;
        }
        float scale = (float) (1.0 / sum);
        for (int a = 0; a < n; a++) {
            out[outFrom + a] *= scale;
        }
    }

    /**
     * The uniform distribution over legal actions.
     *
     * @param legal     legal flags
     * @param legalFrom index of the first flag
     * @param out       receives the probabilities
     * @param outFrom   index of the first probability
     * @param n         actions
     * @throws IllegalArgumentException if no action is legal
     */
    public static void uniform(boolean[] legal, int legalFrom, float[] out, int outFrom, int n) {
        int count = requireLegal(legal, legalFrom, n);
        float p = 1f / count;
        for (int a = 0; a < n; a++) {
            out[outFrom + a] = legal[legalFrom + a] ? p : 0f;
        }
    }

    private static int requireLegal(boolean[] legal, int from, int n) {
        int count = 0;
        for (int a = 0; a < n; a++) {
            if (legal[from + a]) {
                count++;
            }
        }
        if (count == 0) {
            throw new IllegalArgumentException("no legal action in the mask at offset " + from
                    + " (a position to evaluate always allows pass)");
        }
        return count;
    }
}
