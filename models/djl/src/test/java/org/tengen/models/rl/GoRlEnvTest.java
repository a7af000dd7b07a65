package org.tengen.models.rl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.agent.EpsilonGreedy;
import ai.djl.modality.rl.agent.QAgent;
import ai.djl.modality.rl.agent.RlAgent;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;

/** DJL's RlEnv contract over a slot of a vectorized env: DJL's own agents play whole episodes through it. */
class GoRlEnvTest {
    private static final Set<Float> REWARDS = Set.of(-1f, 0f, 1f);
    private NDManager manager;

    @BeforeEach
    void openManager() {
        Engine.getInstance().setRandomSeed(7);
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void closeManager() {
        manager.close();
    }

    /** Two games of az3 observations; the adapters below play slot 1, so slot 0 must stay untouched. */
    private static VecEnv vec(Rules rules) {
        return new VecEnv(VecEnvConfig.of(rules, 2).withFeatures(FeatureSets.byId("az3")));
    }

    private static VecEnv vec(String preset, int size, int maxMoves) {
        return vec(Preset.byName(preset).rules(size, size).withMaxMoves(maxMoves));
    }

    @ParameterizedTest(name = "{0} {1}x{1}")
    @CsvSource({"tromp-taylor, 5", "chinese, 4", "simple-ko, 3", "aga, 5"})
    void randomEpisodesFollowTheContract(String preset, int size) {
        try (VecEnv vec = vec(preset, size, 4 * size * size);
             GoRlEnv env = new GoRlEnv(manager, vec, 1, 4, 64)) {
            for (int episode = 0; episode < 6; episode++) {
                env.reset();
                int steps = 0;
                while (true) {
                    NDList observation = env.getObservation();
                    assertEquals(new Shape(3, size, size), observation.singletonOrThrow().getShape());
                    ActionSpace space = env.getActionSpace();
                    Game game = env.game();
                    boolean[] mask = new boolean[size * size + 1];
                    assertEquals(game.legalMask(mask, 0), space.size());
                    int mover = game.toMove();
                    NDList action = space.randomAction();
                    int a = action.singletonOrThrow().getInt();
                    assertTrue(mask[a], "the action space offered an illegal action " + a);

                    RlEnv.Step step = env.step(action, true);
                    steps++;
                    float reward = step.getReward().getFloat();
                    assertTrue(REWARDS.contains(reward), "reward " + reward);
                    assertEquals(a, step.getAction().singletonOrThrow().getInt());
                    if (!step.isDone()) {
                        assertEquals(0f, reward);
                        assertFalse(step.getPostActionSpace().isEmpty());
                        continue;
                    }
                    Game finished = env.finishedGame();
                    assertTrue(finished.isOver());
                    int winner = finished.winner();
                    assertEquals(winner == Stone.EMPTY ? 0f : winner == mover ? 1f : -1f, reward);
                    assertTrue(step.getPostActionSpace().isEmpty());
                    assertEquals(finished.turns(), steps);
                    break;
                }
                assertEquals(0, vec.game(0).turns(), "the other slot is skipped");
            }
            RlEnv.Step[] batch = env.getBatch();
            assertEquals(4, batch.length);
            for (RlEnv.Step step : batch) {
                assertEquals(new Shape(3, size, size), step.getPreObservation().singletonOrThrow().getShape());
                assertEquals(new Shape(3, size, size), step.getPostObservation().singletonOrThrow().getShape());
            }
        }
    }

    @Test
    void observationsAreFromTheMoversPointOfView() {
        try (VecEnv vec = vec(Rules.trompTaylor(3)); GoRlEnv env = new GoRlEnv(manager, vec, 1, 2, 8)) {
            RlEnv.Step step = env.step(new NDList(manager.create(4)), false); // Black takes the centre
            float[] before = step.getPreObservation().singletonOrThrow().toFloatArray();
            float[] after = step.getPostObservation().singletonOrThrow().toFloatArray();
            assertEquals(0f, before[4]);
            assertEquals(1f, before[18], "Black to move before");
            assertEquals(1f, after[9 + 4], "the stone is the opponent's for White, who moves next");
            assertEquals(0f, after[18], "White to move after");
            float[] current = env.getObservation().singletonOrThrow().toFloatArray();
            assertEquals(1f, current[9 + 4]);
            env.reset();
            assertEquals(0f, env.getObservation().singletonOrThrow().toFloatArray()[9 + 4]);
        }
    }

    @Test
    void positionArraysLiveUntilTheNextMove() {
        try (VecEnv vec = vec(Rules.trompTaylor(3)); GoRlEnv env = new GoRlEnv(manager, vec, 1, 2, 8)) {
            NDArray observation = env.getObservation().singletonOrThrow();
            NDList action = env.getActionSpace().get(0);
            RlEnv.Step untrained = env.step(action, false);
            assertTrue(observation.isReleased());
            assertFalse(untrained.getPostObservation().singletonOrThrow().isReleased());
            RlEnv.Step trained = env.step(env.getActionSpace().get(0), true);
            assertTrue(untrained.getPostObservation().singletonOrThrow().isReleased());
            env.step(env.getActionSpace().get(0), false);
            assertFalse(trained.getPreObservation().singletonOrThrow().isReleased(), "the replay buffer owns it");
        }
    }

    @Test
    void misuseFailsWithTheReason() {
        VecEnv vec = vec(Rules.trompTaylor(3));
        try (vec; GoRlEnv env = new GoRlEnv(manager, vec, 1, 2, 8)) {
            IllegalStateException empty = assertThrows(IllegalStateException.class, env::getBatch);
            assertTrue(empty.getMessage().contains("replay buffer is empty"), empty.getMessage());
            env.step(new NDList(manager.create(0)), true);
            IllegalArgumentException occupied = assertThrows(IllegalArgumentException.class,
                    () -> env.step(new NDList(manager.create(0)), true));
            assertTrue(occupied.getMessage().contains("occupied"), occupied.getMessage());
            IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                    () -> env.step(new NDList(manager.create(10L)), true));
            assertTrue(range.getMessage().contains("out of range"), range.getMessage());
            assertThrows(IllegalArgumentException.class, () -> env.step(new NDList(manager.create(1f)), true));
            env.step(new NDList(manager.create(9)), true);
            RlEnv.Step last = env.step(new NDList(manager.create(9)), true);
            assertTrue(last.isDone());
            IllegalStateException over = assertThrows(IllegalStateException.class,
                    () -> env.step(new NDList(manager.create(9)), true));
            assertTrue(over.getMessage().contains("reset"), over.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new GoRlEnv(manager, vec, 2, 2, 8));
    }

    /** DJL's Q-learning agent with epsilon-greedy exploration and a tiny network, as in DJL's TicTacToe example. */
    @Test
    void djlQAgentTrainsThroughTheAdapter() {
        int size = 4;
        int actions = size * size + 1;
        int batchSize = 8;
        SequentialBlock block = new SequentialBlock()
                .add(inputs -> {
                    NDArray planes = inputs.get(0).reshape(inputs.get(0).getShape().get(0), -1);
                    NDArray action = inputs.get(1).toType(DataType.INT64, false).oneHot(actions);
                    return new NDList(NDArrays.concat(new NDList(planes, action), 1));
                })
                .add(Linear.builder().setUnits(16).build())
                .add(Activation.reluBlock())
                .add(Linear.builder().setUnits(1).build());
        try (Model model = Model.newInstance("q-go"); VecEnv vec = vec("tromp-taylor", size, 30);
                GoRlEnv env = new GoRlEnv(manager, vec, 1, batchSize, 256)) {
            model.setBlock(block);
            DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.l2Loss())
                    .optOptimizer(Optimizer.adam().optLearningRateTracker(Tracker.fixed(1e-3f)).build());
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(batchSize, 3, size, size), new Shape(batchSize));
                RlAgent agent = new EpsilonGreedy(new QAgent(trainer, 0.9f), Tracker.fixed(0.5f));
                for (int episode = 0; episode < 4; episode++) {
                    float total = env.runEnvironment(agent, true);
                    assertTrue(REWARDS.contains(total), "episode reward " + total);
                    assertTrue(env.finishedGame().isOver());
                    agent.trainBatch(env.getBatch());
                    trainer.step();
                }
                float greedy = env.runEnvironment(agent, false);
                assertTrue(REWARDS.contains(greedy), "greedy episode reward " + greedy);
                assertTrue(env.finishedGame().isOver());
            }
        }
    }
}
