package org.tengen.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.tengen.env.features.FeatureSet;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.learn.Learner;
import org.tengen.models.learn.LossComponents;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.selfplay.SampleBuffer;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GoSgf;

/**
 * AlphaZero-style training in synchronous generations: the current best checkpoint plays self-play games, the
 * learner trains the latest checkpoint on the replay window, the result is saved as the next checkpoint, and the
 * arena plays it against the previous best and fixed anchors to extend the Elo ladder.
 *
 * <p>Every phase ends by writing its output atomically ({@link RunDirectory}), and a phase whose output exists is
 * skipped, so {@code train} on an existing run directory continues where a killed run stopped: inside self-play it
 * loses at most the games of one unfinished data part, inside training or evaluation that phase's work.
 */
public final class TrainingRun {
    private static final Logger LOG = LogManager.getLogger(TrainingRun.class);

    private final RunConfig config;
    private final RunDirectory dir;
    private final boolean progressBars;
    private final FeatureSet features;
    private final InputSpec spec;
    private final Map<Integer, List<String>> metrics = new LinkedHashMap<>();
    private final Agents agents;

    /**
     * What the run did in this session plus the ladder over all sessions.
     *
     * @param generations   generations completed (all sessions)
     * @param games         self-play games played in this session
     * @param samples       training samples produced in this session
     * @param steps         training steps taken in this session
     * @param selfPlaySeconds wall time of self-play in this session
     * @param networkSeconds time inside the network during self-play in this session
     * @param evaluations   network evaluations during self-play in this session
     * @param ladder        Elo of every player, best first
     */
    public record Summary(int generations, long games, long samples, long steps, double selfPlaySeconds,
                          double networkSeconds, long evaluations, List<EloLadder.Rating> ladder) {
        public double gamesPerHour() {
            return selfPlaySeconds == 0 ? 0 : games * 3600 / selfPlaySeconds;
        }

        public double evaluationsPerSecond() {
            return selfPlaySeconds == 0 ? 0 : evaluations / selfPlaySeconds;
        }

        public double networkFraction() {
            return selfPlaySeconds == 0 ? 0 : networkSeconds / selfPlaySeconds;
        }
    }

    private long sessionGames;
    private long sessionSamples;
    private long sessionSteps;
    private double sessionSelfPlaySeconds;
    private double sessionNetworkSeconds;
    private long sessionEvaluations;

    public TrainingRun(RunConfig config, RunDirectory dir, boolean progressBars) {
        this.config = config;
        this.dir = dir;
        this.progressBars = progressBars;
        this.features = config.featureSet();
        this.spec = InputSpec.of(features, config.rules());
        this.agents = new Agents(config);
    }

    /** Runs (or resumes) every generation and returns the summary. */
    public Summary run() {
        int stale = dir.removeStaleTemporaries();
        if (stale > 0) {
            LOG.info("Removed {} half-written file(s) left by an interrupted run", stale);
        }
        config.evaluation().externalAnchors().forEach((name, command) -> {
            try {
                command.program();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("evaluation.externalAnchors." + name + ": " + e.getMessage(), e);
            }
        });
        loadMetrics();
        ensureInitialCheckpoint();
        for (int g = 1; g <= config.generations(); g++) {
            String best = best();
            GenerationStats stats = new GenerationStats();
            selfPlay(g, best, stats);
            train(g, stats);
            evaluate(g, best, stats);
            if (!metrics.containsKey(g)) {
                metrics.put(g, stats.row(g, dir));
                writeMetrics();
            }
        }
        List<EloLadder.Rating> ladder = fitLadder();
        return new Summary(config.generations(), sessionGames, sessionSamples, sessionSteps,
                sessionSelfPlaySeconds, sessionNetworkSeconds, sessionEvaluations, ladder);
    }

    /** Per-generation figures of this session, for metrics.csv (blank when a phase ran in an earlier session). */
    private final class GenerationStats {
        SelfPlay.Summary selfPlay;
        double networkSeconds;
        long evaluations;
        int steps = -1;
        double trainSeconds;
        LossComponents loss;
        double scoreVsPrevious = Double.NaN;

        List<String> row(int g, RunDirectory runDir) {
            int games = runDir.dataParts(g).stream().mapToInt(RunDirectory.DataPart::games).sum();
            List<EloLadder.Rating> ladder = fitLadder();
            EloLadder.Rating rating = ladder.stream()
                    .filter(r -> r.player().equals(RunDirectory.generationName(g))).findFirst().orElse(null);
            return List.of(Integer.toString(g), Integer.toString(games),
                    selfPlay == null ? "" : Long.toString(selfPlay.samples()),
                    selfPlay == null ? "" : fmt(selfPlay.seconds()),
                    selfPlay == null ? "" : fmt(selfPlay.games() * 3600 / selfPlay.seconds()),
                    selfPlay == null ? "" : fmt(evaluations / selfPlay.seconds()),
                    selfPlay == null ? "" : fmt(networkSeconds / selfPlay.seconds()),
                    steps < 0 ? "" : Integer.toString(steps),
                    steps < 0 ? "" : fmt(trainSeconds),
                    loss == null ? "" : fmt(loss.total()),
                    loss == null ? "" : fmt(loss.policy()),
                    loss == null ? "" : fmt(loss.value()),
                    loss == null ? "" : fmt(loss.ownership()),
                    rating == null ? "" : fmt(rating.elo()),
                    rating == null ? "" : fmt(rating.ci95()),
                    Double.isNaN(scoreVsPrevious) ? "" : fmt(scoreVsPrevious));
        }
    }

    private static String fmt(double v) {
        return RunTables.number(v);
    }

    private void ensureInitialCheckpoint() {
        Path first = dir.checkpoint(0);
        if (Files.isDirectory(first)) {
            return;
        }
        LOG.info("Creating the initial network {}x{} ({} blocks x {} channels)", config.rules().width(),
                config.rules().height(), config.network().blocks(), config.network().channels());
        ai.djl.engine.Engine.getInstance().setRandomSeed((int) config.seed());
        try (PolicyValueNet net = PolicyValueNet.create(config.network())) {
            Checkpoints.save(first, net, provenance(0, null));
        }
    }

    private Provenance provenance(long step, String parent) {
        return new Provenance(features.id(), features.version(), config.rulesPreset(), step, parent);
    }

    private String best() {
        String best = RunDirectory.readIfExists(dir.bestFile());
        return best == null ? RunDirectory.generationName(0) : best.strip();
    }

    private PolicyValueNet loadNet(String name) {
        return agents.loadNet(dir.root().resolve("checkpoints").resolve(name));
    }

    private Agent checkpointAgent(String name, int parallel, long seed) {
        return agents.create(new PlayerSpec.Checkpoint(dir.root().resolve("checkpoints").resolve(name)),
                config.evaluation().search(), parallel, seed);
    }

    private void selfPlay(int g, String best, GenerationStats stats) {
        List<RunDirectory.DataPart> parts = dir.dataParts(g);
        int done = parts.stream().mapToInt(RunDirectory.DataPart::games).sum();
        if (done >= config.games()) {
            return;
        }
        if (done > 0) {
            LOG.info("Generation {}: resuming self-play after {} of {} games", g, done, config.games());
        }
        int workers = Math.min(config.workers(), config.selfPlay().parallelGames());
        int partGames = config.gamesPerPart();
        int nextPart = parts.isEmpty() ? 0 : parts.get(parts.size() - 1).index() + 1;
        SelfPlay.Settings s = config.selfPlay();
        long start = System.nanoTime();
        long samples = 0;
        int played = 0;
        SelfPlay.Summary total = null;
        TimedEvaluator[] timed = new TimedEvaluator[workers];
        SelfPlay[] selfPlays = new SelfPlay[workers];
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(workers);
        try (PolicyValueNet net = loadNet(best);
             Progress progress = Progress.start(progressBars, "gen " + g + " self-play", config.games())) {
            for (int i = 0; i < done; i++) {
                progress.step();
            }
            // Workers share the network (its forward pass is thread-safe); each has its own search and buffers.
            for (int w = 0; w < workers; w++) {
                int games = s.parallelGames() / workers + (w < s.parallelGames() % workers ? 1 : 0);
                long seed = config.seed() * 1_000_003L + g * 7919L + nextPart * 104_729L + w;
                timed[w] = new TimedEvaluator(SymmetricEvaluator.under(new DjlEvaluator(net, spec), config.symmetry(),
                        games, seed));
                selfPlays[w] = new SelfPlay(config.rules(), features, config.search(),
                        new NetworkLeafEvaluator(timed[w], features, games * config.search().leavesPerTree()),
                        new SelfPlay.Settings(games, s.resignThreshold(), s.resignAfter(), s.noResignFraction(),
                                seed));
            }
            while (done < config.games()) {
                int n = Math.min(partGames, config.games() - done);
                SampleBuffer part = new SampleBuffer(spec, n * config.rules().area());
                int[] written = {done};
                SelfPlay.GameSink sink = (record, gameSamples) -> {
                    synchronized (part) {
                        part.addAll(gameSamples);
                        GoSgf.save(dir.gamesDir(g).resolve(String.format(Locale.ROOT, "game-%05d.sgf",
                                written[0]++)), record);
                        progress.step();
                    }
                };
                List<java.util.concurrent.Future<SelfPlay.Summary>> futures = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    int share = n / workers + (w < n % workers ? 1 : 0);
                    SelfPlay worker = selfPlays[w];
                    if (share > 0) {
                        futures.add(pool.submit(() -> worker.play(share, sink, () -> { })));
                    }
                }
                for (java.util.concurrent.Future<SelfPlay.Summary> f : futures) {
                    SelfPlay.Summary summary = getWorkerResult(f);
                    total = total == null ? summary : add(total, summary);
                }
                if (part.count() > 0) {
                    writeShard(dir.dataPart(g, nextPart++, n), part.toShard());
                } else {
                    LOG.warn("Generation {}: {} games produced no policy-target samples", g, n);
                }
                done += n;
                played += n;
                samples += part.count();
                progress.extra(String.format(Locale.ROOT, "%d samples", samples));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            stats.selfPlay = new SelfPlay.Summary(played, samples, total.moves(), total.resigned(),
                    total.noResignGames(), total.wouldResign(), total.falseResign(), total.blackWins(), seconds);
            for (TimedEvaluator t : timed) {
                stats.networkSeconds += t.seconds();
                stats.evaluations += t.positions();
            }
            // Network share of the workers' time, not of wall time: every worker spends its own time.
            stats.networkSeconds /= workers;
        } finally {
            pool.shutdownNow();
        }
        sessionGames += played;
        sessionSamples += samples;
        sessionSelfPlaySeconds += stats.selfPlay.seconds();
        sessionNetworkSeconds += stats.networkSeconds;
        sessionEvaluations += stats.evaluations;
        SelfPlay.Summary sp = stats.selfPlay;
        LOG.info(String.format(Locale.ROOT, "Generation %d self-play: %d games, %d samples, %.1f s (%.0f games/h, "
                        + "%.0f NN evals/s, %.0f%% of the time in the network), Black won %d, resigned %d, "
                        + "false resignations %d of %d", g, sp.games(), sp.samples(), sp.seconds(),
                sp.games() * 3600 / sp.seconds(), stats.evaluations / sp.seconds(),
                100 * stats.networkSeconds / sp.seconds(), sp.blackWins(), sp.resigned(), sp.falseResign(),
                sp.wouldResign()));
    }

    private static SelfPlay.Summary getWorkerResult(java.util.concurrent.Future<SelfPlay.Summary> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during self-play", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("self-play worker failed: " + cause, cause);
        }
    }

    private static SelfPlay.Summary add(SelfPlay.Summary a, SelfPlay.Summary b) {
        return new SelfPlay.Summary(a.games() + b.games(), a.samples() + b.samples(), a.moves() + b.moves(),
                a.resigned() + b.resigned(), a.noResignGames() + b.noResignGames(),
                a.wouldResign() + b.wouldResign(), a.falseResign() + b.falseResign(),
                a.blackWins() + b.blackWins(), a.seconds() + b.seconds());
    }


    private static void writeShard(Path file, TrainingShard shard) {
        try {
            Files.createDirectories(file.getParent());
            shard.write(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private void train(int g, GenerationStats stats) {
        if (Files.isDirectory(dir.checkpoint(g))) {
            return;
        }
        ReplayBuffer replay = new ReplayBuffer(spec, config.replay(), config.batchSize(), config.seed() ^ (g * 31L));
        for (int gen = Math.max(1, g - config.replay().windowGenerations() + 1); gen <= g; gen++) {
            for (RunDirectory.DataPart part : dir.dataParts(gen)) {
                try {
                    replay.add(gen, TrainingShard.read(part.path()));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read training data " + part.path() + ": "
                            + e.getMessage(), e);
                }
            }
        }
        if (replay.size() == 0) {
            throw new IllegalStateException("generation " + g + " has no training data in " + dir.dataDir(g));
        }
        int steps = Math.min(config.steps(), replay.stepBound());
        String parentName = RunDirectory.generationName(g - 1);
        long startStep = Checkpoints.read(dir.checkpoint(g - 1)).provenance().trainingStep();
        long start = System.nanoTime();
        float[] sums = new float[4];
        LossComponents last = null;
        try (PolicyValueNet net = loadNet(parentName);
             Learner learner = new Learner(net, config.training(), startStep);
             Progress progress = Progress.start(progressBars, "gen " + g + " training", steps)) {
            for (int i = 0; i < steps; i++) {
                last = learner.trainStep(replay.sample());
                sums[0] += last.total();
                sums[1] += last.policy();
                sums[2] += last.value();
                sums[3] += last.ownership();
                progress.step();
                progress.extra(String.format(Locale.ROOT, "loss %.3f", last.total()));
            }
            Checkpoints.save(dir.checkpoint(g), net, provenance(learner.step(), parentName));
        }
        stats.steps = steps;
        stats.trainSeconds = (System.nanoTime() - start) / 1e9;
        stats.loss = new LossComponents(sums[0] / steps, sums[1] / steps, sums[2] / steps, sums[3] / steps, 0, 0);
        sessionSteps += steps;
        LOG.info(String.format(Locale.ROOT, "Generation %d training: %d steps on %d samples in %.1f s, mean loss "
                        + "%.3f (policy %.3f, value %.3f, ownership %.3f)", g, steps, replay.size(),
                stats.trainSeconds, stats.loss.total(), stats.loss.policy(), stats.loss.value(),
                stats.loss.ownership()));
    }

    private void evaluate(int g, String best, GenerationStats stats) {
        Path file = dir.arenaFile(g);
        if (Files.exists(file)) {
            return;
        }
        RunConfig.Evaluation ev = config.evaluation();
        String name = RunDirectory.generationName(g);
        List<EloLadder.GameResult> results = new ArrayList<>();
        int parallel = ev.parallel();
        try (Agent candidate = checkpointAgent(name, parallel, g)) {
            if (ev.gamesVsPrevious() > 0) {
                try (Agent previous = checkpointAgent(best, parallel, g + 1_000_000)) {
                    Arena.MatchResult r = match(candidate, previous, ev.gamesVsPrevious(), parallel);
                    results.addAll(r.results());
                    stats.scoreVsPrevious = r.scoreA();
                }
            }
            for (String anchor : ev.anchors()) {
                if (ev.gamesVsAnchors() > 0) {
                    try (Agent a = agents.create(PlayerSpec.parse(anchor, java.util.Optional.empty()),
                            config.evaluation().search(), parallel, g)) {
                        results.addAll(match(candidate, a, ev.gamesVsAnchors(), parallel).results());
                    }
                }
            }
            for (Map.Entry<String, EngineCommand> external : ev.externalAnchors().entrySet()) {
                if (ev.gamesVsAnchors() > 0) {
                    try (Agent a = agents.engine(java.util.Optional.of(external.getKey()), external.getValue(),
                            ev.engineParallel())) {
                        results.addAll(match(candidate, a, ev.gamesVsAnchors(), ev.engineParallel()).results());
                    }
                }
            }
        }
        boolean promote = !ev.gating() || Double.isNaN(stats.scoreVsPrevious)
                || stats.scoreVsPrevious >= ev.gateThreshold();
        // The best pointer is written before the arena file: a kill in between re-runs this evaluation only.
        if (promote) {
            RunDirectory.writeAtomically(dir.bestFile(), name + "\n");
        } else {
            LOG.info("Generation {} scored {} against {}: below the gate {}, {} stays the best", g,
                    fmt(stats.scoreVsPrevious), best, ev.gateThreshold(), best);
        }
        RunTables.writeResults(file, results);
        writeElo();
    }

    private Arena.MatchResult match(Agent a, Agent b, int games, int parallel) {
        Path sgfDir = dir.arenaGamesDir();
        int[] n = {0};
        Arena.MatchResult r = Arena.play(a, b, config.rules(), features, games, parallel, Referee.AREA,
                record -> GoSgf.save(
                sgfDir.resolve(a.name() + "-vs-" + b.name() + String.format(Locale.ROOT, "-%03d.sgf", n[0]++)),
                record));
        LOG.info(String.format(Locale.ROOT, "  %s vs %s: %d-%d-%d (score %.2f +- %.2f)", a.name(), b.name(),
                r.winsA(), r.draws(), r.winsB(), r.scoreA(), r.ci95()));
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

    private List<EloLadder.Rating> fitLadder() {
        return EloLadder.fit(allResults(), ladderAnchor());
    }

    private void writeElo() {
        RunTables.writeLadder(dir.eloFile(), fitLadder());
    }

    private void loadMetrics() {
        if (Files.exists(dir.metricsFile())) {
            metrics.putAll(RunTables.readMetrics(dir.metricsFile()));
        }
    }

    private void writeMetrics() {
        RunTables.writeMetrics(dir.metricsFile(), metrics.values());
    }
}
