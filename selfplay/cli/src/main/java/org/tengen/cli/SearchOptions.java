package org.tengen.cli;

import org.tengen.search.SearchConfig;
import picocli.CommandLine.Option;

/** The options of commands that search checkpoints with a run's arena search, overriding parts of it. */
final class SearchOptions {
    @Option(names = "--simulations", paramLabel = "N",
            description = "Simulations per move of checkpoint players (default: the run's arena search).")
    private Integer simulations;

    @Option(names = "--opening-moves", paramLabel = "N",
            description = "Turns checkpoint players sample by visit counts before playing greedily; 0 plays every "
                    + "move greedily (default: the run's arena search).")
    private Integer openingMoves;

    /** {@code search} with the options given applied. */
    SearchConfig apply(SearchConfig search) {
        SearchConfig.Builder b = search.toBuilder();
        if (simulations != null) {
            b.simulations(simulations);
        }
        if (openingMoves != null) {
            b.temperatureMoves(openingMoves);
        }
        return b.build();
    }
}
