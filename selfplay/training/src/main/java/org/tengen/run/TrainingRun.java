package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.arena.EloLadder;
import org.tengen.env.features.FeatureSet;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.learn.Learner;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.run.tables.ResourceLog;
import org.tengen.run.tables.RunTables;

/**
 * AlphaZero-style training in synchronous generations: the current best checkpoint plays self-play games, the
 * learner trains the latest checkpoint on the replay window, the result is saved as the next checkpoint, and the
 * arena plays it against the previous best and fixed anchors to extend the Elo ladder.
 *
 * <p>Every phase ends by writing its output atomically ({@link RunDirectory}), and a phase whose output exists is
 * skipped, so {@code train} on an existing run directory continues where a killed run stopped: inside self-play it
 * loses at most the games of one unfinished shard, inside training or the arena that phase's work.
 */
public final class TrainingRun {
    private static final Logger LOG = LogManager.getLogger(TrainingRun.class);

    private final RunConfig config;
    private final RunDirectory dir;
    private final RunContext context;
    private final ArenaPhase arena;
    private final List<Phase> phases;

    /**
     * What the run did in this session plus the ladder over all sessions.
     *
     * @param generations   generations completed (all sessions)
     * @param games         self-play games played in this session
     * @param distinctGames of those, games that differ from every other (the figure games/hour counts)
     * @param samples       training samples produced in this session
     * @param steps         training steps taken in this session
     * @param selfPlaySeconds wall time of self-play in this session
     * @param networkSeconds time inside the network during self-play in this session
     * @param evaluations   network evaluations during self-play in this session
     * @param ladder        Elo of every player, best first
     * @param resourceDrift drift per hour of memory, open files and throughput this session, or empty if short
     * @param alreadyComplete whether every generation was done when this session started: it played nothing
     */
    public record Summary(int generations, long games, long distinctGames, long samples, long steps,
                          double selfPlaySeconds, double networkSeconds, long evaluations,
                          List<EloLadder.Rating> ladder, String resourceDrift, boolean alreadyComplete) {
        /** Distinct self-play games per hour of self-play: a repeated game teaches nothing new. */
        public double gamesPerHour() {
            return selfPlaySeconds == 0 ? 0 : distinctGames * 3600 / selfPlaySeconds;
        }

        public double evaluationsPerSecond() {
            return selfPlaySeconds == 0 ? 0 : evaluations / selfPlaySeconds;
        }

        public double networkFraction() {
            return selfPlaySeconds == 0 ? 0 : networkSeconds / selfPlaySeconds;
        }
    }

    public TrainingRun(RunConfig config, RunDirectory dir, boolean progressBars) {
        this.config = config;
        this.dir = dir;
        FeatureSet features = config.featureSet();
        this.context = new RunContext(config, dir, progressBars, features, InputSpec.of(features, config.rules()),
                Agents.keepingAutoChoiceIn(config, dir.root()), new Session());
        this.arena = new ArenaPhase(context);
        this.phases = List.of(new SelfPlayPhase(context), new TrainingPhase(context), arena);
    }

    /** Runs (or resumes) every generation and returns the summary. */
    public Summary run() {
        int stale = dir.removeStaleTemporaries();
        if (stale > 0) {
            LOG.info("Removed {} half-written file(s) left by an interrupted run", stale);
        }
        arena.requireEngines();
        setAsideDamagedCheckpoints();
        setAsideDamagedArenaFiles();
        ensureInitialCheckpoint();
        repairBestPointer();
        boolean complete = isComplete();
        try (ResourceLog resources = ResourceLog.start(dir.resourcesFile(), () -> context.session().games, 60)) {
            runGenerations();
            Session s = context.session();
            return new Summary(config.generations(), s.games, s.gameKeys.size(), s.samples, s.steps,
                    s.selfPlaySeconds, s.networkSeconds, s.evaluations, arena.ladder(), resources.drift(), complete);
        }
    }

    /** Whether every phase of every generation is done (after the damaged files are set aside). */
    private boolean isComplete() {
        for (int g = 1; g <= config.generations(); g++) {
            int generation = g;
            if (!phases.stream().allMatch(p -> p.isDone(generation))) {
                return false;
            }
        }
        return true;
    }

    private void runGenerations() {
        Session session = context.session();
        for (int g = 1; g <= config.generations(); g++) {
            GenerationStats stats = new GenerationStats();
            // The best checkpoint plays self-play and defends in the arena; the arena files decide which it is.
            stats.best = arena.bestBefore(g);
            int generation = g;
            boolean whole = phases.stream().noneMatch(p -> p.isDone(generation));
            long start = System.nanoTime();
            boolean ran = false;
            for (Phase phase : phases) {
                if (!phase.isDone(g)) {
                    if (!ran) {
                        session.runEta = session.etaOf(config.generations() - g + 1);
                        LOG.info("Generation {}/{}{}", g, config.generations(),
                                session.runEta.isEmpty() ? "" : ", " + session.runEta);
                    }
                    phase.run(g, stats);
                    ran = true;
                }
            }
            if (whole) {
                session.wholeGenerations++;
                session.wholeGenerationSeconds += (System.nanoTime() - start) / 1e9;
            }
            if (ran || g == config.generations()) {
                List<String> bests = arena.bests(g + 1);
                if (!dir.best().equals(Optional.of(bests.get(g)))) {
                    dir.writeBest(bests.get(g));
                }
                // Both tables are derived from the arena files and the stored figures, so they are simply rewritten.
                List<EloLadder.Rating> ladder = arena.ladder();
                RunTables.writeLadder(dir.eloFile(), ladder);
                RunTables.writeMetrics(dir.metricsFile(), RunMetrics.rows(dir, g, bests, ladder));
            }
        }
    }

    private void ensureInitialCheckpoint() {
        Path first = dir.checkpoint(0);
        if (Files.isDirectory(first)) {
            return;
        }
        String parent = InitialNetwork.parent(config);
        LOG.info("Creating the initial network {}x{} ({} blocks x {} channels){}", config.rules().width(),
                config.rules().height(), config.network().blocks(), config.network().channels(),
                parent == null ? "" : " from the weights of " + parent);
        try (PolicyValueNet net = InitialNetwork.create(config)) {
            if (config.pretrain().enabled()) {
                pretrain(net, first);
            } else {
                Checkpoints.save(first, net, context.provenance(0, parent));
            }
        }
    }

    /**
     * Trains the new initial network on the imported shards of {@code pretrain.data} and saves it, with its
     * optimiser state, as {@code first}: generation 1 then continues that training. The initial checkpoint exists
     * only once this is done, so it is done once; a run killed during pre-training starts it again.
     */
    private void pretrain(PolicyValueNet net, Path first) {
        RunConfig.Pretrain pretrain = config.pretrain();
        InputSpec spec = context.spec();
        ReplayBuffer replay = new ReplayBuffer(spec, new RunConfig.Replay(1, Integer.MAX_VALUE,
                config.replay().symmetries(), 1), config.batchSize(), config.seed() ^ 0x9E7A);
        for (TrainingShard shard : TrainingPhase.readImported("pretrain.data", pretrain.data(), spec)) {
            replay.add(0, shard);
        }
        LOG.info("Pre-training the initial network: {} steps on {} samples from {}", pretrain.steps(), replay.size(),
                pretrain.data());
        try (Learner learner = new Learner(net, config.training());
             Progress progress = Progress.start(context.progressBars(), "pre-training", pretrain.steps(), "")) {
            RunTables.TrainingStats trained = TrainingSteps.train(learner, replay, pretrain.steps(), progress);
            Checkpoints.save(first, net, context.provenance(learner.step(), null), learner.optimizerState());
            LOG.info(String.format(java.util.Locale.ROOT, "Pre-trained the initial network: %d steps in %.1f s "
                            + "(%.3f s/step), mean loss %.3f (policy %.3f, value %.3f, ownership %.3f)",
                    trained.steps(), trained.seconds(), trained.seconds() / trained.steps(), trained.total(),
                    trained.policy(), trained.value(), trained.ownership()));
        }
    }

    /**
     * Moves every checkpoint that does not verify (torn, zero-filled, bit-flipped: metadata unreadable or weights not
     * matching their hash) to {@code gen-NNNN.damaged}, saying so: its generation is then trained again, and its
     * arena games played again, by the phases.
     */
    private void setAsideDamagedCheckpoints() {
        for (int g = dir.latestGeneration(); g >= 0; g--) {
            Path checkpoint = dir.checkpoint(g);
            if (!Files.isDirectory(checkpoint)) {
                continue;
            }
            try {
                Checkpoints.verify(checkpoint);
            } catch (RuntimeException e) {
                setAside(checkpoint, e, "generation " + g + " will be trained and evaluated again");
                try {
                    Files.deleteIfExists(dir.arenaFile(g));
                } catch (java.io.IOException io) {
                    throw new java.io.UncheckedIOException("cannot delete " + dir.arenaFile(g) + ": " + io, io);
                }
            }
        }
    }

    /**
     * Reads every arena file before anything relies on it (the best checkpoint, the Elo ladder) and moves a damaged one
     * (truncated, zero-filled, not a table of games) to {@code gen-NNNN.csv.damaged}, saying so: its generation's
     * arena games are then played again.
     */
    private void setAsideDamagedArenaFiles() {
        for (int g = 1; g <= config.generations(); g++) {
            Path file = dir.arenaFile(g);
            if (Files.exists(file)) {
                try {
                    RunTables.readResults(file);
                } catch (RuntimeException e) {
                    setAside(file, e, "generation " + g + "'s arena games will be played again");
                }
            }
        }
    }

    /** Moves a damaged file or directory out of the run's way to {@code NAME.damaged} (or {@code .damaged-N}). */
    private static void setAside(Path damaged, RuntimeException reason, String consequence) {
        Path aside = damaged.resolveSibling(damaged.getFileName() + ".damaged");
        for (int n = 2; Files.exists(aside); n++) {
            aside = damaged.resolveSibling(damaged.getFileName() + ".damaged-" + n);
        }
        try {
            Files.move(damaged, aside);
        } catch (java.io.IOException io) {
            throw new java.io.UncheckedIOException(damaged + " is damaged (" + reason.getMessage()
                    + ") and cannot be moved aside: " + io.getMessage(), io);
        }
        LOG.warn("{} is damaged ({}); moved it to {}: {}", damaged, oneLine(reason.getMessage()), aside.getFileName(),
                consequence);
    }

    /** A message fit for one log line: control characters (a zero-filled file's NULs) shown as '?'. */
    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\p{Cntrl}+", "?");
    }

    /**
     * Repairs the best pointer, which users read, when it disagrees with the arena files (damaged, or written by an
     * arena a kill cut short): the best as of the first generation not yet rated.
     */
    private void repairBestPointer() {
        int g = 1;
        while (g <= config.generations() && Files.exists(dir.arenaFile(g))) {
            g++;
        }
        String best = arena.bestBefore(g);
        if (!dir.best().equals(Optional.of(best))) {
            LOG.info("{} set to {}, the best checkpoint by the arena results", dir.bestFile(), best);
            dir.writeBest(best);
        }
    }
}
