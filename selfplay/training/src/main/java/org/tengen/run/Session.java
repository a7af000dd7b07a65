package org.tengen.run;

/** What the phases did in this session (a resumed run counts only its own work), for the run summary. */
final class Session {
    long games;
    long samples;
    long steps;
    double selfPlaySeconds;
    double networkSeconds;
    long evaluations;
}
