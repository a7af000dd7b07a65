package org.tengen.env.game;

/** Thrown when an action breaks the rules; the message names the action and why. */
public final class IllegalMoveException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Legality legality;
    /** The action that was refused. */
    private final int action;

    /**
     * @param action   the action that was refused
     * @param legality why
     * @param message  names the action and why
     */
    public IllegalMoveException(int action, Legality legality, String message) {
        super(message);
        this.action = action;
        this.legality = legality;
    }

    /** {@return why the action was refused} */
    public Legality legality() {
        return legality;
    }

    /** {@return the action that was refused} */
    public int action() {
        return action;
    }
}
