package org.tengen.env.game;

/** Thrown when an action breaks the rules; the message names the action and why. */
public final class IllegalMoveException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Legality legality;
    private final int action;

    public IllegalMoveException(int action, Legality legality, String message) {
        super(message);
        this.action = action;
        this.legality = legality;
    }

    public Legality legality() {
        return legality;
    }

    public int action() {
        return action;
    }
}
