package org.tengen.search;

import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.vec.VecEnv;

/**
 * Network-free leaf evaluation for anchor players: uniform priors over legal actions and, as the value, the mean
 * result of {@link PlayoutPolicy} playouts scored exactly by the rules; one is cut after three board areas of turns
 * and counted as it stands. It predicts no ownership (NaN when asked). Allocates only when it first meets a new rule set.
 */
public final class RolloutLeafEvaluator implements LeafEvaluator {
    private final int rollouts;
    private final PlayoutPolicy policy;
    private Game scratch;

    /**
     * @param rollouts playouts per leaf, at least 1
     * @param seed     the playouts' seed
     */
    public RolloutLeafEvaluator(int rollouts, long seed) {
        if (rollouts < 1) {
            throw new IllegalArgumentException("rollouts must be at least 1, got " + rollouts);
        }
        this.rollouts = rollouts;
        this.policy = new PlayoutPolicy(seed);
    }

    @Override
    public FeatureSet features() {
        return FeatureSets.byId("none");
    }

    @Override
    public int maxBatch() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void evaluate(int batch, VecEnv leaves, float[] policy, float[] value, float[] score, float[] ownership) {
        boolean[] legal = leaves.legalMask();
        if (ownership != null) {
            java.util.Arrays.fill(ownership, 0, batch * leaves.rules().area(), Float.NaN);
        }
        for (int i = 0; i < batch; i++) {
            Game game = leaves.game(i);
            int actions = game.rules().actionCount();
            int offset = i * actions;
            int count = 0;
            for (int a = 0; a < actions; a++) {
                if (legal[offset + a]) {
                    count++;
                }
            }
            for (int a = 0; a < actions; a++) {
                policy[offset + a] = legal[offset + a] ? 1f / count : 0f;
            }
            float sum = 0f;
            float margin = 0f;
            for (int r = 0; r < rollouts; r++) {
                sum += rollout(game);
                margin += GameValues.score(scratch, game.toMove());
            }
            value[i] = sum / rollouts;
            score[i] = margin / rollouts;
        }
    }

    /**
     * One playout of {@link PlayoutPolicy} from {@code start}, left in {@code scratch}; its result for {@code start}'s
     * player to move.
     */
    float rollout(Game start) {
        if (scratch == null || !scratch.rules().equals(start.rules())
                || scratch.keptPositions() != start.keptPositions()) {
            scratch = new Game(start.rules(), start.keptPositions());
        }
        scratch.copyFrom(start);
        policy.playOut(scratch, 3 * start.rules().area());
        return GameValues.outcome(scratch, start.toMove());
    }
}
