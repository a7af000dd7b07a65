package org.tengen.run.roles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.io.FileTrees;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.learn.Learner;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.run.Agents;
import org.tengen.run.InitialNetwork;
import org.tengen.run.Progress;
import org.tengen.run.ReplayBuffer;
import org.tengen.run.RunConfig;
import org.tengen.run.TrainingSteps;
import org.tengen.run.tables.RunTables;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;
import org.tengen.store.StoreEntry;
import org.tengen.store.StoreStats;

/**
 * The learner of a run whose self-play comes from actors through a run store. It publishes the initial network
 * (generation 0) if the store has none, then loops: list the shards, take the new ones (a shard whose model is
 * more than {@code replay.maxModelAge} generations older than the latest is stale: counted, never trained on), and
 * once they hold enough samples for a generation ({@code stepsPerGeneration * batchSize / maxSampleReuse}), train the
 * latest model on the replay window (the newest shards, by positions and by model age) for at most
 * {@code maxSampleReuse * newSamples / batchSize} steps, as {@code tengen train} does, and publish the result.
 *
 * <p><b>Kill safety.</b> All the learner's state is in the store; the local cache only saves downloads. A generation
 * is committed in this order:
 * <ol>
 *   <li>the new model's files (weights, metadata, optimiser state with the step count) are put under
 *       {@code models/gen-NNNN-SHA/}: immutable, named by hash, so a repeat is a no-op;</li>
 *   <li>the generation's ledger ({@link LearnerLedger}, {@code learner/gen-NNNN.yaml}), listing the shards it
 *       consumed and those it found stale, is put in one atomic write: <em>this is the commit</em>;</li>
 *   <li>{@code models/latest.json} is moved to the model.</li>
 * </ol>
 * A kill before 2 leaves a model nobody points to: on restart the learner resumes from the last ledger, deletes such
 * orphans (never published, so no actor plays them), and trains that generation again from the same shards and
 * any newer ones; nothing was recorded, so nothing is counted twice. A kill between 2 and 3 is finished on restart by
 * publishing the ledger's model. The consumed shards are therefore recorded atomically with the checkpoint that
 * used them (the ledger names the model, and is written only once the model is whole in the store), never before it:
 * a shard is counted exactly once, in the ledger of the first model trained on it, or of the generation in which it
 * was found stale.
 */
public final class LearnerRole {
    /** The writer name of the learner's figures, {@code metrics/learner/}, one report per generation. */
    public static final String METRICS_WRITER = "learner";
    private static final Logger LOG = LogManager.getLogger(LearnerRole.class);

    /**
     * What the learner did in this session.
     *
     * @param generation the generation of the latest model (all sessions)
     * @param trained    generations trained in this session
     * @param steps      training steps in this session
     * @param seconds    time spent training in this session
     */
    public record Summary(int generation, int trained, long steps, double seconds) {
    }

    /** A shard in the replay window, or new and waiting to be trained on. */
    private record WindowShard(String key, ModelRef model, TrainingShard samples) {
    }

    private final RunStore store;
    private final RunConfig config;
    private final Path cacheDir;
    private final Duration poll;
    private final Agents agents;
    private final FeatureSet features;
    private final InputSpec spec;
    private LearnerLedger committed;
    private final Set<String> accounted = new HashSet<>();
    private List<WindowShard> window = new ArrayList<>();
    private final Map<String, WindowShard> fresh = new LinkedHashMap<>();
    private final List<String> stale = new ArrayList<>();
    private final Map<String, Long> seen = new TreeMap<>();
    private long freshSamples;

    public LearnerRole(RunStore store, RunConfig config, Path cacheDir, Duration poll) {
        this.store = store;
        this.config = config;
        this.cacheDir = cacheDir;
        this.poll = poll;
        this.agents = new Agents(config);
        this.features = config.featureSet();
        this.spec = InputSpec.of(features, config.rules());
    }

    /** New samples that make a generation: enough for a full {@code stepsPerGeneration} within the reuse bound. */
    int samplesPerGeneration() {
        return (int) Math.ceil(config.steps() * (double) config.batchSize() / config.replay().maxSampleReuse());
    }

    /** Resumes from the store (or starts it) and trains until the latest model is of {@code targetGeneration}. */
    public Summary run(int targetGeneration) throws InterruptedException {
        resume();
        int trained = 0;
        long steps = 0;
        double seconds = 0;
        long lastWaitLog = 0;
        while (committed.generation() < targetGeneration) {
            collectNewShards();
            if (freshSamples >= samplesPerGeneration()) {
                long start = System.nanoTime();
                steps += trainGeneration();
                seconds += (System.nanoTime() - start) / 1e9;
                trained++;
            } else {
                if (System.nanoTime() - lastWaitLog > 30e9) {
                    LOG.info("Learner: {} of {} new samples for generation {} ({} new shards)", freshSamples,
                            samplesPerGeneration(), committed.generation() + 1, fresh.size());
                    lastWaitLog = System.nanoTime();
                }
                Thread.sleep(poll.toMillis());
            }
        }
        return new Summary(committed.generation(), trained, steps, seconds);
    }

    /** Reads the ledgers, restores the window, removes orphan models and makes the pointer name the last model. */
    private void resume() {
        List<LearnerLedger> ledgers = readLedgers();
        if (ledgers.isEmpty()) {
            committed = publishInitial();
            return;
        }
        committed = ledgers.get(ledgers.size() - 1);
        for (LearnerLedger ledger : ledgers) {
            accounted.addAll(ledger.consumed());
            accounted.addAll(ledger.stale());
        }
        seen.putAll(committed.seen());
        for (String key : committed.window()) {
            GameShard shard = GameShard.parse(key).orElseThrow(() -> new IllegalStateException(
                    RunLayout.ledger(committed.generation()) + " lists '" + key + "', not a shard of games"));
            TrainingShard samples = readShard(key).orElseThrow(() -> new IllegalStateException(store.location()
                    + ": " + key + " of the replay window is missing or damaged"));
            window.add(new WindowShard(key, shard.model(), samples));
        }
        removeOrphans();
        publish(committed.model());
        LOG.info("Learner: resumed at {} (step {}), {} shards accounted for, {} in the replay window",
                committed.model(), committed.step(), accounted.size(), window.size());
    }

    /** The ledgers of generations 0, 1, ... up to the last; a missing or damaged one before the last is an error. */
    private List<LearnerLedger> readLedgers() {
        int last = -1;
        for (StoreEntry entry : store.list(RunLayout.LEDGERS)) {
            last = Math.max(last, RunLayout.ledgerGeneration(entry.key()).orElse(-1));
        }
        List<LearnerLedger> ledgers = new ArrayList<>();
        for (int g = 0; g <= last; g++) {
            String key = RunLayout.ledger(g);
            Optional<LearnerLedger> ledger = store.get(key).flatMap(LearnerLedger::fromYaml);
            if (ledger.isEmpty() || ledger.get().generation() != g) {
                throw new IllegalStateException(store.location() + ": " + key + " is missing or damaged, so the"
                        + " learner cannot tell which shards generation " + g + " trained on");
            }
            ledgers.add(ledger.get());
        }
        return ledgers;
    }

    /** Creates the initial network (seeded as {@code tengen train} does) and commits and publishes it. */
    private LearnerLedger publishInitial() {
        LOG.info("Learner: creating the initial network {}x{} ({} blocks x {} channels) in {}", config.rules().width(),
                config.rules().height(), config.network().blocks(), config.network().channels(), store.location());
        // With no ledger, every model in the store is an upload a kill cut short.
        removeOrphans(-1, null);
        Path dir = newCheckpointDir(0);
        try (PolicyValueNet net = InitialNetwork.create(config)) {
            Checkpoints.save(dir, net, provenance(0, InitialNetwork.parent(config)));
        }
        LearnerLedger ledger = LearnerLedger.initial(StoreModels.upload(store, dir, 0));
        commit(ledger);
        keepLocally(dir, ledger.model());
        publish(ledger.model());
        return ledger;
    }

    /**
     * Puts the ledger, the commit of its generation. The key is cleared first: it cannot hold a ledger (the learner
     * would have resumed from it), but a file store may hold the record of a put that a kill cut short, which
     * would refuse other bytes.
     */
    private void commit(LearnerLedger ledger) {
        String key = RunLayout.ledger(ledger.generation());
        store.delete(key);
        store.put(key, ledger.toYaml());
    }

    /** Deletes the files of models no ledger names: uploads a kill cut short before their ledger was written. */
    private void removeOrphans() {
        removeOrphans(committed.generation(), committed.model());
    }

    /** Deletes every model of generation {@code generation} or later but {@code keep}. */
    private void removeOrphans(int generation, ModelRef keep) {
        for (ModelRef model : RunLayout.models(store)) {
            if (model.generation() >= generation && !model.equals(keep)) {
                LOG.info("Learner: deleting model {}, which no ledger names (an upload cut short by a kill)", model);
                StoreModels.delete(store, model);
            }
        }
    }

    /** Points {@code models/latest.json} at {@code model} unless it does already. */
    private void publish(ModelRef model) {
        Optional<ModelRef> latest = RunLayout.latest(store);
        if (latest.isPresent() && latest.get().generation() > model.generation()) {
            throw new IllegalStateException(store.location() + ": " + RunLayout.LATEST_MODEL + " names "
                    + latest.get() + ", beyond the learner's last ledger (" + model + "): is another learner running?");
        }
        if (RunLayout.publishLatest(store, model)) {
            LOG.info("Learner: published {}", model);
        }
    }

    /** Lists the store's shards and sorts the ones no ledger has into fresh (downloaded) and stale. */
    private void collectNewShards() {
        int g = committed.generation();
        int reference = ageReference();
        for (GameShard shard : RunLayout.gameShards(store)) {
            String key = shard.npzKey();
            if (accounted.contains(key) || fresh.containsKey(key) || stale.contains(key)
                    || shard.model().generation() > g) {
                continue;
            }
            if (reference - shard.model().generation() > config.replay().maxModelAge()) {
                stale.add(key);
            } else {
                Optional<TrainingShard> samples = readShard(key);
                if (samples.isEmpty()) {
                    continue; // damaged or gone: logged by the store; looked at again next time
                }
                fresh.put(key, new WindowShard(key, shard.model(), samples.get()));
                freshSamples += samples.get().count();
            }
            seen.merge(shard.actorId(), shard.seq(), Math::max);
        }
    }

    /**
     * The generation a shard's age is counted from: the latest model's, or with {@code arena.gating} that of
     * the best model ({@code models/best.json}, 0 before the arena names one), which the actors play, so that
     * their games stay fresh while the best lags behind the latest.
     */
    private int ageReference() {
        int g = committed.generation();
        if (!config.arena().gating()) {
            return g;
        }
        return RunLayout.pointer(store, RunLayout.BEST_MODEL).map(best -> Math.min(g, best.generation())).orElse(0);
    }

    /** Trains, commits and publishes the next generation; returns its steps. */
    private int trainGeneration() {
        StoreStats before = store.stats();
        int g = committed.generation() + 1;
        int reference = ageReference();
        List<WindowShard> next = new ArrayList<>(window);
        next.removeIf(s -> reference - s.model().generation() > config.replay().maxModelAge());
        next.addAll(fresh.values()); // fresh when listed, so in the window whatever the best pointer did since
        ReplayBuffer replay = new ReplayBuffer(spec, config.replay(), config.batchSize(), config.seed() ^ (g * 31L));
        long samples = next.stream().mapToLong(s -> s.samples().count()).sum();
        // The window by positions, as ReplayBuffer keeps it: drop the oldest while the rest hold windowSamples.
        while (samples - next.get(0).samples().count() >= config.replay().windowSamples()) {
            samples -= next.remove(0).samples().count();
        }
        for (WindowShard s : next) {
            replay.add(g, s.samples());
        }
        int steps = (int) Math.min(config.steps(),
                Math.max(1, Math.floor(config.replay().maxSampleReuse() * freshSamples / config.batchSize())));
        Path parent = StoreModels.fetch(store, committed.model(), modelCache(), true);
        Path dir = newCheckpointDir(g);
        RunTables.TrainingStats trained;
        long step;
        try (PolicyValueNet net = agents.loadNet(parent);
             Learner learner = new Learner(net, config.training(), committed.step());
             Progress progress = Progress.start(false, "gen " + g + " training", steps, "")) {
            TrainingSteps.restoreOptimizer(learner, parent, committed.generation());
            trained = TrainingSteps.train(learner, replay, steps, progress);
            step = learner.step();
            Checkpoints.save(dir, net, provenance(step, committed.model().toString()), learner.optimizerState());
        }
        // 1. the model's files; 2. the ledger (the commit); 3. the pointer. See the class comment.
        ModelRef model = StoreModels.upload(store, dir, g);
        LearnerLedger ledger = new LearnerLedger(model, step, steps, List.copyOf(fresh.keySet()), stale,
                next.stream().map(WindowShard::key).toList(), seen, trained.total());
        commit(ledger);
        committed = ledger;
        accounted.addAll(ledger.consumed());
        accounted.addAll(ledger.stale());
        window = next;
        LOG.info(String.format(Locale.ROOT, "Learner: generation %d (%s): %d steps on %d samples (%d new in %d "
                        + "shards, %d stale shards), mean loss %.3f (policy %.3f, value %.3f), %.1f s", g, model,
                steps, replay.size(), freshSamples, fresh.size(), stale.size(), trained.total(), trained.policy(),
                trained.value(), trained.seconds()));
        putMetrics(ledger, next, trained, before);
        fresh.clear();
        stale.clear();
        freshSamples = 0;
        keepLocally(dir, model);
        publish(model);
        return steps;
    }

    /**
     * Puts generation {@code ledger.generation()}'s figures, {@code metrics/learner/0000000N.csv}: its speed, and the
     * age of the samples it trained on, in generations between the model that played them and the model trained
     * (its parent), weighted by samples over the replay window. Put after the commit: a kill just before loses them.
     */
    private void putMetrics(LearnerLedger ledger, List<WindowShard> trainedOn, RunTables.TrainingStats trained,
                            StoreStats before) {
        int parent = ledger.generation() - 1;
        long samples = 0;
        double ageSum = 0;
        int ageMax = 0;
        for (WindowShard s : trainedOn) {
            int age = parent - s.model().generation();
            samples += s.samples().count();
            ageSum += (double) age * s.samples().count();
            ageMax = Math.max(ageMax, age);
        }
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("generation", Integer.toString(ledger.generation()));
        figures.put("steps", Integer.toString(ledger.steps()));
        figures.put("seconds", RunTables.number(trained.seconds()));
        figures.put("samples_per_second", RunTables.number(trained.seconds() > 0
                ? (double) ledger.steps() * config.batchSize() / trained.seconds() : 0));
        figures.put("new_samples", Long.toString(freshSamples));
        figures.put("window_samples", Long.toString(samples));
        // Consumed and stale shards, under the figures' earlier names.
        figures.put("consumed_batches", Integer.toString(ledger.consumed().size()));
        figures.put("stale_batches", Integer.toString(ledger.stale().size()));
        figures.put("sample_age_mean", RunTables.number(samples == 0 ? 0 : ageSum / samples));
        figures.put("sample_age_max", Integer.toString(ageMax));
        figures.put("loss_total", RunTables.number(trained.total()));
        figures.put("loss_policy", RunTables.number(trained.policy()));
        figures.put("loss_value", RunTables.number(trained.value()));
        figures.put("loss_ownership", RunTables.number(trained.ownership()));
        figures.putAll(RoleMetrics.storeFigures(before, store.stats()));
        RoleMetrics.put(store, METRICS_WRITER, ledger.generation(), figures);
    }

    /** The verified samples of shard {@code key}, or empty if the store has none readable. */
    private Optional<TrainingShard> readShard(String key) {
        Path file = cacheDir.resolve("shard.npz");
        try {
            Files.createDirectories(cacheDir);
            if (!store.download(key, file)) {
                return Optional.empty();
            }
            return Optional.of(TrainingShard.read(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + key + " (downloaded to " + file + "): " + e.getMessage(),
                    e);
        }
    }

    private Provenance provenance(long step, String parent) {
        return new Provenance(features.id(), features.version(), config.rulesPreset(), step, parent);
    }

    private Path modelCache() {
        return cacheDir.resolve("models");
    }

    /** A fresh local directory to save generation {@code g}'s checkpoint into. */
    private Path newCheckpointDir(int g) {
        try {
            Path trained = Files.createDirectories(cacheDir.resolve("trained"));
            return Files.createTempDirectory(trained, RunLayout.generationName(g) + "-").resolve("checkpoint");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory in " + cacheDir + ": " + e, e);
        }
    }

    /**
     * Keeps a just-saved checkpoint as the cached copy of {@code model}, the next generation's parent, and drops the
     * cached models before it: the learner trains on from its last model only.
     */
    private void keepLocally(Path checkpoint, ModelRef model) {
        Path target = modelCache().resolve(RunLayout.generationName(model.generation()) + "-" + model.sha256());
        try {
            Files.createDirectories(modelCache());
            if (!Files.exists(target)) {
                Files.move(checkpoint, target, StandardCopyOption.ATOMIC_MOVE);
            }
            FileTrees.delete(checkpoint.getParent());
        } catch (IOException e) {
            LOG.debug("cannot keep {} in the cache: {}", checkpoint, e.toString());
        }
        StoreModels.prune(modelCache(), Set.of(model));
    }
}
