package org.tengen.env.vec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.PlaneBits;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Status;
import org.tengen.env.rules.Rules;

/**
 * {@code N} games of Go stepped together, with every per-step output in buffers allocated once.
 *
 * <p>Shapes ({@code N = numEnvs()}, {@code A = actionCount() = area + 1}, actions row-major then pass):
 * <ul>
 *   <li>{@link #observations()}: direct native-order {@link FloatBuffer}, NCHW {@code [N, planes, height, width]},
 *       the position each game's player to move faces, from that player's view (see the feature set); or, with
 *       {@link ObservationFormat#BITS}, the same planes packed into bits in {@link #observationBits()};</li>
 *   <li>{@link #legalMask()}: {@code boolean[N * A]}, exact under the ko rule (superko repeats masked out);
 *       {@link #legalCounts()}: {@code int[N]} true entries per game;</li>
 *   <li>{@link #currentPlayers()}: {@code byte[N]}, {@link Stone#BLACK} or {@link Stone#WHITE} to move;</li>
 *   <li>after {@link #step}: {@link #rewards()} {@code float[N]}, {@link #terminated()} and {@link #truncated()}
 *       {@code boolean[N]}; and for the games that just ended, {@link #finalObservations()} (same layout),
 *       {@link #finalScores()}, {@link #winners()} and {@link #finalTurns()}.</li>
 * </ul>
 *
 * <p><b>Rewards</b> are from the point of view of the player who moved in that step: +1 if the step ended the
 * game by the rules (two passes, or a loss under {@link IllegalActionPolicy#LOSE}) and that player won, -1 if
 * they lost, 0 for a draw and for every other step. <b>Termination</b> means the rules ended the game;
 * <b>truncation</b> means the turn cap ({@link Rules#maxMoves()}, by default {@link VecEnvConfig#defaultMaxMoves})
 * cut it: its reward stays 0 because nobody won by the rules, but its count is still reported in
 * {@link #finalScores()} and {@link #winners()} for those who want to use it.
 *
 * <p><b>Auto-reset</b>: a game that ends is reset within the same step, so every buffer shows the new game;
 * the finished game's last position is kept in {@link #finalObservations()} (written only for games that ended),
 * its area-count margin in {@link #finalScores()}, its winner in {@link #winners()} and its length in
 * {@link #finalTurns()}, all valid where {@code terminated[i] || truncated[i]} until the next step.
 *
 * <p><b>Special actions</b> for game loops that pit agents against each other: {@link #RESIGN} (the mover resigns),
 * {@link #STOP} (the game ends where it stands and is counted as a truncated one) and {@link #SKIP} (the game does not
 * move this step: its buffers stay as they are and its step outputs are cleared). {@link #finalGame(int)} keeps each
 * finished game, position and history, until the next step.
 *
 * <p><b>Asynchronous stepping</b>: with {@link VecEnvConfig#groups} {@code G}, the games are also cut into {@code G}
 * contiguous groups ({@link #groupStart}) that are stepped one at a time and each on one thread:
 * {@link #send} a group's actions, and {@link #recv} hands back whichever sent group finished first, its games'
 * buffers and step outputs (contiguous slices of every buffer above) valid until it is sent again. No thread waits for
 * another, so the caller can choose one group's actions (a network's batch) while the env's threads step the others,
 * as EnvPool's asynchronous mode does; each game's results are those {@link #step} would give it.
 *
 * <p>The buffers belong to the env: read them, do not write them. With {@code threads > 1} each persistent worker
 * thread (and the caller's) owns a contiguous slice of the games and helps with the others' when done early;
 * results are identical for any thread count. Nothing is allocated per step. Not thread-safe: one caller at a
 * time. {@link #close()} stops the workers.
 */
public final class VecEnv implements AutoCloseable {
    /** Action: the player to move resigns (terminated; the opponent wins). */
    public static final int RESIGN = -1;
    /** Action: the game ends where it stands, counted by area like a game at the turn cap (truncated). */
    public static final int STOP = -2;
    /** Action: this game does not move this step (e.g. a game loop slot with no game left to play). */
    public static final int SKIP = -3;
    private static final int OP_RESET = 0;
    private static final int OP_STEP = 1;

    private final VecEnvConfig config;
    private final Rules rules;
    private final FeatureSet features;
    private final int numEnvs;
    private final int actionCount;
    private final int observationSize;
    private final Game[] games;
    /** Each game that ended in the last step, as it ended. */
    private final Game[] finals;
    /** Float observations, or bits ({@link ObservationFormat#BITS}); the other pair is null. */
    private final FloatBuffer observations;
    private final FloatBuffer finalObservations;
    private final LongBuffer observationBits;
    private final LongBuffer finalObservationBits;
    /** Longs per position in the bit buffers. */
    private final int observationWords;
    private final boolean[] legalMask;
    /**
     * Each game's true points of {@link #legalMask} as loc-indexed bits, so a step rewrites only what changed; game
     * {@code i}'s from {@code LONGS_FRONT + i * legalWords}.
     */
    private final long[] legalBits;
    private final int legalWords;
    /**
     * What a step writes for each game besides its mask and observation, a row of {@link #ROW} ints from
     * {@code row(i)}, then copied into the arrays below by the same thread at the end of its slice or group
     * ({@link #publish}). Why: an array's first cache line holds its length, which every bounds-checked access reads,
     * and the first games' entries; written there game by game by the thread stepping those games, it made every
     * other thread miss on its accesses (8% of two threads' steps on 9x9, measured). A copying loop checks its bounds
     * once, and it skips the entries that did not change, so most first lines stay clean. The caller's thread did the
     * copying before, which moved every other thread's rows to its core (about 5% of 8 groups on two threads). The
     * rows start a cache line in and are 32 bytes, so a thread's games share lines with another's only where their
     * runs meet.
     */
    private final int[] rows;
    private static final int ROW = 8;
    private static final int LEGAL_COUNT = 0;
    private static final int PLAYER = 1;
    private static final int REWARD = 2;
    private static final int FLAGS = 3;
    private static final int FINAL_SCORE = 4;
    private static final int WINNER = 5;
    private static final int FINAL_TURNS = 6;
    private static final int TERMINATED = 1;
    private static final int TRUNCATED = 2;
    /** The game's observation holds its current position, so that one turn on it can be moved on in place. */
    private static final int OBSERVED = 4;
    /** Elements before the first game's in the internal arrays: one 64-byte cache line of ints, longs or bytes. */
    private static final int INTS_FRONT = 16;
    private static final int LONGS_FRONT = 8;
    private static final int BYTES_FRONT = 64;
    private final int[] legalCounts;
    private final float[] rewards;
    private final boolean[] terminated;
    private final boolean[] truncated;
    private final byte[] currentPlayers;
    private final float[] finalScores;
    private final byte[] winners;
    private final int[] finalTurns;
    /** Games whose action this step is illegal (LOSE policy), from {@code BYTES_FRONT}. */
    private final boolean[] illegal;
    private final WorkerPool workers;
    private final GroupPool groupWorkers;
    private final int groups;
    /** Each group's actions and picker, from when it was last sent. */
    private final int[][] groupActions;
    private final ActionPicker[] groupPickers;
    private int pendingOp;
    private int[] pendingActions;
    private ActionPicker pendingPicker;

    /**
     * Starts every game, observed, with its worker threads.
     *
     * @param config what to run
     */
    public VecEnv(VecEnvConfig config) {
        this(config, config.effectiveRules(), Math.max(1, config.features().positionsNeeded()));
    }

    /**
     * Slots for a batch of search leaves: {@code slots} games under exactly {@code rules} (no default turn cap, so
     * any position of those rules loads) keeping {@code keptPositions} past positions, one thread. They are used one
     * by one: {@link #load} a root, {@link #play} along a path, {@link #observe} once; {@link #step} and auto-reset
     * are for game loops, not for these.
     *
     * @param rules         the games' rules, exactly
     * @param slots         games, one per leaf of a batch
     * @param features      the observations to write
     * @param keptPositions past positions the games keep, at least what {@code features} reads
     * @return the slots
     */
    public static VecEnv slots(Rules rules, int slots, FeatureSet features, int keptPositions) {
        if (keptPositions < features.positionsNeeded()) {
            throw new IllegalArgumentException("feature set '" + features.id() + "' needs " + features.positionsNeeded()
                    + " past positions but games keep " + keptPositions);
        }
        return new VecEnv(new VecEnvConfig(rules, slots, features, 1, IllegalActionPolicy.THROW, 0), rules,
                keptPositions);
    }

    private VecEnv(VecEnvConfig config, Rules rules, int kept) {
        this.config = config;
        this.rules = rules;
        this.features = config.features();
        this.numEnvs = config.numEnvs();
        this.actionCount = rules.actionCount();
        this.observationSize = features.observationSize(rules);
        this.observationWords = PlaneBits.words(features.planes(), rules.area());
        boolean bits = config.observationFormat() == ObservationFormat.BITS;
        long bytes = bits ? 8L * numEnvs * observationWords : 4L * numEnvs * observationSize;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(numEnvs + " games of " + features.id() + " on " + rules.width() + "x"
                    + rules.height() + " need " + bytes / (1 << 20) + " MiB of observations; at most 2 GiB fit");
        }
        games = new Game[numEnvs];
        finals = new Game[numEnvs];
        for (int i = 0; i < numEnvs; i++) {
            games[i] = new Game(rules, kept);
            finals[i] = new Game(rules, kept);
        }
        observations = bits ? null : directBytes((int) bytes).asFloatBuffer();
        finalObservations = bits ? null : directBytes((int) bytes).asFloatBuffer();
        observationBits = bits ? directBytes((int) bytes).asLongBuffer() : null;
        finalObservationBits = bits ? directBytes((int) bytes).asLongBuffer() : null;
        legalMask = new boolean[numEnvs * actionCount];
        legalWords = games[0].board().bitWords();
        legalBits = new long[LONGS_FRONT + numEnvs * legalWords];
        rows = new int[INTS_FRONT + numEnvs * ROW];
        legalCounts = new int[numEnvs];
        rewards = new float[numEnvs];
        terminated = new boolean[numEnvs];
        truncated = new boolean[numEnvs];
        currentPlayers = new byte[numEnvs];
        finalScores = new float[numEnvs];
        winners = new byte[numEnvs];
        finalTurns = new int[numEnvs];
        illegal = new boolean[BYTES_FRONT + numEnvs];
        workers = new WorkerPool(config.threads(), numEnvs, this::runRange, "tengen-vecenv");
        groups = config.groups();
        groupActions = new int[groups][];
        groupPickers = new ActionPicker[groups];
        groupWorkers = new GroupPool(groups > 1 ? config.threads() : 1, groups, this::runGroup, "tengen-vecenv-group");
        reset();
    }

    private static ByteBuffer directBytes(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    /** Starts every game afresh; step outputs (rewards, terminated, ...) are cleared. */
    public void reset() {
        requireNoGroupInFlight("reset");
        pendingOp = OP_RESET;
        workers.run();
    }

    /**
     * Plays {@code actions[i]} in game {@code i} for every game, then auto-resets the games that ended.
     * Every action is checked before any game moves: under {@link IllegalActionPolicy#THROW} an illegal one throws
     * {@link IllegalActionException} for the first offending game and leaves all games and buffers untouched.
     *
     * @param actions one action per game (points row-major, then pass = area, or {@link #RESIGN}, {@link #STOP},
     *                {@link #SKIP}); not retained
     */
    public void step(int[] actions) {
        step(actions, null);
    }

    /**
     * {@link #step(int[])}, then {@code actions[i] = next.pick(i, ...)} for every game, on the env's threads right
     * after game {@code i}'s step: a player that needs only the legal mask runs where the game's data is, in the same
     * pass, instead of in a second pass over every game's mask on the caller's thread.
     *
     * @param actions one action per game, as for {@link #step(int[])}; receives the next ones
     * @param next    picks each game's next action from its new mask; null picks none
     */
    public void step(int[] actions, ActionPicker next) {
        requireNoGroupInFlight("step");
        requireOnePerGame(actions);
        checkActions(actions, 0, numEnvs);
        pendingActions = actions;
        pendingPicker = next;
        pendingOp = OP_STEP;
        try {
            workers.run();
        } finally {
            pendingActions = null;
            pendingPicker = null;
        }
    }

    /**
     * Sends group {@code group}'s actions to be played asynchronously (see the class comment): {@code actions[i]} in
     * each of its games {@code i}, checked as {@link #step} checks them just before the group's games move, on the
     * thread that runs the group; {@link #recv} hands the group back.
     *
     * @param group   a group not in flight, {@code 0 <= group < groups()}
     * @param actions one action per game of the env, of which the group's are read; with {@code next}, it receives
     *                the group's next ones; not to be touched until the group is handed back
     * @param next    picks each of the group's games' next action from its new mask; null picks none
     */
    public void send(int group, int[] actions, ActionPicker next) {
        if (group < 0 || group >= groups) {
            throw new IllegalArgumentException("group " + group + " is not one of this env's " + groups);
        }
        if (groupWorkers.inFlight(group)) {
            throw new IllegalStateException("group " + group + " is in flight: recv() it before sending it again");
        }
        requireOnePerGame(actions);
        groupActions[group] = actions;
        groupPickers[group] = next;
        groupWorkers.send(group);
    }

    /**
     * {@return the sent group that finished first}, running sent groups on the caller's thread while none has;
     * its games' buffers and step outputs are theirs until it is sent again
     *
     * @throws IllegalActionException under {@link IllegalActionPolicy#THROW}, for the first illegal action of the group
     *                                handed back (none of its games moved; the group is back all the same)
     * @throws IllegalStateException  if no group is in flight
     */
    public int recv() {
        return groupWorkers.recv();
    }

    /** {@return the groups sent and not yet handed back by {@link #recv}} */
    public int groupsInFlight() {
        return groupWorkers.inFlight();
    }

    /** {@return the groups of asynchronous stepping} ({@link VecEnvConfig#groups}) */
    public int groups() {
        return groups;
    }

    /**
     * {@return group {@code group}'s first game}; its games are {@code groupStart(group)} up to
     * {@code groupStart(group + 1)}, and {@code groupStart(groups())} is {@code numEnvs()}
     *
     * @param group {@code 0 <= group <= groups()}
     */
    public int groupStart(int group) {
        return (int) ((long) numEnvs * group / groups);
    }

    private void requireNoGroupInFlight(String what) {
        if (groupWorkers.inFlight() > 0) {
            throw new IllegalStateException("cannot " + what + " with " + groupWorkers.inFlight()
                    + " group(s) in flight: recv() them first");
        }
    }

    private void requireOnePerGame(int[] actions) {
        if (actions.length != numEnvs) {
            throw new IllegalArgumentException("expected " + numEnvs + " actions, got " + actions.length);
        }
    }

    /** Checks games {@code [from, to)}'s actions against their masks and marks the illegal ones (LOSE policy). */
    private void checkActions(int[] actions, int from, int to) {
        boolean lose = config.illegalActionPolicy() == IllegalActionPolicy.LOSE;
        for (int i = from; i < to; i++) {
            int a = actions[i];
            boolean bad = a < SKIP || a >= actionCount || a >= 0 && !legalMask[i * actionCount + a];
            if (bad && !lose) {
                throw illegalAction(i, a);
            }
            illegal[BYTES_FRONT + i] = bad;
        }
    }

    private IllegalActionException illegalAction(int index, int action) {
        Game game = games[index];
        Legality why = game.legality(action);
        return new IllegalActionException(index, action, why, "game " + index + ": " + Stone.name(game.toMove())
                + " " + game.describeAction(action) + " is illegal: " + why.reason());
    }

    private void runRange(int from, int to) {
        if (pendingOp == OP_RESET) {
            for (int i = from; i < to; i++) {
                games[i].reset();
                int r = row(i);
                rows[r + REWARD] = 0;
                rows[r + FLAGS] = 0;
                observe(i, false);
            }
        } else {
            stepRange(from, to, pendingActions, pendingPicker);
        }
        publish(from, to);
    }

    private void runGroup(int group) {
        int from = groupStart(group);
        int to = groupStart(group + 1);
        int[] actions = groupActions[group];
        checkActions(actions, from, to);
        stepRange(from, to, actions, groupPickers[group]);
        publish(from, to);
    }

    private void stepRange(int from, int to, int[] actions, ActionPicker next) {
        for (int i = from; i < to; i++) {
            stepGame(i, actions[i]);
            if (next != null) {
                actions[i] = next.pick(i, legalMask, i * actionCount, rows[row(i) + LEGAL_COUNT]);
            }
        }
    }

    private void stepGame(int i, int action) {
        Game game = games[i];
        int r = row(i);
        boolean bad = illegal[BYTES_FRONT + i];
        if (action == SKIP && !bad) {
            rows[r + REWARD] = 0;
            rows[r + FLAGS] &= OBSERVED;
            return;
        }
        int mover = game.toMove();
        int turns = game.turns();
        if (bad || action == RESIGN) {
            game.resign(mover);
        } else if (action == STOP) {
            game.truncate();
        } else {
            game.playLegal(action);
        }
        Status status = game.status();
        boolean ended = status.isTerminated();
        rows[r + FLAGS] = rows[r + FLAGS] & OBSERVED | (ended ? TERMINATED : 0)
                | (status == Status.TRUNCATED ? TRUNCATED : 0);
        float reward = 0f;
        if (status.isOver()) {
            int winner = game.winner();
            if (ended && winner != Stone.EMPTY) {
                reward = winner == mover ? 1f : -1f;
            }
            encode(game, finalObservations, finalObservationBits, i, false);
            rows[r + FINAL_SCORE] = Float.floatToRawIntBits((float) game.scoreMargin());
            rows[r + WINNER] = winner;
            rows[r + FINAL_TURNS] = game.turns();
            finals[i].copyFrom(game);
            game.reset();
        }
        rows[r + REWARD] = Float.floatToRawIntBits(reward);
        // One turn on (not a stone plus the pass the rules then give White, say) the planes can be moved on.
        observe(i, !status.isOver() && game.turns() == turns + 1);
    }

    /**
     * Makes slot {@code i}'s game a copy of {@code source}; observes nothing yet.
     *
     * @param i      the slot
     * @param source a game with the same rules and kept positions
     */
    public void load(int i, Game source) {
        games[i].copyFrom(source);
        rows[row(i) + FLAGS] &= ~OBSERVED;
    }

    /**
     * Plays the legal {@code action} in slot {@code i} alone: no auto-reset, no observation, no step outputs.
     *
     * @param i      the slot
     * @param action a legal action
     */
    public void play(int i, int action) {
        games[i].playLegal(action);
        rows[row(i) + FLAGS] &= ~OBSERVED;
    }

    /**
     * Writes slot {@code i}'s legal mask, legal count, player to move and observation, in place, as a step does for
     * every game; allocates nothing.
     *
     * @param i the slot
     */
    public void observe(int i) {
        observe(i, false);
        publish(i, i + 1);
    }

    /** {@link #observe(int)}; {@code oneMoveOn}: the game played one turn since its last observation. */
    private void observe(int i, boolean oneMoveOn) {
        Game game = games[i];
        int r = row(i);
        rows[r + LEGAL_COUNT] = game.updateLegalMask(legalMask, i * actionCount, legalBits,
                LONGS_FRONT + i * legalWords);
        rows[r + PLAYER] = game.toMove();
        encode(game, observations, observationBits, i, oneMoveOn && (rows[r + FLAGS] & OBSERVED) != 0);
        rows[r + FLAGS] |= OBSERVED;
    }

    private static int row(int i) {
        return INTS_FRONT + i * ROW;
    }

    /**
     * Copies games {@code [from, to)}'s rows into the public step outputs; writes only the entries that change, apart
     * from the count and the player, which change at nearly every step.
     */
    private void publish(int from, int to) {
        for (int i = from; i < to; i++) {
            int r = row(i);
            int flags = rows[r + FLAGS];
            legalCounts[i] = rows[r + LEGAL_COUNT];
            currentPlayers[i] = (byte) rows[r + PLAYER];
            // Floats compared by their bits: 0 and -0, or two NaNs, are not the same entry.
            int reward = rows[r + REWARD];
            if (Float.floatToRawIntBits(rewards[i]) != reward) {
                rewards[i] = Float.intBitsToFloat(reward);
            }
            boolean ended = (flags & TERMINATED) != 0;
            if (terminated[i] != ended) {
                terminated[i] = ended;
            }
            boolean cut = (flags & TRUNCATED) != 0;
            if (truncated[i] != cut) {
                truncated[i] = cut;
            }
            int score = rows[r + FINAL_SCORE];
            if (Float.floatToRawIntBits(finalScores[i]) != score) {
                finalScores[i] = Float.intBitsToFloat(score);
            }
            byte winner = (byte) rows[r + WINNER];
            if (winners[i] != winner) {
                winners[i] = winner;
            }
            int turns = rows[r + FINAL_TURNS];
            if (finalTurns[i] != turns) {
                finalTurns[i] = turns;
            }
        }
    }

    /** Slot {@code i}'s planes, as floats or bits; {@code moveOn}: the buffer holds them one turn back. */
    private void encode(Game game, FloatBuffer floats, LongBuffer bits, int i, boolean moveOn) {
        if (bits != null && moveOn) {
            features.encodeBitsAfterMove(game, bits, i * observationWords);
        } else if (bits != null) {
            features.encodeBits(game, bits, i * observationWords);
        } else if (moveOn) {
            features.encodeAfterMove(game, floats, i * observationSize);
        } else {
            features.encode(game, floats, i * observationSize);
        }
    }

    @Override
    public void close() {
        workers.close();
        groupWorkers.close();
    }

    /** {@return what this env runs} */
    public VecEnvConfig config() {
        return config;
    }

    /** {@return the rules the games run under}: the config's, with the default turn cap when they had none */
    public Rules rules() {
        return rules;
    }

    /** {@return the observations' feature set} */
    public FeatureSet features() {
        return features;
    }

    /** {@return the games stepped together} */
    public int numEnvs() {
        return numEnvs;
    }

    /** {@return the threads actually stepping} (the config's, at most one per game) */
    public int threads() {
        return workers.threads();
    }

    /** {@return the actions per game, {@code area + 1}}: points row-major, then pass */
    public int actionCount() {
        return actionCount;
    }

    /** {@return the floats per game in {@link #observations()}: {@code planes * height * width}} */
    public int observationSize() {
        return observationSize;
    }

    /**
     * {@return game {@code i}, to read} (e.g. for SGF or debugging); changing it desynchronises the buffers
     *
     * @param i the game's index
     */
    public Game game(int i) {
        return games[i];
    }

    /**
     * Game {@code i} as it ended in the last step (final position, status and history), valid where
     * {@code terminated[i] || truncated[i]} until the next step; read it, do not change it.
     *
     * @param i the game's index
     * @return the ended game
     */
    public Game finalGame(int i) {
        return finals[i];
    }

    /**
     * {@return the NCHW observations of the current positions}; absolute indexing, position and limit untouched
     *
     * @throws IllegalStateException if the observations are bits ({@link #observationBits()})
     */
    public FloatBuffer observations() {
        return floats(observations);
    }

    /** {@return the NCHW observations of the last position of each game that ended in the last step} */
    public FloatBuffer finalObservations() {
        return floats(finalObservations);
    }

    /**
     * The current positions' planes packed into bits ({@link ObservationFormat#BITS}): {@link #observationWords()}
     * longs per game in the layout of {@link PlaneBits}, which {@link PlaneBits#unpack} expands into the floats
     * {@link #observations()} would hold.
     *
     * @return the packed observations
     * @throws IllegalStateException if the observations are floats
     */
    public LongBuffer observationBits() {
        return bits(observationBits);
    }

    /** {@return the bits of the last position of each game that ended in the last step} */
    public LongBuffer finalObservationBits() {
        return bits(finalObservationBits);
    }

    /** {@return the longs per game in {@link #observationBits()}} */
    public int observationWords() {
        return observationWords;
    }

    private FloatBuffer floats(FloatBuffer buffer) {
        if (buffer == null) {
            throw new IllegalStateException("this env's observations are bits: read observationBits()");
        }
        return buffer;
    }

    private LongBuffer bits(LongBuffer buffer) {
        if (buffer == null) {
            throw new IllegalStateException("this env's observations are floats: read observations()");
        }
        return buffer;
    }

    /** {@return whether each action is legal in each game's current position}, {@code [N * actionCount]} */
    public boolean[] legalMask() {
        return legalMask;
    }

    /** {@return the legal actions per game} (pass included, so at least 1) */
    public int[] legalCounts() {
        return legalCounts;
    }

    /** {@return the player to move per game}: {@link Stone#BLACK} or {@link Stone#WHITE} */
    public byte[] currentPlayers() {
        return currentPlayers;
    }

    /** {@return the reward of the last step per game}, from the mover's point of view (see the class comment) */
    public float[] rewards() {
        return rewards;
    }

    /** {@return whether the last step ended each game by the rules} (the buffers already show the next game) */
    public boolean[] terminated() {
        return terminated;
    }

    /** {@return whether the last step took each game to the turn cap} (the buffers already show the next game) */
    public boolean[] truncated() {
        return truncated;
    }

    /** {@return Black's area minus White's area and komi}, for the games that ended in the last step */
    public float[] finalScores() {
        return finalScores;
    }

    /**
     * {@return the winner}, {@link Stone#BLACK}, {@link Stone#WHITE} or EMPTY, for the games that ended in the last
     * step
     */
    public byte[] winners() {
        return winners;
    }

    /** {@return the number of turns played}, for the games that ended in the last step */
    public int[] finalTurns() {
        return finalTurns;
    }
}
