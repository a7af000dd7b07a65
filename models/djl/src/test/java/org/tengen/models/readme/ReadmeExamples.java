package org.tengen.models.readme;

import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.IllegalActionPolicy;
import org.tengen.env.vec.RandomLegalSampler;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;
import org.tengen.models.bridge.DjlViews;
import org.tengen.models.bridge.Nd4jViews;
import org.tengen.models.rl.GoRlEnv;

/**
 * The documentation's examples of the library API (README.md and docs/), as code that runs: {@link ReadmeExamplesTest}
 * checks that the documentation shows exactly the text between each pair of markers, and what each example returns.
 */
final class ReadmeExamples {
    private ReadmeExamples() {
    }

    @SuppressWarnings("unused") // the example names the buffers a caller reads
    static int vecEnv() {
        // <example vec-env>
        try (VecEnv env = new VecEnv(new VecEnvConfig(Rules.trompTaylor(9), 256, FeatureSets.byId("az17"), 2,
                IllegalActionPolicy.THROW, 1))) {
            env.reset();
            RandomLegalSampler random = new RandomLegalSampler(env);   // a uniformly random legal action per game
            int[] actions = new int[256];            // y * width + x for points, width * height for pass
            int finished = 0;
            while (finished < 256) {
                random.sample(env, actions);
                env.step(actions);
                FloatBuffer observations = env.observations();  // direct, NCHW [256, 17, 9, 9], written in place
                boolean[] legal = env.legalMask();               // [256 * 82], exact under the ko rule
                for (int i = 0; i < 256; i++) {
                    if (env.terminated()[i] || env.truncated()[i]) {
                        finished++;                  // env.finalScores()[i], env.winners()[i]; the game restarts
                    }
                }
            }
            return finished;
        }
        // </example>
    }

    static long vecEnvGroups() {
        // <example vec-env-groups>
        try (VecEnv env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(9), 256).withThreads(2).withGroups(8))) {
            RandomLegalSampler random = new RandomLegalSampler(env);
            int[] actions = new int[256];
            random.sample(env, actions);
            for (int g = 0; g < env.groups(); g++) {
                env.send(g, actions, null);          // all 8 groups of 32 games in flight
            }
            long steps = 0;
            while (steps < 100_000) {
                int g = env.recv();                  // the group that finished first
                int from = env.groupStart(g);
                int to = env.groupStart(g + 1);      // games [from, to): slices of every buffer
                for (int i = from; i < to; i++) {    // a network would evaluate the slice here
                    actions[i] = random.pick(i, env.legalMask(), i * env.actionCount(), env.legalCounts()[i]);
                }
                steps += to - from;
                env.send(g, actions, null);          // stepped on the env's threads meanwhile
            }
            while (env.groupsInFlight() > 0) {
                env.recv();                          // before a synchronous step() or reset()
            }
            return steps;
        }
        // </example>
    }

    static float djlView() {
        // <example djl-view>
        try (VecEnv env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(9), 8));
             NDManager manager = NDManager.newBaseManager()) {
            NDArray observations = DjlViews.observations(manager, env); // (8, 17, 9, 9): the env's own memory
            int[] centre = new int[8];
            Arrays.fill(centre, 40);                                     // every game plays E5
            env.step(centre);
            return observations.get(0, 1, 4, 4).getFloat();              // White now sees Black's stone: 1
        }
        // </example>
    }

    static float nd4jView() {
        // <example nd4j-view>
        try (VecEnv env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(9), 8))) {
            INDArray observations = Nd4jViews.observations(env);         // [8, 17, 9, 9]: the env's own memory
            int[] centre = new int[8];
            Arrays.fill(centre, 40);
            env.step(centre);
            return observations.getFloat(0, 1, 4, 4);                    // 1, without a copy
        }
        // </example>
    }

    static float rlEnv() {
        // <example rl-env>
        try (VecEnv env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(5), 4).withFeatures(FeatureSets.byId("az3")));
             NDManager manager = NDManager.newBaseManager();
             GoRlEnv game = new GoRlEnv(manager, env, 0, 32, 1024)) {   // DJL's RlEnv over slot 0
            RlEnv.Step step;
            do {
                step = game.step(game.getActionSpace().randomAction(), true);  // a random legal move
            } while (!step.isDone());
            return step.getReward().getFloat();                          // +1, -1 or 0 for the last mover
        }
        // </example>
    }
}
