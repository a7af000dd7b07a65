package org.tengen.gtp;

import org.tengen.agent.SearchAgent;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.OwningEvaluator;
import org.tengen.search.SearchConfig;

/**
 * A stand-in network for GTP tests: uniform priors and value 0, and an ownership head that knows the answer, the same
 * ownership of every point in every position (Black's view, turned to the player to move).
 */
final class OracleNetwork {
    private static final FeatureSet FEATURES = FeatureSets.byId("az3");

    private OracleNetwork() {
    }

    /**
     * An engine whose agent searches this network ({@code simulations} a move, greedy PUCT) on boards of
     * {@code blackOwnership.length} points.
     */
    static GtpEngine engine(float[] blackOwnership, int simulations) {
        SearchConfig config = SearchConfig.arenaDefaults().toBuilder().simulations(simulations)
                .temperatureMoves(0).build();
        SearchAgent agent = new SearchAgent("oracle", config, 1, (rules, maxBatch) -> new NetworkLeafEvaluator(
                new OwningEvaluator(new UniformEvaluator(InputSpec.of(FEATURES, rules)),
                        (observations, position, point, spec) -> blackOwnership[point]), FEATURES, maxBatch), 1);
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
}
