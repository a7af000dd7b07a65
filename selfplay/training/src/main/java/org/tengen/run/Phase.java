package org.tengen.run;

/**
 * One phase of a generation over the run directory. A phase's output is written atomically at its end, so "done"
 * is read off the directory: a killed run redoes only the phase it was in (self-play: the unfinished shard).
 */
interface Phase {
    /** For logs, e.g. {@code self-play}. */
    String name();

    /** Whether generation {@code generation}'s output of this phase is in the run directory. */
    boolean isDone(int generation);

    /** Makes that output, noting this session's figures in {@code stats}. */
    void run(int generation, GenerationStats stats);
}
