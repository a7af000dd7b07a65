package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.arena.EloLadder;
import org.tengen.external.EngineCommand;
import org.tengen.sgf.GoSgf;

/**
 * Evaluation of a generation's checkpoint: the arena plays it against the best checkpoint, the fixed anchors and the
 * external anchors, the best pointer moves (unless gating holds it back), and the Elo ladder is refitted over every
 * game of the run. Done when the generation's arena file exists.
 */
final class EvaluationPhase extends RunPhase {
    private static final Logger LOG = LogManager.getLogger(EvaluationPhase.class);

    EvaluationPhase(RunContext run) {
        super(run, "evaluation");
    }

    @Override
    public boolean isDone(int g) {
        return Files.exists(dir.arenaFile(g));
    }

    @Override
    public void run(int g, GenerationStats stats) {
        Path file = dir.arenaFile(g);
        String best = stats.best;
        RunConfig.Evaluation ev = config.evaluation();
        String name = RunDirectory.generationName(g);
        List<EloLadder.GameResult> results = new ArrayList<>();
        int parallel = ev.parallel();
        boolean anchors = ev.gamesVsAnchors() > 0 && (g % ev.anchorsEvery() == 0 || g == config.generations());
        int games = ev.gamesVsPrevious()
                + (anchors ? ev.gamesVsAnchors() * (ev.anchors().size() + ev.externalAnchors().size()) : 0);
        try (Agent candidate = checkpointAgent(name, parallel, g);
             Progress progress = progress(g, games)) {
            if (ev.gamesVsPrevious() > 0) {
                try (Agent previous = checkpointAgent(best, parallel, g + 1_000_000)) {
                    Arena.MatchResult r = match(candidate, previous, ev.gamesVsPrevious(), parallel, progress);
                    results.addAll(r.results());
                    stats.scoreVsPrevious = r.scoreA();
                }
            }
            for (String anchor : ev.anchors()) {
                if (anchors) {
                    try (Agent a = run.agents().create(PlayerSpec.parse(anchor, java.util.Optional.empty()),
                            config.evaluation().search(), parallel, g)) {
                        results.addAll(match(candidate, a, ev.gamesVsAnchors(), parallel, progress).results());
                    }
                }
            }
            for (Map.Entry<String, EngineCommand> external : ev.externalAnchors().entrySet()) {
                if (anchors) {
                    try (Agent a = run.agents().engine(java.util.Optional.of(external.getKey()), external.getValue(),
                            ev.engineParallel())) {
                        results.addAll(match(candidate, a, ev.gamesVsAnchors(), ev.engineParallel(), progress)
                                .results());
                    }
                }
            }
        }
        // The arena file decides the promotion (see bestBefore); the run then points checkpoints/best at it.
        RunTables.writeResults(file, results);
        if (!promotes(stats.scoreVsPrevious)) {
            LOG.info("Generation {} scored {} against {}: below the gate {}, {} stays the best", g,
                    RunTables.number(stats.scoreVsPrevious), best, ev.gateThreshold(), best);
        }
        writeElo();
    }

    private boolean promotes(double scoreVsPrevious) {
        RunConfig.Evaluation ev = config.evaluation();
        return !ev.gating() || Double.isNaN(scoreVsPrevious) || scoreVsPrevious >= ev.gateThreshold();
    }

    /**
     * The best checkpoint when generation {@code g} starts, replayed from the arena files of the generations before
     * it: each one that beat the best of its time (or every one without gating) took its place. The arena files are
     * the record, so a kill between an arena file and the best pointer loses nothing and never makes a checkpoint
     * play itself.
     */
    String bestBefore(int g) {
        return bests(g).get(g - 1);
    }

    /** {@link #bestBefore} of generations {@code 1 .. last}, in one pass over the arena files. */
    List<String> bests(int last) {
        List<String> bests = new ArrayList<>();
        String best = RunDirectory.generationName(0);
        for (int k = 1; k <= last; k++) {
            bests.add(best);
            if (!Files.exists(dir.arenaFile(k))) {
                // Not evaluated yet: nothing after it can have been promoted.
                for (int rest = k + 1; rest <= last; rest++) {
                    bests.add(best);
                }
                break;
            }
            String candidate = RunDirectory.generationName(k);
            double sum = 0;
            int games = 0;
            for (EloLadder.GameResult r : RunTables.readResults(dir.arenaFile(k))) {
                if (r.a().equals(candidate) && r.b().equals(best)) {
                    sum += r.scoreA();
                    games++;
                }
            }
            if (promotes(games == 0 ? Double.NaN : sum / games)) {
                best = candidate;
            }
        }
        return bests;
    }

    private Agent checkpointAgent(String name, int parallel, long seed) {
        return run.agents().create(new PlayerSpec.Checkpoint(dir.checkpoint(name)),
                config.evaluation().search(), parallel, seed);
    }

    private Arena.MatchResult match(Agent a, Agent b, int games, int parallel, Progress progress) {
        Path sgfDir = dir.arenaGamesDir();
        int[] n = {0};
        progress.extra("vs " + b.name());
        Arena.MatchResult r = Arena.play(a, b, config.rules(), features, games, parallel, Referee.AREA, record -> {
            GoSgf.save(sgfDir.resolve(a.name() + "-vs-" + b.name()
                    + String.format(Locale.ROOT, "-%03d.sgf", n[0]++)), record);
            progress.step();
        });
        progress.log(() -> LOG.info(String.format(Locale.ROOT, "  %s vs %s: %d-%d-%d (score %.2f +- %.2f)%s",
                a.name(), b.name(), r.winsA(), r.draws(), r.winsB(), r.scoreA(), r.ci95(),
                r.cut() == 0 ? "" : ", " + r.cut() + " cut by the move cap")));
        return r;
    }

    /** All evaluation games of the run, from the arena files. */
    private List<EloLadder.GameResult> allResults() {
        List<EloLadder.GameResult> results = new ArrayList<>();
        for (int g = 1; g <= config.generations(); g++) {
            if (Files.exists(dir.arenaFile(g))) {
                results.addAll(RunTables.readResults(dir.arenaFile(g)));
            }
        }
        return results;
    }

    private String ladderAnchor() {
        return config.evaluation().anchors().contains("random") ? "random" : RunDirectory.generationName(0);
    }

    /** The Elo ladder over every evaluation game of the run, best first. */
    List<EloLadder.Rating> ladder() {
        return fitLadder(allResults(), ladderAnchor(), config.generations());
    }

    /** Fits the ladder of a run of {@code generations} generations, its checkpoints chained in training order. */
    static List<EloLadder.Rating> fitLadder(List<EloLadder.GameResult> results, String anchor, int generations) {
        List<String> checkpoints = new ArrayList<>(generations + 1);
        for (int g = 0; g <= generations; g++) {
            checkpoints.add(RunDirectory.generationName(g));
        }
        return EloLadder.fit(results, anchor, checkpoints);
    }

    private void writeElo() {
        RunTables.writeLadder(dir.eloFile(), ladder());
    }
}
