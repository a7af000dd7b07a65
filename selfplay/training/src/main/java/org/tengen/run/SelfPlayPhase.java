package org.tengen.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.io.IoErrors;
import org.tengen.env.process.ProcessCpuTime;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Rules;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.inference.InferenceNet;
import org.tengen.run.tables.RunTables;
import org.tengen.search.Seeds;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GoSgf;

/**
 * Self-play of a generation with the best checkpoint: workers share the network, each plays its share of the games
 * in its own {@link SelfPlay}; every {@code gamesPerShard} games become one shard ({@code .npz}) and their SGF
 * records. Done when the generation's shards hold {@code gamesPerGeneration} games; a resumed phase continues after
 * the last complete shard.
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
        return dir.shards(g).stream().mapToInt(RunDirectory.Shard::games).sum();
    }

    @Override
    public void run(int g, GenerationStats stats) {
        List<RunDirectory.Shard> shards = dir.shards(g);
        int done = gamesDone(g);
        if (done > 0) {
            LOG.info("Generation {}: resuming self-play after {} of {} games", g, done, config.games());
        }
        int shardGames = config.gamesPerShard();
        int nextShard = shards.isEmpty() ? 0 : shards.get(shards.size() - 1).index() + 1;
        long start = System.nanoTime();
        long cpuStart = ProcessCpuTime.nanos();
        long samples = 0;
        int played = 0;
        long[] distinct = {0};
        SelfPlay.Summary total = null;
        SelfPlay.Summary sp;
        long evaluationCount;
        long calls;
        double network;
        double cpuSeconds;
        try (InferenceNet net = run.loadForSearch(stats.best);
             SelfPlayWorkers workers = new SelfPlayWorkers(config, net, g, nextShard);
             Progress progress = progress(g, config.games())) {
            for (int i = 0; i < done; i++) {
                progress.step();
            }
            while (done < config.games()) {
                int n = Math.min(shardGames, config.games() - done);
                // Each shard has its own games, streams and (with randomKomi) komi, all derived from its index.
                Rules rules = config.selfPlayKomi().draw(config.rules(),
                        new SplittableRandom(Seeds.mix(config.seed(), g, nextShard, -1)));
                int[] written = {done};
                long shardCpu = ProcessCpuTime.nanos();
                SelfPlayWorkers.PlayedShard shard = workers.play(n, rules, new long[] {g, nextShard}, record -> {
                    distinct[0] += run.session().gameKeys.add(key(record.history())) ? 1 : 0;
                    GoSgf.save(dir.gamesDir(g).resolve(String.format(Locale.ROOT, "game-%05d.sgf",
                            written[0]++)), record);
                    progress.step();
                });
                total = total == null ? shard.summary() : SelfPlayWorkers.add(total, shard.summary());
                int count = shard.samples().count();
                if (count > 0) {
                    Path file = dir.shard(g, nextShard++, n);
                    RunTables.writeShardStats(RunDirectory.shardStats(file), new RunTables.ShardStats(n, count,
                            shard.seconds(), shard.networkSeconds(), shard.evaluations(),
                            (ProcessCpuTime.nanos() - shardCpu) / 1e9));
                    writeShard(file, shard.samples().toShard());
                } else {
                    LOG.warn("Generation {}: {} games produced no policy-target samples", g, n);
                }
                done += n;
                played += n;
                samples += count;
                progress.extra(String.format(Locale.ROOT, "%d samples", samples));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            sp = new SelfPlay.Summary(played, samples, total.moves(), total.resigned(), total.noResignGames(),
                    total.wouldResign(), total.falseResign(), total.blackWins(), seconds);
            evaluationCount = workers.evaluations();
            calls = workers.calls();
            cpuSeconds = (ProcessCpuTime.nanos() - cpuStart) / 1e9;
            // Network share of the workers' time, not of wall time: every worker spends its own time.
            network = workers.networkSeconds();
        }
        Session session = run.session();
        session.games += played;
        session.samples += samples;
        session.selfPlaySeconds += sp.seconds();
        session.networkSeconds += network;
        session.evaluations += evaluationCount;
        // Evaluations per CPU second of the process compare with bench --models' bare forward per CPU second on a
        // shared machine; the mean batch says which batch size to compare with.
        LOG.info(String.format(Locale.ROOT, "Generation %d self-play: %d games (%d new to this session), %d samples, %.1f s (%.0f games/h, "
                        + "%.0f NN evals/s, %.0f per CPU s in %.1f CPU s, mean batch %.1f, %.0f%% of the time in the "
                        + "network), Black won %d, resigned %d, false resignations %d of %d", g, sp.games(),
                distinct[0], sp.samples(), sp.seconds(), sp.games() * 3600 / sp.seconds(),
                evaluationCount / sp.seconds(), evaluationCount / cpuSeconds, cpuSeconds,
                calls == 0 ? 0.0 : (double) evaluationCount / calls, 100 * network / sp.seconds(), sp.blackWins(),
                sp.resigned(), sp.falseResign(), sp.wouldResign()));
    }

    /** A 64-bit key of a game's moves: equal games have equal keys, different ones almost surely not. */
    static long key(GameHistory history) {
        long h = Seeds.mix(history.moves().size());
        for (GameHistory.Move m : history.moves()) {
            h = Seeds.mix(h, m.player(), m.action());
        }
        return h;
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
