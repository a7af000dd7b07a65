package org.tengen.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;

/** What each game ending teaches: outcome targets only where the ending tells them. */
class SelfPlayTargetsTest {
    private static final FeatureSet FEATURES = FeatureSets.byId("az3");
    private static final SearchConfig SEARCH = SearchConfig.selfPlayDefaults().toBuilder().simulations(8).build();

    @Test
    void gamesCutByTheMoveCapTeachNoOutcomeAndCountedGamesTheirMargin() {
        // Uniform priors on 3x3: some games end by two passes, others run into the cap of 12 turns.
        Rules rules = Rules.trompTaylor(3).withKomi(0.5).withMaxMoves(12);
        Map<String, TrainingShard> games = play(rules, 24);
        int cut = 0;
        int counted = 0;
        for (Map.Entry<String, TrainingShard> game : games.entrySet()) {
            TrainingShard shard = game.getValue();
            boolean isCut = game.getKey().startsWith("Void");
            for (int i = 0; i < shard.count(); i++) {
                String where = game.getKey() + ", sample " + i;
                assertFalse(Float.isNaN(shard.policy()[i * 10]), where + ": the search's policy target stays");
                float score = shard.score()[i];
                if (isCut) {
                    assertTrue(Float.isNaN(shard.value()[i]), where + ": value of a game cut by the cap");
                    assertTrue(Float.isNaN(score), where + ": score of a game cut by the cap");
                    assertTrue(Float.isNaN(shard.ownership()[i * 9]), where + ": ownership of a game cut by the cap");
                    continue;
                }
                assertEquals(Math.signum(score), shard.value()[i], where + ": score " + score);
                float owned = 0;
                for (int p = 0; p < 9; p++) {
                    owned += shard.ownership()[i * 9 + p];
                }
                // Owned points from the mover's view, less komi for Black or plus komi for White.
                assertEquals(0.5f, Math.abs(score - owned), 1e-6f, where);
            }
            if (isCut) {
                cut++;
            } else {
                counted++;
            }
        }
        assertTrue(cut > 0 && counted > 0, cut + " games cut, " + counted + " counted: both kinds are needed");
    }

    /** The shards of {@code games} self-play games keyed by result (and number, to keep them apart). */
    private static Map<String, TrainingShard> play(Rules rules, int games) {
        InputSpec spec = InputSpec.of(FEATURES, rules);
        SelfPlay selfPlay = new SelfPlay(rules, FEATURES, SEARCH,
                new NetworkLeafEvaluator(new UniformEvaluator(spec), FEATURES, 4),
                new SelfPlay.Settings(4, -1f, 3, 0, 7));
        Map<String, TrainingShard> shards = new LinkedHashMap<>();
        selfPlay.play(games, (record, samples) -> shards.put(record.result() + " #" + shards.size(),
                samples.toShard()), () -> { });
        assertEquals(games, shards.size());
        return shards;
    }
}
