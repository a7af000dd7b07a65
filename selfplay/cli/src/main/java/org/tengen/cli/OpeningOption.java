package org.tengen.cli;

import org.tengen.arena.Arena;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --random-opening} option of the commands that play matches. */
final class OpeningOption {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private int moves;

    @Option(names = "--random-opening", paramLabel = "N",
            description = "Start every game with N random moves (stones that capture nothing and live), different in "
                    + "every game, so that deterministic players (GNU Go, greedy search) do not repeat their games; "
                    + "SGF files keep them as set-up stones, so import-sgf learns only the players' own moves "
                    + "(default: 0).")
    void moves(int n) {
        if (n < 0) {
            throw new ParameterException(mixee.commandLine(), "--random-opening: must be at least 0, got " + n);
        }
        moves = n;
    }

    /** The opening of a match whose other draws come from {@code seed}. */
    Arena.Opening opening(long seed) {
        return new Arena.Opening(moves, seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
    }
}
