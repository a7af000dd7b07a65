package org.tengen.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.inference.InferenceNet;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.Seeds;
import org.tengen.selfplay.SampleBuffer;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GameRecord;

/**
 * The one way self-play games are played, by the training run's self-play phase and by an actor: {@code workers}
 * threads share one network (its forward pass is thread-safe), each searching its share of {@code parallelGames} in
 * its own {@link SelfPlay}, and {@link #play} plays the games of one shard (of a run's generation, or an actor's
 * upload) into one {@link SampleBuffer}.
 *
 * <p>Seeds are coordinates mixed with the run's seed ({@link Seeds#mix}), the worker's index last: the phase uses
 * (generation, shard number), an actor (its id, its shard number), so that no two shards play the same games.
 */
public final class SelfPlayWorkers implements AutoCloseable {

    /**
     * What one {@link #play} produced: the games of one shard.
     *
     * @param samples        the shard's training samples
     * @param summary        the workers' figures added up ({@code seconds} is the sum of their times)
     * @param seconds        wall time of the games
     * @param networkSeconds time in the network, per worker
     * @param evaluations    network evaluations
     */
    public record PlayedShard(SampleBuffer samples, SelfPlay.Summary summary, double seconds, double networkSeconds,
                              long evaluations) {
    }

    private final RunConfig config;
    private final FeatureSet features;
    private final InputSpec spec;
    private final int workers;
    private final TimedEvaluator[] timed;
    private final ExecutorService pool;

    /**
     * Workers over {@code net}; the evaluators' symmetry streams are seeded by {@code seedCoordinates} (and the worker).
     */
    public SelfPlayWorkers(RunConfig config, InferenceNet net, long... seedCoordinates) {
        this.config = config;
        this.features = config.featureSet();
        this.spec = InputSpec.of(features, config.rules());
        this.workers = Math.min(config.workers(), config.selfPlay().parallelGames());
        this.timed = new TimedEvaluator[workers];
        for (int w = 0; w < workers; w++) {
            timed[w] = new TimedEvaluator(SymmetricEvaluator.under(net.evaluator(spec), config.symmetry(),
                    slots(w), Seeds.mix(config.seed(), withWorker(seedCoordinates, w))));
        }
        this.pool = Executors.newFixedThreadPool(workers);
    }

    /**
     * Plays {@code games} games under {@code rules}, the workers' searches seeded by {@code seedCoordinates} (and the
     * worker), and hands each finished game's record to {@code onGame} (one game at a time, on a worker thread).
     */
    public PlayedShard play(int games, Rules rules, long[] seedCoordinates, Consumer<GameRecord> onGame) {
        SelfPlay.Settings s = config.selfPlay();
        SelfPlay[] selfPlays = new SelfPlay[workers];
        for (int w = 0; w < workers; w++) {
            int slots = slots(w);
            selfPlays[w] = new SelfPlay(rules, features, config.search(),
                    new NetworkLeafEvaluator(timed[w], features, slots * config.search().leavesPerTree()),
                    new SelfPlay.Settings(slots, s.resignThreshold(), s.resignAfter(), s.noResignFraction(),
                            Seeds.mix(config.seed(), withWorker(seedCoordinates, w))));
        }
        SampleBuffer shard = new SampleBuffer(spec, games * config.rules().area());
        SelfPlay.GameSink sink = (record, gameSamples) -> {
            synchronized (shard) {
                shard.addAll(gameSamples);
                onGame.accept(record);
            }
        };
        long start = System.nanoTime();
        double networkBefore = networkSeconds();
        long evaluationsBefore = evaluations();
        List<Future<SelfPlay.Summary>> futures = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int share = games / workers + (w < games % workers ? 1 : 0);
            SelfPlay worker = selfPlays[w];
            if (share > 0) {
                futures.add(pool.submit(() -> worker.play(share, sink, () -> { })));
            }
        }
        SelfPlay.Summary total = null;
        for (Future<SelfPlay.Summary> f : futures) {
            SelfPlay.Summary summary = result(f);
            total = total == null ? summary : add(total, summary);
        }
        return new PlayedShard(shard, total, (System.nanoTime() - start) / 1e9, networkSeconds() - networkBefore,
                evaluations() - evaluationsBefore);
    }

    /** Seconds in the network so far, per worker (every worker spends its own time). */
    public double networkSeconds() {
        double sum = 0;
        for (TimedEvaluator t : timed) {
            sum += t.seconds();
        }
        return sum / workers;
    }

    /** Network evaluations so far. */
    public long evaluations() {
        long sum = 0;
        for (TimedEvaluator t : timed) {
            sum += t.positions();
        }
        return sum;
    }

    /** Calls of the network so far: {@link #evaluations()} over this is the mean batch the network sees. */
    public long calls() {
        long sum = 0;
        for (TimedEvaluator t : timed) {
            sum += t.calls();
        }
        return sum;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** Games worker {@code w} keeps going at once: its share of the parallel games. */
    private int slots(int w) {
        int parallel = config.selfPlay().parallelGames();
        return parallel / workers + (w < parallel % workers ? 1 : 0);
    }

    private static long[] withWorker(long[] coordinates, int worker) {
        long[] all = java.util.Arrays.copyOf(coordinates, coordinates.length + 1);
        all[coordinates.length] = worker;
        return all;
    }

    private static SelfPlay.Summary result(Future<SelfPlay.Summary> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during self-play", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("self-play worker failed: " + cause, cause);
        }
    }

    /** Two summaries added up. */
    static SelfPlay.Summary add(SelfPlay.Summary a, SelfPlay.Summary b) {
        return new SelfPlay.Summary(a.games() + b.games(), a.samples() + b.samples(), a.moves() + b.moves(),
                a.resigned() + b.resigned(), a.noResignGames() + b.noResignGames(),
                a.wouldResign() + b.wouldResign(), a.falseResign() + b.falseResign(),
                a.blackWins() + b.blackWins(), a.seconds() + b.seconds());
    }
}
