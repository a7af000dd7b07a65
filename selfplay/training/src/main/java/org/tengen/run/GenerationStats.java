package org.tengen.run;

import java.util.List;
import org.tengen.arena.EloLadder;
import org.tengen.models.learn.LossComponents;
import org.tengen.selfplay.SelfPlay;

/** Per-generation figures of this session, for metrics.csv (blank when a phase ran in an earlier session). */
final class GenerationStats {
    /** The checkpoint playing self-play and defending in the arena. */
    String best;
    SelfPlay.Summary selfPlay;
    double networkSeconds;
    long evaluations;
    int steps = -1;
    double trainSeconds;
    LossComponents loss;
    double scoreVsPrevious = Double.NaN;

    /** Generation {@code g}'s metrics row: blank cells for phases done in an earlier session. */
    List<String> row(int g, RunDirectory runDir, List<EloLadder.Rating> ladder) {
        int games = runDir.dataParts(g).stream().mapToInt(RunDirectory.DataPart::games).sum();
        EloLadder.Rating rating = ladder.stream()
                .filter(r -> r.player().equals(RunDirectory.generationName(g))).findFirst().orElse(null);
        return List.of(Integer.toString(g), Integer.toString(games),
                selfPlay == null ? "" : Long.toString(selfPlay.samples()),
                selfPlay == null ? "" : RunTables.number(selfPlay.seconds()),
                selfPlay == null ? "" : RunTables.number(selfPlay.games() * 3600 / selfPlay.seconds()),
                selfPlay == null ? "" : RunTables.number(evaluations / selfPlay.seconds()),
                selfPlay == null ? "" : RunTables.number(networkSeconds / selfPlay.seconds()),
                steps < 0 ? "" : Integer.toString(steps),
                steps < 0 ? "" : RunTables.number(trainSeconds),
                loss == null ? "" : RunTables.number(loss.total()),
                loss == null ? "" : RunTables.number(loss.policy()),
                loss == null ? "" : RunTables.number(loss.value()),
                loss == null ? "" : RunTables.number(loss.ownership()),
                rating == null ? "" : RunTables.number(rating.elo()),
                rating == null ? "" : RunTables.number(rating.ci95()),
                Double.isNaN(scoreVsPrevious) ? "" : RunTables.number(scoreVsPrevious));
    }
}
