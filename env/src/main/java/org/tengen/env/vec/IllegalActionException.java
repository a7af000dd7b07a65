package org.tengen.env.vec;

import org.tengen.env.game.Legality;

/** An action given to {@link VecEnv#step} is illegal; no game of the batch was changed. */
public final class IllegalActionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int gameIndex;
    private final int action;
    private final transient Legality legality;

    public IllegalActionException(int gameIndex, int action, Legality legality, String message) {
        super(message);
        this.gameIndex = gameIndex;
        this.action = action;
        this.legality = legality;
    }

    /** Index of the offending game in the batch. */
    public int gameIndex() {
        return gameIndex;
    }

    public int action() {
        return action;
    }

    /** Why the action is illegal. */
    public Legality legality() {
        return legality;
    }
}
