package org.tengen.env.game;

/** Why an action is or is not legal for the player to move. */
public enum Legality {
    /** Legal. */
    LEGAL("legal"),
    /** Nothing is legal after the end. */
    GAME_OVER("the game is over"),
    /** Neither a point nor pass. */
    OUT_OF_RANGE("the action is not a point of the board nor pass"),
    /** A stone stands there. */
    OCCUPIED("the point is occupied"),
    /** Retakes a single-stone ko at once. */
    KO("it retakes a ko immediately"),
    /** Repeats an earlier position, under a superko rule. */
    SUPERKO("it repeats an earlier position (superko)"),
    /** Leaves its own chain without liberties, where the rules forbid that. */
    SUICIDE("it is suicide, which these rules forbid");

    private final String reason;

    Legality(String reason) {
        this.reason = reason;
    }

    /** {@return a short phrase for error messages}, e.g. "the point is occupied" */
    public String reason() {
        return reason;
    }

    /** {@return whether this is {@link #LEGAL}} */
    public boolean isLegal() {
        return this == LEGAL;
    }
}
