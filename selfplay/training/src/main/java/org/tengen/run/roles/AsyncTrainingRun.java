package org.tengen.run.roles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.arena.EloLadder;
import org.tengen.run.Agents;
import org.tengen.run.GenerationArena;
import org.tengen.run.Progress;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.run.TrainingRun;
import org.tengen.run.tables.ResourceLog;
import org.tengen.run.tables.RunTables;
import org.tengen.store.FileStore;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import org.tengen.store.StoreConflictException;

/**
 * {@code tengen train} with {@code mode: async}: the roles of a split run, a learner, an actor and the arena
 * ({@link LearnerRole}, {@link ActorRole}, {@link ArenaRole}), run at the same time as threads of one process
 * over a {@link FileStore} in the run directory ({@code store/}), so that training and the arena overlap
 * self-play instead of waiting for it. The actor plays with {@code selfplay.workers} workers, as self-play in turns
 * does; the learner and the arena take the cores when they have work.
 *
 * <p>The store is the run's record, and every role keeps its state there, so a killed run resumes by running the
 * roles again. The run directory's usual files ({@code checkpoints/}, {@code arena/}, {@code elo.csv},
 * {@code metrics.csv}) are a view of the store, brought up to date every second and at the end ({@link StoreExport}).
 */
public final class AsyncTrainingRun {
    private static final Logger LOG = LogManager.getLogger(AsyncTrainingRun.class);
    private static final Duration POLL = Duration.ofSeconds(1);
    /** The actor's id in the store: its shards are {@code games/train/}. */
    static final String ACTOR = "train";

    private final RunConfig config;
    private final String configText;
    private final RunDirectory dir;
    private final boolean progressBars;

    /** {@code configText} is the run directory's config.yaml, stored as the store's. */
    public AsyncTrainingRun(RunConfig config, String configText, RunDirectory dir, boolean progressBars) {
        this.config = config;
        this.configText = configText;
        this.dir = dir;
        this.progressBars = progressBars;
    }

    /** The run store inside a run directory. */
    public static Path storeDir(RunDirectory dir) {
        return dir.root().resolve("store");
    }

    /** Runs (or resumes) the roles until the learner and the arena reach the last generation. */
    public TrainingRun.Summary run() throws InterruptedException {
        int removed = dir.removeStaleTemporaries();
        if (removed > 0) {
            LOG.info("Removed {} half-written file(s) left by an interrupted run", removed);
        }
        Path cache = dir.root().resolve("cache");
        int target = config.generations();
        // One store object per role over the same directory, as separate processes would have: each role's
        // figures then count its own store requests, errors and retries.
        try (RunStore store = new FileStore(storeDir(dir));
             RunStore learnerStore = new FileStore(storeDir(dir));
             RunStore arenaStore = new FileStore(storeDir(dir));
             RunStore actorStore = new FileStore(storeDir(dir))) {
            try {
                store.put(RunLayout.CONFIG, configText.getBytes(StandardCharsets.UTF_8));
            } catch (StoreConflictException e) {
                throw new IllegalStateException(storeDir(dir) + " holds another run's config.yaml than "
                        + dir.configFile());
            }
            StoreExport export = new StoreExport(store, dir, new GenerationArena(config, new Agents(config)),
                    cache.resolve("export"));
            StoreExport.View start = export.update();
            if (start.trained() >= target && start.rated() >= target) {
                return new TrainingRun.Summary(target, 0, 0, 0, 0, 0, 0, 0, ladder(), "", true);
            }
            LearnerRole learner = new LearnerRole(learnerStore, config, cache.resolve("learner"), POLL);
            ArenaRole arena = new ArenaRole(arenaStore, config, cache.resolve("arena"), POLL);
            ActorRole actor = new ActorRole(actorStore, config, ACTOR, cache.resolve("actor"), POLL);
            ExecutorService threads = Executors.newFixedThreadPool(3, r -> {
                Thread t = new Thread(r, "async-role");
                t.setDaemon(true); // a failed role must not keep the process alive for the others
                return t;
            });
            StoreExport.View[] view = {start};
            try (ResourceLog resources = ResourceLog.start(dir.resourcesFile(), () -> view[0].games(), 60);
                 Progress progress = Progress.start(progressBars, "generations", target, "")) {
                Future<LearnerRole.Summary> learning = threads.submit(() -> learner.run(target));
                Future<ArenaRole.Summary> rating = threads.submit(() -> arena.run(target));
                // More games after the last generation is trained would be trained on by nobody.
                Future<ActorRole.Summary> playing = threads.submit(() -> actor.run(Long.MAX_VALUE, learning::isDone));
                for (int shown = 0; !(learning.isDone() && rating.isDone() && playing.isDone()); ) {
                    for (Future<?> role : List.of(learning, rating, playing)) {
                        if (role.isDone()) {
                            result(role::get); // a role that failed ends the run with its error
                        }
                    }
                    Thread.sleep(POLL.toMillis());
                    view[0] = export.update();
                    for (; shown < Math.min(view[0].trained(), target); shown++) {
                        progress.step();
                    }
                    progress.extra(view[0].rated() + " rated, " + view[0].games() + " games");
                }
                LearnerRole.Summary trained = result(learning::get);
                ActorRole.Summary played = result(playing::get);
                result(rating::get);
                view[0] = export.update();
                return new TrainingRun.Summary(target, played.games(), played.games(), played.samples(),
                        trained.steps(), played.seconds(), 0, 0, ladder(), resources.drift(), false);
            } finally {
                threads.shutdownNow();
            }
        }
    }

    private List<EloLadder.Rating> ladder() {
        return Files.exists(dir.eloFile()) ? RunTables.readLadder(dir.eloFile()) : List.of();
    }

    /** A finished role's result; its failure rethrown as it was, unchecked. */
    private static <T> T result(Callable<T> get) throws InterruptedException {
        try {
            return get.call();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
