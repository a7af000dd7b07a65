package org.tengen.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.io.IoErrors;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Rules;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.inference.InferenceNet;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.Seeds;
import org.tengen.selfplay.SampleBuffer;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GoSgf;

/**
 * Self-play of a generation with the best checkpoint: workers share the network, each plays its share of the games
 * in its own {@link SelfPlay}; every {@code gamesPerPart} games become one data part ({@code .npz}) and their SGF
 * records. Done when the generation's parts hold {@code gamesPerGeneration} games; a resumed phase continues after
 * the last complete part.
 */
final class SelfPlayPhase extends RunPhase {
    private static final Logger LOG = LogManager.getLogger(SelfPlayPhase.class);

    SelfPlayPhase(RunContext run) {
        super(run, "self-play");
    }

    @Override
    public boolean isDone(int g) {
        return gamesDone(g) >= config.games();
    }

    private int gamesDone(int g) {
        return dir.dataParts(g).stream().mapToInt(RunDirectory.DataPart::games).sum();
    }

    @Override
    public void run(int g, GenerationStats stats) {
        List<RunDirectory.DataPart> parts = dir.dataParts(g);
        int done = gamesDone(g);
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
        long[] distinct = {0};
        SelfPlay.Summary total = null;
        SelfPlay.Summary sp;
        long evaluationCount;
        double network;
        TimedEvaluator[] timed = new TimedEvaluator[workers];
        SelfPlay[] selfPlays = new SelfPlay[workers];
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(workers);
        try (InferenceNet net = run.loadForSearch(stats.best);
             Progress progress = progress(g, config.games())) {
            for (int i = 0; i < done; i++) {
                progress.step();
            }
            // Workers share the network (its forward pass is thread-safe); each has its own search and buffers.
            for (int w = 0; w < workers; w++) {
                timed[w] = new TimedEvaluator(SymmetricEvaluator.under(net.evaluator(spec), config.symmetry(),
                        slots(w, workers), Seeds.mix(config.seed(), g, nextPart, w)));
            }
            while (done < config.games()) {
                int n = Math.min(partGames, config.games() - done);
                // Each part has its own games, streams and (with randomKomi) komi, all derived from its index.
                Rules rules = config.selfPlayKomi().draw(config.rules(),
                        new SplittableRandom(Seeds.mix(config.seed(), g, nextPart, -1)));
                for (int w = 0; w < workers; w++) {
                    int games = slots(w, workers);
                    selfPlays[w] = new SelfPlay(rules, features, config.search(),
                            new NetworkLeafEvaluator(timed[w], features, games * config.search().leavesPerTree()),
                            new SelfPlay.Settings(games, s.resignThreshold(), s.resignAfter(), s.noResignFraction(),
                                    Seeds.mix(config.seed(), g, nextPart, w)));
                }
                SampleBuffer part = new SampleBuffer(spec, n * config.rules().area());
                int[] written = {done};
                SelfPlay.GameSink sink = (record, gameSamples) -> {
                    synchronized (part) {
                        part.addAll(gameSamples);
                        distinct[0] += run.session().gameKeys.add(key(record.history())) ? 1 : 0;
                        GoSgf.save(dir.gamesDir(g).resolve(String.format(Locale.ROOT, "game-%05d.sgf",
                                written[0]++)), record);
                        progress.step();
                    }
                };
                long partStart = System.nanoTime();
                double networkBefore = networkSeconds(timed) / workers;
                long evaluationsBefore = evaluations(timed);
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
                    Path file = dir.dataPart(g, nextPart++, n);
                    RunTables.writePartStats(RunDirectory.partStats(file), new RunTables.PartStats(n, part.count(),
                            (System.nanoTime() - partStart) / 1e9, networkSeconds(timed) / workers - networkBefore,
                            evaluations(timed) - evaluationsBefore));
                    writeShard(file, part.toShard());
                } else {
                    LOG.warn("Generation {}: {} games produced no policy-target samples", g, n);
                }
                done += n;
                played += n;
                samples += part.count();
                progress.extra(String.format(Locale.ROOT, "%d samples", samples));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            sp = new SelfPlay.Summary(played, samples, total.moves(), total.resigned(), total.noResignGames(),
                    total.wouldResign(), total.falseResign(), total.blackWins(), seconds);
            evaluationCount = evaluations(timed);
            // Network share of the workers' time, not of wall time: every worker spends its own time.
            network = networkSeconds(timed) / workers;
        } finally {
            pool.shutdownNow();
        }
        Session session = run.session();
        session.games += played;
        session.samples += samples;
        session.selfPlaySeconds += sp.seconds();
        session.networkSeconds += network;
        session.evaluations += evaluationCount;
        LOG.info(String.format(Locale.ROOT, "Generation %d self-play: %d games (%d new to this session), %d samples, %.1f s (%.0f games/h, "
                        + "%.0f NN evals/s, %.0f%% of the time in the network), Black won %d, resigned %d, "
                        + "false resignations %d of %d", g, sp.games(), distinct[0], sp.samples(), sp.seconds(),
                sp.games() * 3600 / sp.seconds(), evaluationCount / sp.seconds(),
                100 * network / sp.seconds(), sp.blackWins(), sp.resigned(), sp.falseResign(),
                sp.wouldResign()));
    }

    private static double networkSeconds(TimedEvaluator[] timed) {
        double sum = 0;
        for (TimedEvaluator t : timed) {
            sum += t == null ? 0 : t.seconds();
        }
        return sum;
    }

    private static long evaluations(TimedEvaluator[] timed) {
        long sum = 0;
        for (TimedEvaluator t : timed) {
            sum += t == null ? 0 : t.positions();
        }
        return sum;
    }

    /** Games worker {@code w} of {@code workers} keeps going at once: its share of the parallel games. */
    private int slots(int w, int workers) {
        int parallel = config.selfPlay().parallelGames();
        return parallel / workers + (w < parallel % workers ? 1 : 0);
    }

    /** A 64-bit key of a game's moves: equal games have equal keys, different ones almost surely not. */
    static long key(GameHistory history) {
        long h = Seeds.mix(history.moves().size());
        for (GameHistory.Move m : history.moves()) {
            h = Seeds.mix(h, m.player(), m.action());
        }
        return h;
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
            throw new UncheckedIOException("cannot write " + file + ": " + IoErrors.reason(e), e);
        }
    }
}
