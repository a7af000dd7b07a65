package org.tengen.run;

/** What the phases did in this session (a resumed run counts only its own work), for the run summary. */
final class Session {
    long games;
    /** A 64-bit key of every self-play game's moves, to count the distinct ones. */
    final java.util.Set<Long> gameKeys = new java.util.HashSet<>();
    long samples;
    long steps;
    double selfPlaySeconds;
    double networkSeconds;
    long evaluations;
}
