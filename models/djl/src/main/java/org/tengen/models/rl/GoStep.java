package org.tengen.models.rl;

import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * One move in a {@link GoRlEnv}. Holds its data as Java arrays (shared with the env's neighbouring steps, never
 * written after capture) and makes each NDArray once, on first use, in its own manager.
 */
final class GoStep implements RlEnv.Step {
    private final NDManager manager;
    private final Shape observationShape;
    private final float[] before;
    private final int action;
    private final float[] after;
    private final boolean[] legalAfter;
    private final float reward;
    private final boolean done;
    private NDList preObservation;
    private NDList actionList;
    private NDList postObservation;
    private ActionSpace postActionSpace;
    private NDArray rewardArray;

    GoStep(NDManager manager, Shape observationShape, float[] before, int action, float[] after,
            boolean[] legalAfter, float reward, boolean done) {
        this.manager = manager;
        this.observationShape = observationShape;
        this.before = before;
        this.action = action;
        this.after = after;
        this.legalAfter = legalAfter;
        this.reward = reward;
        this.done = done;
    }

    @Override
    public NDList getPreObservation() {
        if (preObservation == null) {
            preObservation = GoRlEnv.observationList(manager, before, observationShape);
        }
        return preObservation;
    }

    @Override
    public NDList getAction() {
        if (actionList == null) {
            actionList = new NDList(manager.create(action));
        }
        return actionList;
    }

    @Override
    public NDList getPostObservation() {
        if (postObservation == null) {
            postObservation = GoRlEnv.observationList(manager, after, observationShape);
        }
        return postObservation;
    }

    /** The legal actions after the move; empty once the game is over. */
    @Override
    public ActionSpace getPostActionSpace() {
        if (postActionSpace == null) {
            postActionSpace = GoRlEnv.actionSpace(manager, legalAfter);
        }
        return postActionSpace;
    }

    @Override
    public NDArray getReward() {
        if (rewardArray == null) {
            rewardArray = manager.create(reward);
        }
        return rewardArray;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public void close() {
        manager.close();
    }
}
