package org.tengen.env.game;

/** Where a game stands. Termination (the rules ended it) and truncation (a length cap cut it) stay apart. */
public enum Status {
    /** The game goes on. */
    PLAYING,
    /** Ended by consecutive passes; decided by the area count. */
    ENDED_BY_PASSES,
    /** Ended by a resignation. */
    RESIGNED,
    /** Cut at the maximum number of turns; the area count is available but the game was not finished. */
    TRUNCATED;

    /** {@return whether the rules ended the game}: by passes or a resignation, not by the turn cap */
    public boolean isTerminated() {
        return this == ENDED_BY_PASSES || this == RESIGNED;
    }

    /** {@return whether the game is over}, however it ended */
    public boolean isOver() {
        return this != PLAYING;
    }
}
