package org.tengen.env.vec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.features.PlaneBits;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Status;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

class VecEnvTest {

    private static VecEnv env(Rules rules, int n, String features, int threads) {
        return new VecEnv(VecEnvConfig.of(rules, n).withFeatures(FeatureSets.byId(features)).withThreads(threads));
    }

    private static float[] floats(FloatBuffer buf, int offset, int length) {
        float[] out = new float[length];
        buf.get(offset, out);
        return out;
    }

    /** Game i's observation equals a fresh encoding of env.game(i). */
    private static void assertObservationsMatchGames(VecEnv env) {
        FeatureSet features = env.features();
        int size = env.observationSize();
        FloatBuffer fresh = java.nio.ByteBuffer.allocateDirect(4 * Math.max(1, size))
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        for (int i = 0; i < env.numEnvs(); i++) {
            features.encode(env.game(i), fresh, 0);
            assertArrayEquals(floats(fresh, 0, size), floats(env.observations(), i * size, size), "game " + i);
        }
    }

    @Test
    void shapesAndStartState() {
        Rules rules = Rules.trompTaylor(9);
        try (VecEnv env = env(rules, 5, "az17", 1)) {
            assertEquals(82, env.actionCount());
            assertEquals(17 * 81, env.observationSize());
            assertEquals(5 * 17 * 81, env.observations().capacity());
            assertTrue(env.observations().isDirect());
            assertEquals(ByteOrder.nativeOrder(), env.observations().order());
            assertEquals(5 * 17 * 81, env.finalObservations().capacity());
            assertEquals(5 * 82, env.legalMask().length);
            for (int i = 0; i < 5; i++) {
                assertEquals(82, env.legalCounts()[i]);
                assertEquals(Stone.BLACK, env.currentPlayers()[i]);
                assertFalse(env.terminated()[i] || env.truncated()[i]);
            }
            assertEquals(3 * 81, env.rules().maxMoves(), "default cap when the rules have none");
            assertObservationsMatchGames(env);
        }
        try (VecEnv env = env(rules.withMaxMoves(50), 1, "none", 1)) {
            assertEquals(50, env.rules().maxMoves(), "the rules' own cap is kept");
            assertEquals(0, env.observationSize());
        }
    }

    /**
     * Masks and observations equal a fresh computation after every step; the observations are moved on in place
     * after a turn, so this covers that too, with handicaps where Black moves twice (free placement) and where a
     * Black stone comes with White's pass (NZ), two turns in one step.
     */
    @ParameterizedTest(name = "{0} {1}x{2} {3} threads={4} handicap={5}")
    @CsvSource({"tromp-taylor, 9, 9, az17, 1, 0", "tromp-taylor, 7, 5, az17, 2, 0", "chinese, 5, 5, rich, 2, 0",
        "simple-ko, 6, 4, rich, 1, 0", "nz, 9, 9, az9, 3, 2", "aga, 3, 3, az17, 2, 0",
        "tromp-taylor, 9, 9, az17, 2, 3", "aga, 9, 9, az17, 1, 4"})
    void masksAndObservationsFollowTheGamesThroughRandomPlay(String preset, int width, int height, String features,
                                                            int threads, int handicap) {
        Rules rules = Preset.byName(preset).rules(width, height, handicap);
        try (VecEnv env = env(rules, 6, features, threads)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[6];
            int ended = 0;
            for (int step = 0; step < 4 * rules.area() + 30; step++) {
                for (int i = 0; i < 6; i++) {
                    Game game = env.game(i);
                    int legal = 0;
                    for (int a = 0; a < env.actionCount(); a++) {
                        assertEquals(game.isLegal(a), env.legalMask()[i * env.actionCount() + a], "game " + i + " " + a);
                        legal += game.isLegal(a) ? 1 : 0;
                    }
                    assertEquals(legal, env.legalCounts()[i]);
                    assertEquals(game.toMove(), env.currentPlayers()[i]);
                }
                assertObservationsMatchGames(env);
                sampler.sample(env, actions);
                env.step(actions);
                for (int i = 0; i < 6; i++) {
                    if (env.terminated()[i] || env.truncated()[i]) {
                        ended++;
                        assertEquals(0, env.game(i).turns(), "auto-reset");
                    }
                }
            }
            assertTrue(ended > 0, "no game ended");
        }
    }

    /**
     * The env writes only the mask entries a step changes; after every step of long random games (thousands of
     * positions, many games ending and restarting) its masks must equal a full recomputation, under every ko rule,
     * with and without suicide, and in a slot loaded with one unrelated game after another.
     */
    @ParameterizedTest(name = "{0} suicide={1}")
    @CsvSource({"POSITIONAL_SUPERKO, true", "POSITIONAL_SUPERKO, false", "SITUATIONAL_SUPERKO, true",
        "SITUATIONAL_SUPERKO, false", "SIMPLE, true", "SIMPLE, false"})
    void incrementalMasksEqualAFullRecomputation(org.tengen.env.rules.KoRule ko, boolean suicide) {
        Rules rules = Rules.trompTaylor(7).withKoRule(ko).withSuicideAllowed(suicide);
        int n = 8;
        try (VecEnv env = env(rules, n, "none", 2);
             VecEnv slot = VecEnv.slots(env.rules(), 1, FeatureSets.byId("none"), 1)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[n];
            boolean[] full = new boolean[env.actionCount()];
            int ended = 0;
            for (int step = 0; step < 3000; step++) {
                sampler.sample(env, actions);
                env.step(actions);
                for (int i = 0; i < n; i++) {
                    ended += env.terminated()[i] || env.truncated()[i] ? 1 : 0;
                    int count = env.game(i).legalMask(full, 0);
                    assertArrayEquals(full, Arrays.copyOfRange(env.legalMask(), i * full.length, (i + 1) * full.length),
                            "game " + i + " at step " + step);
                    assertEquals(count, env.legalCounts()[i]);
                }
                slot.load(0, env.game(step % n));
                slot.observe(0);
                assertArrayEquals(Arrays.copyOfRange(env.legalMask(), step % n * full.length,
                        (step % n + 1) * full.length), slot.legalMask(), "slot loaded at step " + step);
            }
            assertTrue(ended > 20, "only " + ended + " games ended");
        }
    }

    @Test
    void twoPassesEndTheGameRewardTheMoverAndAutoReset() {
        // Komi 7.5 on an empty board: White wins; White's pass ended it, so White (the mover) gets +1.
        Rules rules = Rules.trompTaylor(5);
        try (VecEnv env = env(rules, 2, "az17", 1)) {
            int pass = rules.passAction();
            env.step(new int[] {pass, Vertex.parse("C3", 5, 5)});
            assertArrayEquals(new float[] {0f, 0f}, env.rewards());
            Game before = env.game(0).copy();
            env.step(new int[] {pass, pass});
            assertTrue(env.terminated()[0]);
            assertFalse(env.truncated()[0]);
            assertEquals(1f, env.rewards()[0], "White moved and won");
            assertEquals(-7.5f, env.finalScores()[0]);
            assertEquals(Stone.WHITE, env.winners()[0]);
            assertEquals(2, env.finalTurns()[0]);
            // Final observation = the finished position's encoding; the live buffers show the new game.
            before.play(pass);
            assertEquals(Status.ENDED_BY_PASSES, before.status());
            FloatBuffer expected = java.nio.FloatBuffer.allocate(env.observationSize());
            env.features().encode(before, expected, 0);
            assertArrayEquals(floats(expected, 0, env.observationSize()),
                    floats(env.finalObservations(), 0, env.observationSize()));
            assertEquals(0, env.game(0).turns());
            assertEquals(Stone.BLACK, env.currentPlayers()[0]);
            assertEquals(26, env.legalCounts()[0]);
            assertObservationsMatchGames(env);
            // Game 1 goes on.
            assertFalse(env.terminated()[1]);
            assertEquals(0f, env.rewards()[1]);
            assertEquals(2, env.game(1).turns());
            // The next step's outputs are its own: the ending's reward and flag are cleared.
            env.step(new int[] {Vertex.parse("C3", 5, 5), Vertex.parse("D4", 5, 5)});
            assertArrayEquals(new float[] {0f, 0f}, env.rewards());
            assertArrayEquals(new boolean[] {false, false}, env.terminated());
            assertArrayEquals(new boolean[] {false, false}, env.truncated());
        }
    }

    @Test
    void theMoverLosesWhenTheCountGoesAgainstIt() {
        // Negative komi: Black wins the empty board, and White's closing pass earns White -1.
        Rules rules = Rules.trompTaylor(3).withKomi(-0.5);
        try (VecEnv env = env(rules, 1, "none", 1)) {
            env.step(new int[] {9});
            env.step(new int[] {9});
            assertTrue(env.terminated()[0]);
            assertEquals(-1f, env.rewards()[0]);
            assertEquals(Stone.BLACK, env.winners()[0]);
            assertEquals(0.5f, env.finalScores()[0]);
        }
    }

    @Test
    void aDrawRewardsZero() {
        try (VecEnv env = env(Rules.trompTaylor(3).withKomi(0), 1, "none", 1)) {
            env.step(new int[] {9});
            env.step(new int[] {9});
            assertTrue(env.terminated()[0]);
            assertEquals(0f, env.rewards()[0]);
            assertEquals(Stone.EMPTY, env.winners()[0]);
        }
    }

    @Test
    void theTurnCapTruncatesWithoutReward() {
        Rules rules = Rules.trompTaylor(5).withMaxMoves(3);
        try (VecEnv env = env(rules, 1, "az17", 1)) {
            env.step(new int[] {0});
            env.step(new int[] {24});
            assertFalse(env.truncated()[0]);
            env.step(new int[] {12});
            assertTrue(env.truncated()[0]);
            assertFalse(env.terminated()[0]);
            assertEquals(0f, env.rewards()[0], "no reward for a cut game");
            assertEquals(3, env.finalTurns()[0]);
            assertEquals(2f - 1f - 7.5f, env.finalScores()[0], "counted as it stands");
            assertEquals(Stone.WHITE, env.winners()[0]);
            assertEquals(0, env.game(0).turns());
        }
    }

    @Test
    void anIllegalActionThrowsBeforeAnyGameMoves() {
        Rules rules = Rules.trompTaylor(9);
        try (VecEnv env = env(rules, 4, "az17", 2)) {
            int center = Vertex.parse("E5", 9, 9);
            env.step(new int[] {center, center, center, center});
            FloatBuffer obs = env.observations();
            float[] obsBefore = floats(obs, 0, obs.capacity());
            boolean[] maskBefore = env.legalMask().clone();
            float[] rewardsBefore = env.rewards().clone();
            String[] boards = new String[4];
            for (int i = 0; i < 4; i++) {
                boards[i] = env.game(i).toString();
            }
            IllegalActionException e = assertThrows(IllegalActionException.class,
                    () -> env.step(new int[] {0, 1, center, 3}));
            assertEquals(2, e.gameIndex());
            assertEquals(center, e.action());
            assertEquals(Legality.OCCUPIED, e.legality());
            assertTrue(e.getMessage().contains("game 2") && e.getMessage().contains("E5")
                    && e.getMessage().contains("white") && e.getMessage().contains("occupied"), e.getMessage());
            for (int i = 0; i < 4; i++) {
                assertEquals(boards[i], env.game(i).toString(), "game " + i + " moved");
                assertEquals(1, env.game(i).turns());
            }
            assertArrayEquals(obsBefore, floats(obs, 0, obs.capacity()));
            assertArrayEquals(maskBefore, env.legalMask());
            assertArrayEquals(rewardsBefore, env.rewards());
            IllegalActionException range = assertThrows(IllegalActionException.class,
                    () -> env.step(new int[] {0, 1, 2, 82}));
            assertEquals(3, range.gameIndex());
            assertTrue(range.getMessage().contains("82") && range.getMessage().contains("valid"), range.getMessage());
            assertThrows(IllegalArgumentException.class, () -> env.step(new int[] {0, 1}));
            env.step(new int[] {0, 1, 2, 3});
            assertEquals(2, env.game(0).turns(), "the env still works");
        }
    }

    @Test
    void underTheLosePolicyAnIllegalActionLosesTheGame() {
        Rules rules = Rules.trompTaylor(5);
        VecEnvConfig config = VecEnvConfig.of(rules, 2).withIllegalActionPolicy(IllegalActionPolicy.LOSE);
        try (VecEnv env = new VecEnv(config)) {
            env.step(new int[] {12, 12});
            env.step(new int[] {12, 13}); // White plays on Black's stone in game 0
            assertTrue(env.terminated()[0]);
            assertEquals(-1f, env.rewards()[0]);
            assertEquals(Stone.BLACK, env.winners()[0]);
            assertEquals(0, env.game(0).turns(), "reset");
            assertFalse(env.terminated()[1]);
            assertEquals(2, env.game(1).turns());
            env.step(new int[] {-1, 99});
            assertTrue(env.terminated()[0] && env.terminated()[1]);
            assertEquals(Stone.WHITE, env.winners()[0], "Black chose -1 and lost");
        }
    }

    /**
     * The same games for any thread count, whether the caller draws every game's action before the step or the env
     * draws each game's next one as it steps it ({@link VecEnv#step(int[], ActionPicker)}).
     */
    @ParameterizedTest(name = "{0}x{1} {2}")
    @CsvSource({"9, 9, az17", "7, 5, rich", "5, 5, none"})
    void resultsDoNotDependOnTheThreadCountOrWhereTheActionsAreDrawn(int width, int height, String features) {
        Rules rules = Rules.trompTaylor(width, height);
        long[] reference = null;
        for (int threads : new int[] {1, 2, 3}) {
            for (boolean drawnByTheEnv : new boolean[] {false, true}) {
                try (VecEnv env = env(rules, 37, features, threads)) {
                    assertEquals(threads, env.threads());
                    RandomLegalSampler sampler = new RandomLegalSampler(env);
                    int[] actions = new int[37];
                    sampler.sample(env, actions);
                    long[] trace = new long[6];
                    for (int step = 0; step < 400; step++) {
                        if (step > 0 && !drawnByTheEnv) {
                            sampler.sample(env, actions);
                        }
                        trace[0] = 31 * trace[0] + Arrays.hashCode(actions);
                        env.step(actions, drawnByTheEnv ? sampler : null);
                        trace[1] = 31 * trace[1] + Arrays.hashCode(env.legalMask());
                        trace[2] = 31 * trace[2] + Arrays.hashCode(env.rewards());
                        trace[3] = 31 * trace[3] + env.observations().hashCode();
                        trace[4] = 31 * trace[4] + Arrays.hashCode(env.finalScores()) + Arrays.hashCode(env.winners());
                        trace[5] = 31 * trace[5] + Arrays.hashCode(env.terminated()) + Arrays.hashCode(env.truncated());
                    }
                    if (reference == null) {
                        reference = trace;
                    } else {
                        assertArrayEquals(reference, trace, threads + " threads, drawn by the env: " + drawnByTheEnv);
                    }
                }
            }
        }
    }

    /**
     * Stepped asynchronously in groups (each handed back group sent again until it has made its steps), every game
     * plays what the synchronous step plays it: the same actions, masks, observations, rewards and endings, step by
     * step, for any thread and group count.
     */
    @ParameterizedTest(name = "threads={0} groups={1}")
    @CsvSource({"1, 3", "2, 2", "2, 8", "3, 5", "2, 37"})
    void asynchronousGroupsPlayWhatTheStepPlays(int threads, int groups) {
        Rules rules = Rules.trompTaylor(7, 5);
        int n = 37;
        int steps = 300;
        long[] reference;
        String[] finalBoards = new String[n];
        try (VecEnv env = env(rules, n, "az17", 1)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[n];
            sampler.sample(env, actions);
            reference = new long[n];
            for (int step = 0; step < steps; step++) {
                env.step(actions, sampler);
                for (int i = 0; i < n; i++) {
                    reference[i] = 31 * reference[i] + gameTrace(env, i, actions[i]);
                }
            }
            for (int i = 0; i < n; i++) {
                finalBoards[i] = env.game(i).toString();
            }
        }
        try (VecEnv env = new VecEnv(VecEnvConfig.of(rules, n).withFeatures(FeatureSets.byId("az17"))
                .withThreads(threads).withGroups(groups))) {
            assertEquals(groups, env.groups());
            assertEquals(n, env.groupStart(groups));
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[n];
            sampler.sample(env, actions);
            long[] trace = new long[n];
            int[] made = new int[groups];
            for (int g = 0; g < groups; g++) {
                env.send(g, actions, sampler);
            }
            for (int back = 0; back < groups * steps; back++) {
                int g = env.recv();
                made[g]++;
                for (int i = env.groupStart(g); i < env.groupStart(g + 1); i++) {
                    trace[i] = 31 * trace[i] + gameTrace(env, i, actions[i]);
                }
                if (made[g] < steps) {
                    env.send(g, actions, sampler);
                }
            }
            assertThrows(IllegalStateException.class, env::recv, "all groups are back");
            for (int i = 0; i < n; i++) {
                assertEquals(reference[i], trace[i], "game " + i);
                assertEquals(finalBoards[i], env.game(i).toString(), "game " + i);
            }
            env.step(actions, sampler);
            assertObservationsMatchGames(env);
        }
    }

    /** Game {@code i}'s step outputs, mask and observation in the env's buffers, and its next action, as one hash. */
    private static long gameTrace(VecEnv env, int i, int next) {
        int a = env.actionCount();
        int size = env.observationSize();
        long h = Arrays.hashCode(Arrays.copyOfRange(env.legalMask(), i * a, (i + 1) * a));
        h = 31 * h + Arrays.hashCode(floats(env.observations(), i * size, size));
        h = 31 * h + Float.floatToIntBits(env.rewards()[i]) + 7L * env.legalCounts()[i] + env.currentPlayers()[i];
        if (env.terminated()[i] || env.truncated()[i]) {
            h = 31 * h + (env.terminated()[i] ? 1 : 2) + 5L * Float.floatToIntBits(env.finalScores()[i])
                    + 11L * env.winners()[i] + 13L * env.finalTurns()[i];
        }
        return 31 * h + next;
    }

    @Test
    void asynchronousMisuseIsRefusedWithAMessage() {
        Rules rules = Rules.trompTaylor(9);
        int center = Vertex.parse("E5", 9, 9);
        try (VecEnv env = new VecEnv(VecEnvConfig.of(rules, 4).withThreads(2).withGroups(2))) {
            assertEquals(2, env.groupStart(1));
            IllegalStateException none = assertThrows(IllegalStateException.class, env::recv);
            assertTrue(none.getMessage().contains("no group is in flight"), none.getMessage());
            int[] actions = {center, center, center, center};
            env.send(0, actions, null);
            IllegalStateException twice = assertThrows(IllegalStateException.class,
                    () -> env.send(0, actions, null));
            assertTrue(twice.getMessage().contains("group 0 is in flight"), twice.getMessage());
            IllegalStateException step = assertThrows(IllegalStateException.class, () -> env.step(actions));
            assertTrue(step.getMessage().contains("in flight"), step.getMessage());
            assertThrows(IllegalStateException.class, env::reset);
            assertThrows(IllegalArgumentException.class, () -> env.send(2, actions, null));
            assertThrows(IllegalArgumentException.class, () -> env.send(1, new int[] {center}, null));
            assertEquals(0, env.recv());
            assertEquals(1, env.game(0).turns());
            assertEquals(0, env.game(2).turns(), "group 1 was not sent");

            // An illegal action in a group: recv throws, and the group's games are as they were, ready to go again.
            float[] obsBefore = floats(env.observations(), 0, env.observations().capacity());
            env.send(0, actions, null);
            IllegalActionException e = assertThrows(IllegalActionException.class, env::recv);
            assertEquals(0, e.gameIndex());
            assertEquals(Legality.OCCUPIED, e.legality());
            assertEquals(1, env.game(0).turns());
            assertEquals(1, env.game(1).turns());
            assertArrayEquals(obsBefore, floats(env.observations(), 0, env.observations().capacity()));
            env.send(0, new int[] {0, 1, center, center}, null);
            assertEquals(0, env.recv());
            assertEquals(2, env.game(0).turns());
            env.step(new int[] {2, 3, center, center});
            assertEquals(3, env.game(1).turns(), "synchronous steps work again once every group is back");
            env.close();
            assertThrows(IllegalStateException.class, () -> env.send(1, actions, null));
            assertThrows(IllegalStateException.class, env::recv);
        }
        assertThrows(IllegalArgumentException.class, () -> VecEnvConfig.of(rules, 4).withGroups(0));
        assertThrows(IllegalArgumentException.class, () -> VecEnvConfig.of(rules, 4).withGroups(5));
    }

    /**
     * Bits are the float planes packed: the same games in both formats, unpacked, on boards up to 19x19, with
     * handicaps where Black moves twice (free placement) and where two turns make one step (NZ).
     */
    @ParameterizedTest(name = "{0} {1}x{2} {3} threads={4} handicap={5}")
    @CsvSource({"tromp-taylor, 9, 9, az17, 2, 0", "tromp-taylor, 19, 19, az17, 1, 0", "tromp-taylor, 7, 5, az9, 3, 0",
        "tromp-taylor, 3, 3, az3, 1, 0", "tromp-taylor, 8, 8, az17, 1, 0", "tromp-taylor, 5, 5, none, 1, 0",
        "tromp-taylor, 9, 9, az17, 2, 3", "nz, 9, 9, az17, 1, 2"})
    void bitObservationsUnpackToTheFloatObservations(String preset, int width, int height, String features,
                                                     int threads, int handicap) {
        Rules rules = Preset.byName(preset).rules(width, height, handicap);
        try (VecEnv floats = env(rules, 5, features, threads);
             VecEnv bits = new VecEnv(floats.config().withObservationFormat(ObservationFormat.BITS))) {
            assertThrows(IllegalStateException.class, bits::observations);
            assertThrows(IllegalStateException.class, floats::observationBits);
            RandomLegalSampler sampler = new RandomLegalSampler(floats);
            int[] actions = new int[5];
            int size = floats.observationSize();
            FloatBuffer unpacked = FloatBuffer.allocate(size);
            int endings = 0;
            for (int step = 0; step < 3 * rules.area(); step++) {
                sampler.sample(floats, actions);
                floats.step(actions);
                bits.step(actions);
                for (int i = 0; i < 5; i++) {
                    boolean ended = floats.terminated()[i] || floats.truncated()[i];
                    endings += ended ? 1 : 0;
                    for (boolean last : ended ? new boolean[] {false, true} : new boolean[] {false}) {
                        PlaneBits.unpack(last ? bits.finalObservationBits() : bits.observationBits(),
                                i * bits.observationWords(), floats.features().planes(), rules.area(), unpacked, 0);
                        FloatBuffer want = last ? floats.finalObservations() : floats.observations();
                        for (int k = 0; k < size; k++) {
                            assertEquals(want.get(i * size + k), unpacked.get(k), "game " + i + " float " + k
                                    + (last ? " of the final position" : ""));
                        }
                    }
                }
            }
            assertTrue(endings > 0 || rules.area() > 50, "no game ended on a small board");
        }
    }

    @Test
    void onlyBinaryFeatureSetsPackIntoBits() {
        VecEnvConfig rich = VecEnvConfig.of(Rules.trompTaylor(9), 2).withFeatures(FeatureSets.byId("rich"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> rich.withObservationFormat(ObservationFormat.BITS));
        assertTrue(e.getMessage().contains("'rich'") && e.getMessage().contains("bits"), e.getMessage());
    }

    @Test
    void resetStartsEveryGameAgain() {
        try (VecEnv env = env(Rules.trompTaylor(5), 3, "az17", 2)) {
            env.step(new int[] {1, 2, 3});
            env.reset();
            for (int i = 0; i < 3; i++) {
                assertEquals(0, env.game(i).turns());
                assertEquals(26, env.legalCounts()[i]);
            }
            assertObservationsMatchGames(env);
        }
    }

    @Test
    void closeStopsTheWorkers() throws InterruptedException {
        VecEnv env = env(Rules.trompTaylor(5), 8, "none", 3);
        env.step(new int[8]);
        env.close();
        assertThrows(IllegalStateException.class, () -> env.step(new int[] {1, 1, 1, 1, 1, 1, 1, 1}));
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("tengen-vecenv")) {
                t.join(5000);
                assertFalse(t.isAlive(), t.getName() + " still runs");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"az17", "rich", "none"})
    void steppingAllocatesNothing(String features) {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.junit.jupiter.api.Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean,
                "this JVM cannot count allocated bytes per thread");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        try (VecEnv env = env(Rules.trompTaylor(9), 16, features, 1)) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[16];
            for (int step = 0; step < 3000; step++) {
                sampler.sample(env, actions);
                env.step(actions);
            }
            long id = Thread.currentThread().getId();
            long before = threads.getThreadAllocatedBytes(id);
            for (int step = 0; step < 3000; step++) {
                sampler.sample(env, actions);
                env.step(actions);
            }
            long allocated = threads.getThreadAllocatedBytes(id) - before;
            assertTrue(allocated < 4096, allocated + " bytes allocated in 3000 steps");
        }
        // Asynchronously, in groups run on the caller's thread (one thread), whose allocations are counted.
        try (VecEnv env = new VecEnv(VecEnvConfig.of(Rules.trompTaylor(9), 16)
                .withFeatures(FeatureSets.byId(features)).withGroups(4))) {
            RandomLegalSampler sampler = new RandomLegalSampler(env);
            int[] actions = new int[16];
            sampler.sample(env, actions);
            for (int g = 0; g < 4; g++) {
                env.send(g, actions, sampler);
            }
            long id = Thread.currentThread().getId();
            long before = 0;
            for (int k = 0; k < 24000; k++) {
                if (k == 12000) {
                    before = threads.getThreadAllocatedBytes(id);
                }
                env.send(env.recv(), actions, sampler);
            }
            long allocated = threads.getThreadAllocatedBytes(id) - before;
            assertTrue(allocated < 4096, allocated + " bytes allocated in 12000 group steps");
        }
    }

    @Test
    void badConfigsAreRefusedWithAMessage() {
        Rules rules = Rules.trompTaylor(9);
        assertThrows(IllegalArgumentException.class, () -> VecEnvConfig.of(rules, 0));
        assertThrows(IllegalArgumentException.class, () -> VecEnvConfig.of(rules, 4).withThreads(0));
        assertThrows(IllegalArgumentException.class, () -> VecEnvConfig.of(null, 4));
    }

    /** RESIGN ends a game for the mover's opponent, STOP counts it as it stands, SKIP leaves it untouched. */
    @Test
    void specialActionsResignStopAndSkip() {
        Rules rules = Rules.trompTaylor(5);
        try (VecEnv env = env(rules, 3, "az17", 1)) {
            int centre = 12;
            env.step(new int[] {centre, centre, centre});
            float[] before = floats(env.observations(), 2 * env.observationSize(), env.observationSize());
            env.step(new int[] {VecEnv.RESIGN, VecEnv.STOP, VecEnv.SKIP});

            assertTrue(env.terminated()[0]);
            assertEquals(-1f, env.rewards()[0]);
            assertEquals(Stone.BLACK, env.winners()[0]);
            assertEquals(Status.RESIGNED, env.finalGame(0).status());
            assertEquals(Stone.WHITE, env.finalGame(0).resignedPlayer());

            assertTrue(env.truncated()[1]);
            assertFalse(env.terminated()[1]);
            assertEquals(0f, env.rewards()[1]);
            assertEquals(Status.TRUNCATED, env.finalGame(1).status());
            assertEquals(1, env.finalGame(1).board().stoneCount());
            assertEquals(25 - 0.0 - rules.effectiveKomi(), env.finalScores()[1], 1e-6);
            assertEquals(Stone.BLACK, env.winners()[1]);
            assertEquals(0, env.game(1).turns(), "auto-reset");

            assertFalse(env.terminated()[2] || env.truncated()[2]);
            assertEquals(1, env.game(2).turns(), "a skipped game does not move");
            assertEquals(Stone.WHITE, env.currentPlayers()[2]);
            assertArrayEquals(before, floats(env.observations(), 2 * env.observationSize(), env.observationSize()));
            assertObservationsMatchGames(env);
        }
    }

    @Test
    void actionsBelowTheSpecialOnesAreIllegal() {
        try (VecEnv env = env(Rules.trompTaylor(5), 1, "az17", 1)) {
            assertThrows(IllegalActionException.class, () -> env.step(new int[] {VecEnv.SKIP - 1}));
        }
    }

    /** Search leaves: a slot loaded from a root and played along a path observes exactly what a fresh encode sees. */
    @Test
    void slotsLoadPlayAndObserveInPlace() {
        Rules rules = Preset.byName("chinese").rules(7, 7);
        FeatureSet features = FeatureSets.byId("az17");
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        try (VecEnv leaves = VecEnv.slots(rules, 3, features, 8)) {
            int size = leaves.observationSize();
            FloatBuffer fresh = java.nio.ByteBuffer.allocateDirect(4 * size).order(ByteOrder.nativeOrder())
                    .asFloatBuffer();
            boolean[] mask = new boolean[rules.actionCount()];
            for (int trial = 0; trial < 20; trial++) {
                Game root = new Game(rules, 8);
                for (int m = random.nextInt(30); m > 0 && !root.isOver(); m--) {
                    root.play(randomLegal(root, random));
                }
                int slot = trial % 3;
                Game expected = root.copy();
                leaves.load(slot, root);
                for (int m = 0; m < 4 && !expected.isOver(); m++) {
                    int a = randomLegal(expected, random);
                    expected.play(a);
                    leaves.play(slot, a);
                }
                leaves.observe(slot);
                features.encode(expected, fresh, 0);
                assertArrayEquals(floats(fresh, 0, size), floats(leaves.observations(), slot * size, size));
                int count = expected.legalMask(mask, 0);
                assertArrayEquals(mask, Arrays.copyOfRange(leaves.legalMask(), slot * mask.length,
                        (slot + 1) * mask.length));
                assertEquals(count, leaves.legalCounts()[slot]);
                assertEquals(expected.toMove(), leaves.currentPlayers()[slot]);
            }
            Game capped = new Game(rules.withMaxMoves(10), 8);
            assertThrows(IllegalArgumentException.class, () -> leaves.load(0, capped), "only the same rules load");
        }
        assertThrows(IllegalArgumentException.class, () -> VecEnv.slots(rules, 1, features, 4),
                "az17 needs 8 past positions");
    }

    private static int randomLegal(Game game, java.util.SplittableRandom random) {
        boolean[] mask = new boolean[game.rules().actionCount()];
        int n = game.legalMask(mask, 0);
        int pick = random.nextInt(n);
        for (int a = 0; ; a++) {
            if (mask[a] && pick-- == 0) {
                return a;
            }
        }
    }
}
