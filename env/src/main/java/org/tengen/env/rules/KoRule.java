package org.tengen.env.rules;

/** Which repetitions of a board are forbidden. */
public enum KoRule {
    /** No move may recreate any earlier grid colouring (Tromp-Taylor rule 6). */
    POSITIONAL_SUPERKO,
    /** No move may recreate an earlier grid colouring with the same player to move (Tromp-Taylor comment 6). */
    SITUATIONAL_SUPERKO,
    /** Only the immediate recapture of a single-stone ko is forbidden; long cycles are allowed. */
    SIMPLE
}
