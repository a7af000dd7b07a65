package org.tengen.gtp;

import java.nio.FloatBuffer;
import org.tengen.agent.SearchAgent;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;

/**
 * A stand-in network for GTP tests: uniform priors and value 0, and an ownership head that knows the answer, the same
 * ownership of every point in every position (Black's view, turned to the player to move read from {@code az3}'s
 * colour plane).
 */
final class OracleNetwork implements Evaluator {
    private static final FeatureSet FEATURES = FeatureSets.byId("az3");

    private final InputSpec spec;
    private final UniformEvaluator uniform;
    private final float[] blackOwnership;

    private OracleNetwork(Rules rules, float[] blackOwnership) {
        this.spec = InputSpec.of(FEATURES, rules);
        this.uniform = new UniformEvaluator(spec);
        this.blackOwnership = blackOwnership;
    }

    /**
     * An engine whose agent searches this network ({@code simulations} a move, greedy PUCT) on boards of
     * {@code blackOwnership.length} points.
     */
    static GtpEngine engine(float[] blackOwnership, int simulations) {
        SearchConfig config = SearchConfig.evaluationDefaults().toBuilder().simulations(simulations)
                .temperatureMoves(0).build();
        SearchAgent agent = new SearchAgent("oracle", config, 1, (rules, maxBatch) -> new NetworkLeafEvaluator(
                new OracleNetwork(rules, blackOwnership), FEATURES, maxBatch), 1);
        return new GtpEngine("Tengen", "1", agent, simulations);
    }

    /**
     * Black's view of a diagram of the final ownership ({@code b} Black's, {@code w} White's, {@code .} nobody's; top
     * row first), as actions are ordered.
     */
    static float[] ownership(String diagram) {
        String points = diagram.replaceAll("\\s", "");
        float[] owned = new float[points.length()];
        for (int a = 0; a < owned.length; a++) {
            owned[a] = switch (points.charAt(a)) {
                case 'b' -> 1f;
                case 'w' -> -1f;
                default -> 0f;
            };
        }
        return owned;
    }

    @Override
    public InputSpec spec() {
        return spec;
    }

    @Override
    public boolean predictsOwnership() {
        return true;
    }

    @Override
    public void evaluate(int batch, FloatBuffer observations, boolean[] legal, float[] policy, float[] value,
                         float[] score, float[] ownership) {
        uniform.evaluate(batch, observations, legal, policy, value, score);
        if (ownership == null) {
            return;
        }
        int area = spec.area();
        for (int i = 0; i < batch; i++) {
            float sign = observations.get(i * spec.observationSize() + 2 * area) == 1f ? 1f : -1f;
            for (int p = 0; p < area; p++) {
                ownership[i * area + p] = sign * blackOwnership[p];
            }
        }
    }
}
