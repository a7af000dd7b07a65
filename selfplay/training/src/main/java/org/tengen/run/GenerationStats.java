package org.tengen.run;

/** What the phases of one generation hand each other in a session. */
final class GenerationStats {
    /** The checkpoint playing self-play and defending in the arena. */
    String best;
    /** The new checkpoint's score against {@link #best}, NaN before its arena games. */
    double scoreVsPrevious = Double.NaN;
}
