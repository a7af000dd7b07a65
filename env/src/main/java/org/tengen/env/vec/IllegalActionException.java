package org.tengen.env.vec;

import org.tengen.env.game.Legality;

/** An action given to {@link VecEnv#step} is illegal; no game of the batch was changed. */
public final class IllegalActionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Index of the offending game in the batch. */
    private final int gameIndex;
    /** The illegal action. */
    private final int action;
    private final transient Legality legality;

    /**
     * @param gameIndex index of the offending game in the batch
     * @param action    the illegal action
     * @param legality  why it is illegal
     * @param message   names the game, the action and why
     */
    public IllegalActionException(int gameIndex, int action, Legality legality, String message) {
        super(message);
        this.gameIndex = gameIndex;
        this.action = action;
        this.legality = legality;
    }

    /** {@return the index of the offending game in the batch} */
    public int gameIndex() {
        return gameIndex;
    }

    /** {@return the illegal action} */
    public int action() {
        return action;
    }

    /** {@return why the action is illegal} */
    public Legality legality() {
        return legality;
    }
}
