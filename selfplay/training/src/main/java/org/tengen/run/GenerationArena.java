package org.tengen.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.arena.EloLadder;
import org.tengen.env.features.FeatureSet;
import org.tengen.external.EngineCommand;
import org.tengen.run.tables.RunTables;
import org.tengen.sgf.GameRecord;

/**
 * The arena of one generation as a run config's {@code arena} section describes it: the new checkpoint against
 * the best one, and every {@code anchorsEvery} generations (and in the last) against each anchor and external
 * anchor; which checkpoint is the best, and the Elo ladder, follow from the arena results of the generations so far.
 * {@code tengen train} ({@link ArenaPhase}, over a run directory) and the arena role
 * ({@link org.tengen.run.roles.ArenaRole}, over a run store) share it; they differ only in where results and
 * records are kept.
 */
public final class GenerationArena {
    private static final Logger LOG = LogManager.getLogger(GenerationArena.class);

    private final RunConfig config;
    private final Agents agents;
    private final FeatureSet features;

    public GenerationArena(RunConfig config, Agents agents) {
        this.config = config;
        this.agents = agents;
        this.features = config.featureSet();
    }

    /**
     * A checkpoint in the arena.
     *
     * @param name      its name in the results and the ladder, {@code gen-0003}
     * @param directory the checkpoint directory
     */
    public record Player(String name, Path directory) {
    }

    /**
     * What generation {@code g}'s arena played.
     *
     * @param results         every game, from the candidate's side
     * @param scoreVsPrevious the candidate's score against the best checkpoint, NaN if they did not meet
     */
    public record Outcome(List<EloLadder.GameResult> results, double scoreVsPrevious) {
    }

    /** Checks that every external anchor's program is there: a missing one is one line naming its config field. */
    public void requireEngines() {
        config.arena().externalAnchors().forEach((name, command) -> {
            try {
                command.program();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("arena.externalAnchors." + name + ": " + e.getMessage(), e);
            }
        });
    }

    /** Whether generation {@code g} plays the anchors: every {@code anchorsEvery} generations and in the last. */
    public boolean playsAnchors(int g) {
        RunConfig.ArenaSettings ev = config.arena();
        return ev.gamesVsAnchors() > 0 && (g % ev.anchorsEvery() == 0 || g == config.generations());
    }

    /** The games of generation {@code g}'s arena. */
    public int games(int g) {
        RunConfig.ArenaSettings ev = config.arena();
        return ev.gamesVsPrevious() + (playsAnchors(g)
                ? ev.gamesVsAnchors() * (ev.anchors().size() + ev.externalAnchors().size()) : 0);
    }

    /**
     * Plays generation {@code g}'s arena: {@code candidate} against {@code best}, then the anchors if it is their
     * generation. Each finished game goes to {@code onGame} with a name unique in the run,
     * {@code gen-0003-vs-random-007}, and steps {@code progress}.
     */
    public Outcome play(int g, Player candidate, Player best, Progress progress,
                        BiConsumer<String, GameRecord> onGame) {
        RunConfig.ArenaSettings ev = config.arena();
        List<EloLadder.GameResult> results = new ArrayList<>();
        double scoreVsPrevious = Double.NaN;
        int parallel = ev.parallel();
        boolean anchors = playsAnchors(g);
        try (Agent a = checkpoint(candidate, parallel, g)) {
            if (ev.gamesVsPrevious() > 0) {
                try (Agent previous = checkpoint(best, parallel, g + 1_000_000)) {
                    Arena.MatchResult r = match(a, previous, ev.gamesVsPrevious(), parallel, progress, onGame);
                    results.addAll(r.results());
                    scoreVsPrevious = r.scoreA();
                }
            }
            for (String anchor : ev.anchors()) {
                if (anchors) {
                    try (Agent b = agents.create(PlayerSpec.parse(anchor, Optional.empty()), ev.search(), parallel,
                            g)) {
                        results.addAll(match(a, b, ev.gamesVsAnchors(), parallel, progress, onGame).results());
                    }
                }
            }
            for (Map.Entry<String, EngineCommand> external : ev.externalAnchors().entrySet()) {
                if (anchors) {
                    try (Agent b = agents.engine(Optional.of(external.getKey()), external.getValue(),
                            ev.engineParallel())) {
                        results.addAll(match(a, b, ev.gamesVsAnchors(), ev.engineParallel(), progress, onGame)
                                .results());
                    }
                }
            }
        }
        if (!promotes(scoreVsPrevious)) {
            LOG.info("Generation {} scored {} against {}: below the gate {}, {} stays the best", g,
                    RunTables.number(scoreVsPrevious), best.name(), ev.gateThreshold(), best.name());
        }
        return new Outcome(results, scoreVsPrevious);
    }

    private Agent checkpoint(Player player, int parallel, long seed) {
        return agents.checkpoint(player.name(), player.directory(), config.arena().search(), parallel, seed);
    }

    private Arena.MatchResult match(Agent a, Agent b, int games, int parallel, Progress progress,
                                           BiConsumer<String, GameRecord> onGame) {
        int[] n = {0};
        progress.extra("vs " + b.name());
        Arena.MatchResult r = Arena.play(a, b, config.rules(), features, games, parallel,
                Referee.AREA, record -> {
                    onGame.accept(a.name() + "-vs-" + b.name() + String.format(Locale.ROOT, "-%03d", n[0]++), record);
                    progress.step();
                });
        progress.log(() -> LOG.info(String.format(Locale.ROOT, "  %s vs %s: %d-%d-%d (score %.2f +- %.2f)%s",
                a.name(), b.name(), r.winsA(), r.draws(), r.winsB(), r.scoreA(), r.ci95(),
                r.cut() == 0 ? "" : ", " + r.cut() + " cut by the move cap")));
        return r;
    }

    /** Whether a checkpoint that scored {@code scoreVsPrevious} against the best takes its place. */
    boolean promotes(double scoreVsPrevious) {
        RunConfig.ArenaSettings ev = config.arena();
        return !ev.gating() || Double.isNaN(scoreVsPrevious) || scoreVsPrevious >= ev.gateThreshold();
    }

    /**
     * The best checkpoint as each of generations {@code 1 .. last} starts (index {@code g - 1}), replayed from the
     * arena results of the generations before it ({@code arena}, empty for a generation not evaluated): each one that
     * beat the best of its time (or every one without gating) took its place. The results are the record, so a kill
     * between them and a best pointer loses nothing and never makes a checkpoint play itself.
     */
    public List<String> bests(int last, IntFunction<Optional<List<EloLadder.GameResult>>> arena) {
        List<String> bests = new ArrayList<>();
        String best = RunDirectory.generationName(0);
        for (int k = 1; k <= last; k++) {
            bests.add(best);
            Optional<List<EloLadder.GameResult>> results = arena.apply(k);
            if (results.isEmpty()) {
                // Not evaluated yet: nothing after it can have been promoted.
                for (int rest = k + 1; rest <= last; rest++) {
                    bests.add(best);
                }
                break;
            }
            String candidate = RunDirectory.generationName(k);
            double sum = 0;
            int games = 0;
            for (EloLadder.GameResult r : results.get()) {
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

    /**
     * The Elo ladder over {@code results}, best first, its checkpoints chained in training order up to generation
     * {@code last} (at least the config's generations), anchored at the random player if it is an anchor, else at
     * the initial checkpoint.
     */
    public List<EloLadder.Rating> ladder(List<EloLadder.GameResult> results, int last) {
        String anchor = config.arena().anchors().contains("random") ? "random" : RunDirectory.generationName(0);
        return fitLadder(results, anchor, Math.max(last, config.generations()));
    }

    /** Fits the ladder of a run of {@code generations} generations, its checkpoints chained in training order. */
    static List<EloLadder.Rating> fitLadder(List<EloLadder.GameResult> results, String anchor, int generations) {
        List<String> checkpoints = new ArrayList<>(generations + 1);
        for (int g = 0; g <= generations; g++) {
            checkpoints.add(RunDirectory.generationName(g));
        }
        return EloLadder.fit(results, anchor, checkpoints);
    }
}
