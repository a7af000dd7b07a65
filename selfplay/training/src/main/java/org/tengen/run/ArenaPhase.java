package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tengen.arena.EloLadder;
import org.tengen.run.tables.RunTables;
import org.tengen.sgf.GoSgf;

/**
 * The arena of a generation's checkpoint in a run directory: the {@link GenerationArena} plays it, its results go
 * to the generation's arena file and its records to {@code arena/games/}, and the Elo ladder is refitted over every
 * game of the run. Done when the generation's arena file exists.
 */
final class ArenaPhase extends RunPhase {
    private final GenerationArena arena;

    ArenaPhase(RunContext run) {
        super(run, "arena");
        this.arena = new GenerationArena(config, run.agents());
    }

    /** Checks that every external anchor's program is there, before the run starts (see {@link GenerationArena}). */
    void requireEngines() {
        arena.requireEngines();
    }

    @Override
    public boolean isDone(int g) {
        return Files.exists(dir.arenaFile(g));
    }

    @Override
    public void run(int g, GenerationStats stats) {
        String name = RunDirectory.generationName(g);
        Path sgfDir = dir.arenaGamesDir();
        GenerationArena.Outcome outcome;
        long start = System.nanoTime();
        try (Progress progress = progress(g, arena.games(g))) {
            outcome = arena.play(g, new GenerationArena.Player(name, dir.checkpoint(name)),
                    new GenerationArena.Player(stats.best, dir.checkpoint(stats.best)), progress,
                    (game, record) -> GoSgf.save(sgfDir.resolve(game + ".sgf"), record));
        }
        stats.scoreVsPrevious = outcome.scoreVsPrevious();
        RunTables.writeArenaStats(dir.arenaStats(g), new RunTables.ArenaStats(outcome.results().size(),
                (System.nanoTime() - start) / 1e9));
        // The arena file decides the promotion (see bestBefore); the run then points checkpoints/best at it.
        RunTables.writeResults(dir.arenaFile(g), outcome.results());
        RunTables.writeLadder(dir.eloFile(), ladder());
    }

    /** The best checkpoint when generation {@code g} starts, by the arena files ({@link GenerationArena#bests}). */
    String bestBefore(int g) {
        return bests(g).get(g - 1);
    }

    /** {@link #bestBefore} of generations {@code 1 .. last}, in one pass over the arena files. */
    List<String> bests(int last) {
        return arena.bests(last, k -> Files.exists(dir.arenaFile(k))
                ? Optional.of(RunTables.readResults(dir.arenaFile(k))) : Optional.empty());
    }

    /** The Elo ladder over every arena game of the run (its arena files), best first. */
    List<EloLadder.Rating> ladder() {
        List<EloLadder.GameResult> results = new ArrayList<>();
        for (int g = 1; g <= config.generations(); g++) {
            if (Files.exists(dir.arenaFile(g))) {
                results.addAll(RunTables.readResults(dir.arenaFile(g)));
            }
        }
        return arena.ladder(results, config.generations());
    }
}
