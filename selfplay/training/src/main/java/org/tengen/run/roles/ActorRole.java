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
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;
import org.tengen.store.StoreConflictException;
import org.tengen.store.StoreStats;

/**
 * An actor: plays self-play games with the newest published model and uploads them, shard by shard, to the run
 * store. It keeps no state of its own: the model comes from {@code models/latest.json}, or with
 * {@code arena.gating} from {@code models/best.json}, which the arena moves (downloaded into a cache and
 * verified), and its shard numbers continue from the highest it has in the store ({@link RunLayout#nextSeq}), so it
 * may be killed at any moment and restarted with the same id. A shard is {@code selfplay.gamesPerShard} games, played
 * by {@link SelfPlayWorkers} as in {@code tengen train}; between shards the actor reads the pointer again and swaps
 * in a newer model.
 *
 * <p>Upload order: the shard's SGF records first, its {@code .npz} samples last. The learner looks only at those, so a
 * kill between the two leaves records nobody reads, and the restarted actor skips that number. A put is never an
 * overwrite: a number that is taken (the same id running twice) is a conflict, and the actor moves to the next.
 */
public final class ActorRole {
    private static final Logger LOG = LogManager.getLogger(ActorRole.class);

    /**
     * What an actor did.
     *
     * @param shards    shards uploaded
     * @param games     games in them
     * @param samples   training samples in them
     * @param seconds   wall time spent playing (not waiting for a model or uploading)
     */
    public record Summary(long shards, long games, long samples, double seconds) {
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

    /** Plays and uploads {@code maxShards} shards (or until killed, if {@code Long.MAX_VALUE}). */
    public Summary run(long maxShards) throws InterruptedException {
        return run(maxShards, () -> false);
    }

    /**
     * Plays and uploads shards until {@code maxShards} are uploaded or {@code stop} says so (asked before each shard
     * and while waiting for a model: a shard being played is finished and uploaded).
     */
    public Summary run(long maxShards, BooleanSupplier stop) throws InterruptedException {
        long seq = RunLayout.nextSeq(store, id);
        LOG.info("Actor {} on {}: shards of {} games from number {}", id, store.location(), config.gamesPerShard(),
                seq);
        long shards = 0;
        long games = 0;
        long samples = 0;
        double seconds = 0;
        ModelRef model = null;
        InferenceNet net = null;
        SelfPlayWorkers workers = null;
        boolean waitLogged = false;
        try {
            while (shards < maxShards && !stop.getAsBoolean()) {
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
                SelfPlayWorkers.PlayedShard played = playShard(workers, seq, records);
                seconds += played.seconds();
                if (played.samples().count() == 0) {
                    LOG.warn("Actor {}: {} games produced no training samples; not uploaded", id,
                            played.summary().games());
                    continue;
                }
                GameShard uploaded = upload(played, records, model, seq);
                seq = uploaded.seq() + 1;
                shards++;
                games += played.summary().games();
                samples += played.samples().count();
                putMetrics(uploaded, played, before);
                LOG.info(String.format(Locale.ROOT, "Actor %s: shard %d (%s): %d games, %d samples in %.1f s "
                                + "(%.0f games/h), uploaded", id, uploaded.seq(), model, played.summary().games(),
                        played.samples().count(), played.seconds(),
                        played.summary().games() * 3600 / played.seconds()));
            }
        } finally {
            if (workers != null) {
                workers.close();
            }
            if (net != null) {
                net.close();
            }
        }
        return new Summary(shards, games, samples, seconds);
    }

    /** The writer name of an actor's figures, {@code metrics/actor-ID/}, one report per shard (its number). */
    public static String metricsWriter(String id) {
        return "actor-" + id;
    }

    /**
     * Puts the figures of an uploaded shard: its speed, and its model's lag, how many generations the latest model
     * was ahead of the one that played the shard when it was uploaded (training on games of an older model is what
     * asynchronous self-play costs).
     */
    private void putMetrics(GameShard uploaded, SelfPlayWorkers.PlayedShard played, StoreStats before) {
        int latest = RunLayout.latest(store).map(ModelRef::generation).orElse(uploaded.model().generation());
        StoreStats after = store.stats();
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("batch", Long.toString(uploaded.seq())); // the shard's number, under the figure's earlier name
        figures.put("model_generation", Integer.toString(uploaded.model().generation()));
        figures.put("model_lag", Integer.toString(Math.max(0, latest - uploaded.model().generation())));
        figures.put("games", Integer.toString(played.summary().games()));
        figures.put("samples", Long.toString(played.samples().count()));
        figures.put("seconds", RunTables.number(played.seconds()));
        figures.put("games_per_hour", RunTables.number(played.summary().games() * 3600 / played.seconds()));
        figures.putAll(RoleMetrics.storeFigures(before, after));
        RoleMetrics.put(store, metricsWriter(id), uploaded.seq(), figures);
    }

    /** The actor's own stream of seeds: its id, so that actors play different games. */
    private long stream() {
        return id.hashCode();
    }

    /** Plays shard {@code seq}, its komi and streams drawn from the actor's stream and the number. */
    private SelfPlayWorkers.PlayedShard playShard(SelfPlayWorkers workers, long seq, List<GameRecord> records) {
        Rules rules = config.selfPlayKomi().draw(config.rules(),
                new SplittableRandom(Seeds.mix(config.seed(), stream(), seq, -1)));
        return workers.play(config.gamesPerShard(), rules, new long[] {stream(), seq}, records::add);
    }

    /** Uploads a shard under number {@code seq}, or the next free one; returns the shard as stored. */
    private GameShard upload(SelfPlayWorkers.PlayedShard played, List<GameRecord> games, ModelRef model, long seq) {
        StringBuilder sgf = new StringBuilder();
        for (GameRecord record : games) {
            sgf.append(GoSgf.format(record)).append('\n');
        }
        byte[] records = sgf.toString().getBytes(StandardCharsets.UTF_8);
        Path file = cacheDir.resolve(".shard-" + id + ".npz");
        try {
            Files.createDirectories(cacheDir);
            Files.deleteIfExists(file);
            played.samples().toShard().write(file);
            for (long n = seq; ; n++) {
                GameShard key = new GameShard(id, n, model);
                try {
                    store.put(key.sgfKey(), records);
                    store.put(key.npzKey(), file);
                    return key;
                } catch (StoreConflictException e) {
                    LOG.warn("Actor {}: shard number {} is taken ({}); using the next", id, n, e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e, e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.debug("cannot delete {}", file, e);
            }
        }
    }
}
