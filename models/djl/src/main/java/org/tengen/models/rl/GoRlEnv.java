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
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;

/**
 * DJL's {@link RlEnv} over one {@link Game}, so DJL's own agents ({@code QAgent}, {@code EpsilonGreedy}) can play Go.
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
    private final Game game;
    private final FeatureSet features;
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

    /** An env over {@code game} with DJL's {@link LruReplayBuffer} of {@code replaySize} steps. */
    public GoRlEnv(NDManager manager, Game game, FeatureSet features, int batchSize, int replaySize) {
        this(manager, game, features, new LruReplayBuffer(batchSize, replaySize));
    }

    /**
     * An env that plays on {@code game} from its current position ({@link #reset()} restarts it) and encodes
     * positions with {@code features}.
     */
    public GoRlEnv(NDManager manager, Game game, FeatureSet features, ReplayBuffer replay) {
        if (game.keptPositions() < features.positionsNeeded()) {
            throw new IllegalArgumentException("feature set " + features.id() + " reads " + features.positionsNeeded()
                    + " positions but the game keeps " + game.keptPositions());
        }
        this.manager = manager.newSubManager();
        this.game = game;
        this.features = features;
        this.replay = replay;
        int area = game.rules().area();
        this.observationSize = features.planes() * area;
        this.actionCount = area + 1;
        this.observationShape = new Shape(features.planes(), game.rules().height(), game.rules().width());
        this.positionManager = this.manager.newSubManager();
        capturePosition();
    }

    /** The game being played (read it; play only through {@link #step}). */
    public Game game() {
        return game;
    }

    @Override
    public void reset() {
        game.reset();
        newPosition();
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
        if (game.isOver()) {
            throw new IllegalStateException("the game is over (" + game.status() + "): call reset()");
        }
        int a = actionIndex(action);
        Legality legality = game.legality(a);
        if (legality != Legality.LEGAL) {
            throw new IllegalArgumentException(Stone.name(game.toMove()) + " " + game.describeAction(a)
                    + " is illegal: " + legality.reason());
        }
        int mover = game.toMove();
        float[] before = observation;
        game.playLegal(a);
        newPosition();
        boolean done = game.isOver();
        int winner = done ? game.winner() : Stone.EMPTY;
        float reward = winner == Stone.EMPTY ? 0f : winner == mover ? 1f : -1f;
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
        return game.toString();
    }

    /** Drops the old position's arrays and captures the new one. */
    private void newPosition() {
        positionManager.close();
        positionManager = manager.newSubManager();
        observationList = null;
        actionSpace = null;
        capturePosition();
    }

    /** Encodes the current position into fresh arrays: steps keep them, so they are never reused. */
    private void capturePosition() {
        observation = new float[observationSize];
        features.encode(game, FloatBuffer.wrap(observation), 0);
        legal = new boolean[actionCount];
        game.legalMask(legal, 0);
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
