package org.tengen.run.roles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.rules.Rules;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.inference.InferenceNet;
import org.tengen.run.Agents;
import org.tengen.run.RunConfig;
import org.tengen.run.SelfPlayWorkers;
import org.tengen.run.tables.RunTables;
import org.tengen.search.Seeds;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameBatch;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;
import org.tengen.store.StoreConflictException;
import org.tengen.store.StoreStats;

/**
 * An actor: plays self-play games with the newest published model and uploads them, batch by batch, to the run
 * store. It keeps no state of its own: the model comes from {@code models/latest.json}, or with
 * {@code arena.gating} from {@code models/best.json}, which the arena moves (downloaded into a cache and
 * verified), and its batch numbers continue from the highest it has in the store ({@link RunLayout#nextSeq}), so it
 * may be killed at any moment and restarted with the same id. A batch is {@code selfplay.gamesPerPart} games, played
 * by {@link SelfPlayWorkers} as in {@code tengen train}; between batches the actor reads the pointer again and swaps
 * in a newer model.
 *
 * <p>Upload order: the batch's SGF records first, its {@code .npz} shard last. The learner looks only at shards, so a
 * kill between the two leaves records nobody reads, and the restarted actor skips that number. A put is never an
 * overwrite: a number that is taken (the same id running twice) is a conflict, and the actor moves to the next.
 */
public final class ActorRole {
    private static final Logger LOG = LogManager.getLogger(ActorRole.class);

    /**
     * What an actor did.
     *
     * @param batches   batches uploaded
     * @param games     games in them
     * @param samples   training samples in them
     * @param seconds   wall time spent playing (not waiting for a model or uploading)
     */
    public record Summary(long batches, long games, long samples, double seconds) {
        public double gamesPerHour() {
            return seconds == 0 ? 0 : games * 3600 / seconds;
        }
    }

    private final RunStore store;
    private final RunConfig config;
    private final String id;
    private final Path cacheDir;
    private final Duration poll;
    private final Agents agents;
    /** The pointer the actor follows: the latest model, or the best one with gating. */
    private final String pointer;

    public ActorRole(RunStore store, RunConfig config, String id, Path cacheDir, Duration poll) {
        this.store = store;
        this.config = config;
        this.id = RunLayout.requireId(id);
        this.cacheDir = cacheDir;
        this.poll = poll;
        this.agents = Agents.keepingAutoChoiceIn(config, cacheDir);
        this.pointer = config.arena().gating() ? RunLayout.BEST_MODEL : RunLayout.LATEST_MODEL;
    }

    /** Plays and uploads {@code maxBatches} batches (or until killed, if {@code Long.MAX_VALUE}). */
    public Summary run(long maxBatches) throws InterruptedException {
        return run(maxBatches, () -> false);
    }

    /**
     * Plays and uploads batches until {@code maxBatches} are uploaded or {@code stop} says so (asked before each batch
     * and while waiting for a model: a batch being played is finished and uploaded).
     */
    public Summary run(long maxBatches, BooleanSupplier stop) throws InterruptedException {
        long seq = RunLayout.nextSeq(store, id);
        LOG.info("Actor {} on {}: batches of {} games from number {}", id, store.location(), config.gamesPerPart(),
                seq);
        long batches = 0;
        long games = 0;
        long samples = 0;
        double seconds = 0;
        ModelRef model = null;
        InferenceNet net = null;
        SelfPlayWorkers workers = null;
        boolean waitLogged = false;
        try {
            while (batches < maxBatches && !stop.getAsBoolean()) {
                Optional<ModelRef> latest = RunLayout.pointer(store, pointer);
                if (model == null && latest.isEmpty()) {
                    if (!waitLogged) {
                        LOG.info("Actor {}: waiting for a model ({} in {} names none yet)", id, pointer,
                                store.location());
                        waitLogged = true;
                    }
                    Thread.sleep(poll.toMillis());
                    continue;
                }
                if (latest.isPresent() && (model == null || latest.get().generation() > model.generation())) {
                    Path checkpoint;
                    try {
                        checkpoint = StoreModels.fetch(store, latest.get(), cacheDir, false);
                    } catch (CheckpointException e) {
                        LOG.warn("Actor {}: model {} not usable yet ({}); {}", id, latest.get(), e.getMessage(),
                                model == null ? "waiting" : "playing on with " + model);
                        if (model == null) {
                            Thread.sleep(poll.toMillis());
                            continue;
                        }
                        checkpoint = null;
                    }
                    if (checkpoint != null) {
                        if (workers != null) {
                            workers.close();
                            net.close();
                        }
                        net = agents.loadForSearch(checkpoint);
                        // Keeps the model before too: another actor sharing the cache may still be loading it.
                        StoreModels.prune(cacheDir, model == null ? Set.of(latest.get()) : Set.of(latest.get(), model));
                        model = latest.get();
                        workers = new SelfPlayWorkers(config, net, stream(), seq);
                        LOG.info("Actor {}: playing with model {}", id, model);
                    }
                }
                List<GameRecord> records = new ArrayList<>();
                StoreStats before = store.stats();
                SelfPlayWorkers.Batch batch = playBatch(workers, seq, records);
                seconds += batch.seconds();
                if (batch.samples().count() == 0) {
                    LOG.warn("Actor {}: {} games produced no training samples; not uploaded", id,
                            batch.summary().games());
                    continue;
                }
                GameBatch uploaded = upload(batch, records, model, seq);
                seq = uploaded.seq() + 1;
                batches++;
                games += batch.summary().games();
                samples += batch.samples().count();
                putMetrics(uploaded, batch, before);
                LOG.info(String.format(Locale.ROOT, "Actor %s: batch %d (%s): %d games, %d samples in %.1f s "
                                + "(%.0f games/h), uploaded", id, uploaded.seq(), model, batch.summary().games(),
                        batch.samples().count(), batch.seconds(), batch.summary().games() * 3600 / batch.seconds()));
            }
        } finally {
            if (workers != null) {
                workers.close();
            }
            if (net != null) {
                net.close();
            }
        }
        return new Summary(batches, games, samples, seconds);
    }

    /** The writer name of an actor's figures, {@code metrics/actor-ID/}, one report per batch (its number). */
    public static String metricsWriter(String id) {
        return "actor-" + id;
    }

    /**
     * Puts the figures of an uploaded batch: its speed, and its model's lag, how many generations the latest model
     * was ahead of the one that played the batch when it was uploaded (training on games of an older model is what
     * asynchronous self-play costs).
     */
    private void putMetrics(GameBatch uploaded, SelfPlayWorkers.Batch batch, StoreStats before) {
        int latest = RunLayout.latest(store).map(ModelRef::generation).orElse(uploaded.model().generation());
        StoreStats after = store.stats();
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("batch", Long.toString(uploaded.seq()));
        figures.put("model_generation", Integer.toString(uploaded.model().generation()));
        figures.put("model_lag", Integer.toString(Math.max(0, latest - uploaded.model().generation())));
        figures.put("games", Integer.toString(batch.summary().games()));
        figures.put("samples", Long.toString(batch.samples().count()));
        figures.put("seconds", RunTables.number(batch.seconds()));
        figures.put("games_per_hour", RunTables.number(batch.summary().games() * 3600 / batch.seconds()));
        figures.putAll(RoleMetrics.storeFigures(before, after));
        RoleMetrics.put(store, metricsWriter(id), uploaded.seq(), figures);
    }

    /** The actor's own stream of seeds: its id, so that actors play different games. */
    private long stream() {
        return id.hashCode();
    }

    /** Plays batch {@code seq}, its komi and streams drawn from the actor's stream and the number. */
    private SelfPlayWorkers.Batch playBatch(SelfPlayWorkers workers, long seq, List<GameRecord> records) {
        Rules rules = config.selfPlayKomi().draw(config.rules(),
                new SplittableRandom(Seeds.mix(config.seed(), stream(), seq, -1)));
        return workers.play(config.gamesPerPart(), rules, new long[] {stream(), seq}, records::add);
    }

    /** Uploads a batch under number {@code seq}, or the next free one; returns the batch as stored. */
    private GameBatch upload(SelfPlayWorkers.Batch batch, List<GameRecord> games, ModelRef model, long seq) {
        StringBuilder sgf = new StringBuilder();
        for (GameRecord record : games) {
            sgf.append(GoSgf.format(record)).append('\n');
        }
        byte[] records = sgf.toString().getBytes(StandardCharsets.UTF_8);
        Path shard = cacheDir.resolve(".batch-" + id + ".npz");
        try {
            Files.createDirectories(cacheDir);
            Files.deleteIfExists(shard);
            batch.samples().toShard().write(shard);
            for (long n = seq; ; n++) {
                GameBatch key = new GameBatch(id, n, model);
                try {
                    store.put(key.sgfKey(), records);
                    store.put(key.npzKey(), shard);
                    return key;
                } catch (StoreConflictException e) {
                    LOG.warn("Actor {}: batch number {} is taken ({}); using the next", id, n, e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + shard + ": " + e, e);
        } finally {
            try {
                Files.deleteIfExists(shard);
            } catch (IOException e) {
                LOG.debug("cannot delete {}", shard, e);
            }
        }
    }
}
