package org.tengen.models.rl;

import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.LruReplayBuffer;
import ai.djl.modality.rl.ReplayBuffer;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.nio.FloatBuffer;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.game.Legality;

/**
 * DJL's {@link RlEnv} over one game of a {@link VecEnv} (its slot {@code slot}), so DJL's own agents ({@code QAgent},
 * {@code EpsilonGreedy}) can play Go. A step steps the vectorized env with this slot's action and {@link VecEnv#SKIP}
 * for every other slot, so several adapters (or other code) may share one env; observations and legal masks are the
 * env's, copied out of its buffers because DJL's steps keep them.
 *
 * <ul>
 *   <li>Observation: an NDList of one FLOAT32 array {@code (planes, height, width)} written by the feature set, from
 *       the point of view of the player to move.</li>
 *   <li>Actions: as in DJL's TicTacToe example, an NDList of one INT32 scalar, the action index (points row-major
 *       with {@code y = 0} the top row, then pass = area); the action space lists the legal ones, pass last.</li>
 *   <li>Reward: from the point of view of the player who moved: +1 if the step ended the game and that player won,
 *       -1 if they lost, 0 for a tie or a game still going. DJL's step has no truncation flag, so a game cut at the
 *       rules' move cap is done and scored as it stands.</li>
 * </ul>
 *
 * <p>Memory: the env owns a sub-manager of the one it is given. Observations and action spaces live until the next
 * step or reset (so do the intermediate arrays an agent derives from them). Steps taken with {@code training}
 * go to the replay buffer, which owns and eventually closes them; other steps live until the next step or reset.
 * Steps keep their data as Java arrays and create NDArrays only when asked.
 *
 * <p>Rewards alternate between the two players, but DJL's {@code QAgent} bootstraps with {@code +max} over the
 * next position rather than the negamax a two-player learner needs: it exercises the contract but learns little.
 */
public final class GoRlEnv implements RlEnv {
    private final NDManager manager;
    private final VecEnv env;
    private final int slot;
    private final int[] actions;
    private final ReplayBuffer replay;
    private final int observationSize;
    private final int actionCount;
    private final Shape observationShape;
    /** Owns the current position's arrays and the steps not kept for training; replaced on every move. */
    private NDManager positionManager;
    private float[] observation;
    private boolean[] legal;
    private NDList observationList;
    private ActionSpace actionSpace;
    private int recordedSteps;
    /** Whether the last step ended the game (the env already shows the next one; reset() moves on to it). */
    private boolean over;

    /** Slot {@code slot} of {@code env} with DJL's {@link LruReplayBuffer} of {@code replaySize} steps. */
    public GoRlEnv(NDManager manager, VecEnv env, int slot, int batchSize, int replaySize) {
        this(manager, env, slot, new LruReplayBuffer(batchSize, replaySize));
    }

    /** Slot {@code slot} of {@code env}, from its current position ({@link #reset()} restarts it). */
    public GoRlEnv(NDManager manager, VecEnv env, int slot, ReplayBuffer replay) {
        if (slot < 0 || slot >= env.numEnvs()) {
            throw new IllegalArgumentException("slot " + slot + " is not one of the env's 0.." + (env.numEnvs() - 1));
        }
        this.manager = manager.newSubManager();
        this.env = env;
        this.slot = slot;
        this.actions = new int[env.numEnvs()];
        this.replay = replay;
        this.observationSize = env.observationSize();
        this.actionCount = env.actionCount();
        int[] shape = env.features().shape(env.rules());
        this.observationShape = new Shape(shape[0], shape[1], shape[2]);
        this.positionManager = this.manager.newSubManager();
        capturePosition(env.observations());
    }

    /** The game being played (read it; play only through {@link #step}). */
    public Game game() {
        return env.game(slot);
    }

    /** The last game this slot finished, as it ended (valid until the env steps again). */
    public Game finishedGame() {
        return env.finalGame(slot);
    }

    @Override
    public void reset() {
        Game game = env.game(slot);
        if (game.turns() > 0) {
            // Only this slot restarts: its game directly, then the env's buffers for it.
            game.reset();
            env.observe(slot);
        }
        over = false;
        newPosition(env.observations());
    }

    @Override
    public NDList getObservation() {
        if (observationList == null) {
            observationList = observationList(positionManager, observation, observationShape);
        }
        return observationList;
    }

    @Override
    public ActionSpace getActionSpace() {
        if (actionSpace == null) {
            actionSpace = actionSpace(positionManager, legal);
        }
        return actionSpace;
    }

    /**
     * Plays {@code action} (an NDList holding one integer scalar, as in {@link #getActionSpace()}) for the player to
     * move. Throws IllegalArgumentException for an illegal action and IllegalStateException once the game is over.
     */
    @Override
    public Step step(NDList action, boolean training) {
        if (over) {
            throw new IllegalStateException("the game is over: call reset()");
        }
        int a = actionIndex(action);
        Game game = env.game(slot);
        Legality legality = game.legality(a);
        if (legality != Legality.LEGAL) {
            throw new IllegalArgumentException(Stone.name(game.toMove()) + " " + game.describeAction(a)
                    + " is illegal: " + legality.reason());
        }
        int mover = game.toMove();
        float[] before = observation;
        java.util.Arrays.fill(actions, VecEnv.SKIP);
        actions[slot] = a;
        env.step(actions);
        // DJL's step has no truncation flag: a game cut at the turn cap is done, scored as it stands.
        boolean done = env.terminated()[slot] || env.truncated()[slot];
        float reward = env.rewards()[slot];
        if (done && env.truncated()[slot]) {
            int winner = env.winners()[slot];
            reward = winner == Stone.EMPTY ? 0f : winner == mover ? 1f : -1f;
        }
        over = done;
        // After the last move the env has started a new game: the step shows the final position instead.
        newPosition(done ? env.finalObservations() : env.observations());
        GoStep step = new GoStep((training ? manager : positionManager).newSubManager(), observationShape, before,
                a, observation, legal, reward, done);
        if (training) {
            replay.addStep(step);
            recordedSteps++;
        }
        return step;
    }

    @Override
    public Step[] getBatch() {
        if (recordedSteps == 0) {
            throw new IllegalStateException("the replay buffer is empty: take steps with training = true first");
        }
        return replay.getBatch();
    }

    /** Closes every array, step and position this env made (the manager it was given stays open). */
    @Override
    public void close() {
        manager.close();
    }

    @Override
    public String toString() {
        return env.game(slot).toString();
    }

    /** Drops the old position's arrays and captures the new one from {@code observations}. */
    private void newPosition(FloatBuffer observations) {
        positionManager.close();
        positionManager = manager.newSubManager();
        observationList = null;
        actionSpace = null;
        capturePosition(observations);
    }

    /**
     * Copies the slot's position into fresh arrays (steps keep them, so they are never reused): its observation from
     * {@code observations}, its legal actions from the env's mask, none after the game ended.
     */
    private void capturePosition(FloatBuffer observations) {
        observation = new float[observationSize];
        observations.get(slot * observationSize, observation);
        legal = new boolean[actionCount];
        if (!over) {
            System.arraycopy(env.legalMask(), slot * actionCount, legal, 0, actionCount);
        }
    }

    static NDList observationList(NDManager m, float[] planesData, Shape shape) {
        return new NDList(m.create(planesData, shape));
    }

    static ActionSpace actionSpace(NDManager m, boolean[] legalMask) {
        ActionSpace space = new ActionSpace();
        for (int a = 0; a < legalMask.length; a++) {
            if (legalMask[a]) {
                space.add(new NDList(m.create(a)));
            }
        }
        return space;
    }

    private int actionIndex(NDList action) {
        if (action.size() != 1 || action.get(0).size() != 1) {
            throw new IllegalArgumentException("an action is an NDList of one integer scalar (the action index), got "
                    + action);
        }
        NDArray array = action.get(0);
        long a = switch (array.getDataType()) {
            case INT32 -> array.toIntArray()[0];
            case INT64 -> array.toLongArray()[0];
            default -> throw new IllegalArgumentException("an action index must be INT32 or INT64, got "
                    + array.getDataType());
        };
        if (a < 0 || a >= actionCount) {
            throw new IllegalArgumentException("action " + a + " is out of range 0.." + (actionCount - 1));
        }
        return (int) a;
    }
}
