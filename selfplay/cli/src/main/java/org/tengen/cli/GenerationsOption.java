package org.tengen.cli;

import org.tengen.run.RunConfig;
import picocli.CommandLine.Option;

/** {@code --generations N} of the learner and the arena: the generation at which the role stops. */
final class GenerationsOption {
    @Option(names = "--generations", paramLabel = "N",
            description = "Stop after generation N: the learner once it has committed it, the arena once it has"
                    + " rated it (default: the config's generations).")
    private Integer generations;

    /** Checks the value, before anything is opened. */
    void check() {
        if (generations != null && generations < 1) {
            throw new IllegalArgumentException("--generations must be at least 1, got " + generations);
        }
    }

    /** The generation to stop at: {@code --generations}, or else the config's. */
    int target(RunConfig config) {
        return generations != null ? generations : config.generations();
    }
}
