package org.tengen.search;

import org.tengen.models.eval.UniformEvaluator;
import java.nio.FloatBuffer;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;

/** Evaluators over {@link TestFeatures} for tests: pure functions of the observation, allocation-free. */
final class TestEvaluators {
    private TestEvaluators() {
    }

    static InputSpec spec(Rules rules) {
        return new InputSpec(TestFeatures.INSTANCE.id(), TestFeatures.INSTANCE.planes(), rules.width(),
                rules.height());
    }

    /** A leaf evaluator feeding {@code evaluator} through the test features. */
    static NetworkLeafEvaluator leaves(Evaluator evaluator, int maxBatch) {
        return new NetworkLeafEvaluator(evaluator, TestFeatures.INSTANCE, maxBatch);
    }

    /** A search over {@code trees} games evaluated by {@code evaluator} through the test features. */
    static BatchedSearch search(SearchConfig config, Rules rules, int trees, Evaluator evaluator, long seed) {
        return new BatchedSearch(config, rules, trees, leaves(evaluator, trees * config.leavesPerTree()), seed);
    }

    static Evaluator uniform(Rules rules) {
        return new UniformEvaluator(spec(rules));
    }

    /**
     * Uneven but deterministic priors and values derived from a hash of the observation: different positions
     * look different, the same position always looks the same. The golden search dumps ({@code GoldenSearchTest})
     * pin this function: changing it fails that test, and re-making the dumps must then be a deliberate commit.
     */
    static Evaluator hashed(Rules rules) {
        InputSpec spec = spec(rules);
        return of(spec, (batch, obs, legal, policy, value, score, ownership) -> {
            int size = spec.observationSize();
            int actions = spec.actionCount();
            for (int i = 0; i < batch; i++) {
                long h = 0x9E3779B97F4A7C15L;
                for (int k = 0; k < size; k++) {
                    h = (h ^ Float.floatToIntBits(obs.get(i * size + k))) * 0x100000001B3L + k;
                }
                float sum = 0f;
                for (int a = 0; a < actions; a++) {
                    long x = mix(h + a);
                    float p = legal[i * actions + a] ? 0.1f + (x >>> 40) / (float) (1L << 24) : 0f;
                    policy[i * actions + a] = p;
                    sum += p;
                }
                normalise(policy, i * actions, actions, sum);
                value[i] = (float) Math.tanh(((mix(h) >>> 40) / (double) (1L << 24) - 0.5) * 2);
            }
        });
    }

    /**
     * Uniform priors; the value reveals that owning {@code action}'s point is good: {@code 0.9 * (own - opponent)}
     * stone on it, from the view of the player to move.
     */
    static Evaluator pointIsGood(Rules rules, int action) {
        return ownershipOf(rules, action, (owned, value, score) -> value[0] = 0.9f * owned);
    }

    /**
     * Uniform priors and value 0 (nobody knows who wins), but owning {@code action}'s point is worth
     * {@code 3 * (own - opponent)} points of expected margin, from the view of the player to move.
     */
    static Evaluator pointIsWorthPoints(Rules rules, int action) {
        return ownershipOf(rules, action, (owned, value, score) -> score[0] = 3f * owned);
    }

    /**
     * A trained network's view of a board Black owns: Black wins by {@code blackScore} points in every position (value
     * 0.999 for Black), which it cannot tell apart from the positions where White captures everything; priors are
     * uniform over the legal points, with pass as likely as {@code passWeight} of one point.
     */
    static Evaluator blackOwnsTheBoard(Rules rules, float passWeight, float blackScore) {
        InputSpec spec = spec(rules);
        int area = rules.area();
        int actions = spec.actionCount();
        int pass = rules.passAction();
        return of(spec, (batch, obs, legal, policy, values, scores, ownership) -> {
            int size = spec.observationSize();
            for (int i = 0; i < batch; i++) {
                float sum = 0f;
                for (int a = 0; a < actions; a++) {
                    float p = !legal[i * actions + a] ? 0f : a == pass ? passWeight : 1f;
                    policy[i * actions + a] = p;
                    sum += p;
                }
                normalise(policy, i * actions, actions, sum);
                float black = obs.get(i * size + 2 * area) == 1f ? 1f : -1f; // the colour plane: Black to move
                values[i] = 0.999f * black;
                scores[i] = blackScore * black;
            }
        });
    }

    /** {@link Evaluator#evaluate} of a test network, whose spec {@link #of} supplies. */
    private interface Outputs {
        void evaluate(int batch, FloatBuffer obs, boolean[] legal, float[] policy, float[] value, float[] score,
                      float[] ownership);
    }

    /** An evaluator of {@code spec} that computes its outputs with {@code outputs}. */
    private static Evaluator of(InputSpec spec, Outputs outputs) {
        return new Evaluator() {
            @Override
            public InputSpec spec() {
                return spec;
            }

            @Override
            public void evaluate(int batch, FloatBuffer obs, boolean[] legal, float[] policy, float[] value,
                                 float[] score, float[] ownership) {
                outputs.evaluate(batch, obs, legal, policy, value, score, ownership);
            }
        };
    }

    /** Divides the {@code actions} priors from {@code offset} by their {@code sum}. */
    private static void normalise(float[] policy, int offset, int actions, float sum) {
        for (int a = 0; a < actions; a++) {
            policy[offset + a] /= sum;
        }
    }

    /** Writes position {@code i}'s outputs (at index 0 of the views given) from {@code own - opponent} on a point. */
    private interface PointRule {
        void apply(float owned, float[] value, float[] score);
    }

    /** Uniform priors, value and score 0, then {@code rule} applied to who holds {@code action}'s point. */
    private static Evaluator ownershipOf(Rules rules, int action, PointRule rule) {
        InputSpec spec = spec(rules);
        UniformEvaluator uniform = new UniformEvaluator(spec);
        int area = rules.area();
        float[] value = new float[1];
        float[] score = new float[1];
        return of(spec, (batch, obs, legal, policy, values, scores, ownership) -> {
            uniform.evaluate(batch, obs, legal, policy, values, scores);
            int size = spec.observationSize();
            for (int i = 0; i < batch; i++) {
                value[0] = values[i];
                score[0] = scores[i];
                rule.apply(obs.get(i * size + TestFeatures.OWN * area + action)
                        - obs.get(i * size + TestFeatures.OPPONENT * area + action), value, score);
                values[i] = value[0];
                scores[i] = score[0];
            }
        });
    }

    /** Hashed priors and values; the same ownership, {@code blackOwnership}, of every position (Black's view). */
    static OwningEvaluator fixedOwnership(Rules rules, float[] blackOwnership) {
        return new OwningEvaluator(hashed(rules), (obs, i, p, spec) -> blackOwnership[p]);
    }

    /**
     * Hashed priors and values; ownership that differs between positions: 0.8 for a point with a black stone, -0.8
     * with a white one, and for an empty point a value in [-0.5, 0.5] from a hash of the position.
     */
    static OwningEvaluator positionalOwnership(Rules rules) {
        return new OwningEvaluator(hashed(rules), (obs, i, p, spec) -> {
            int area = spec.area();
            int base = i * spec.observationSize();
            float sign = obs.get(base + 2 * area) == 1f ? 1f : -1f;
            float stone = obs.get(base + TestFeatures.OWN * area + p) - obs.get(base + TestFeatures.OPPONENT * area + p);
            if (stone != 0f) {
                return 0.8f * sign * stone;
            }
            long h = 17;
            for (int k = 0; k < 2 * area; k++) {
                h = h * 31 + (long) obs.get(base + k);
            }
            return ((mix(h + p) >>> 40) / (float) (1L << 24)) - 0.5f;
        });
    }

    /** An observer that asks for ownership and watches nothing else. */
    static final SearchObserver WANTS_OWNERSHIP = new SearchObserver() {
        @Override
        public boolean afterBatch(BatchedSearch search, boolean finished) {
            return true;
        }

        @Override
        public boolean wantsOwnership() {
            return true;
        }
    };

    /** Searches one game with a one-tree search and returns its result. */
    static SearchResult searchOne(BatchedSearch search, Game game) {
        search.search(new Game[] {game});
        return search.result(0);
    }

    /** A position reached by {@code moves} random legal moves (no passes) from the empty board; pinned like hashed. */
    static Game randomPosition(Rules rules, int moves, long seed) {
        Game game = new Game(rules);
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (int i = 0; i < moves; i++) {
            int a;
            do {
                a = random.nextInt(rules.area());
            } while (!game.isLegal(a));
            game.play(a);
        }
        return game;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
