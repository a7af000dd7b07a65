package org.tengen.env.vec;

/** What {@link VecEnv#step} does with an illegal action. */
public enum IllegalActionPolicy {
    /** Throw {@link IllegalActionException} before any game moves (the default: illegal actions are bugs). */
    THROW,
    /** The player who chose it loses at once: reward -1, terminated, recorded as a resignation. */
    LOSE
}
