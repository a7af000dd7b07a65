package org.tengen.env.game;

/** Why an action is or is not legal for the player to move. */
public enum Legality {
    LEGAL("legal"),
    GAME_OVER("the game is over"),
    OUT_OF_RANGE("the action is not a point of the board nor pass"),
    OCCUPIED("the point is occupied"),
    KO("it retakes a ko immediately"),
    SUPERKO("it repeats an earlier position (superko)"),
    SUICIDE("it is suicide, which these rules forbid");

    private final String reason;

    Legality(String reason) {
        this.reason = reason;
    }

    /** A short phrase for error messages, e.g. "the point is occupied". */
    public String reason() {
        return reason;
    }

    public boolean isLegal() {
        return this == LEGAL;
    }
}
