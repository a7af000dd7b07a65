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
    /** Generations this session ran from their first phase to their last, and their wall time, for the run's ETA. */
    int wholeGenerations;
    double wholeGenerationSeconds;
    /** The run's ETA as the current generation started, e.g. {@code run ETA 0:04:10}; empty until one is known. */
    String runEta = "";

    /** The ETA of {@code left} more generations at this session's mean, or empty before a whole one ran. */
    String etaOf(int left) {
        if (wholeGenerations == 0) {
            return "";
        }
        return "run ETA " + hms(wholeGenerationSeconds / wholeGenerations * left);
    }

    /** A duration as {@code 0:04:10}. */
    static String hms(double seconds) {
        long s = Math.round(seconds);
        return String.format(java.util.Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
