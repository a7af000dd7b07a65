package org.tengen.selfplay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.models.eval.InputSpec;
import org.tengen.search.BatchedSearch;
import org.tengen.search.LeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.search.SearchResult;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GameResult;

/**
 * Plays games against itself: {@code parallelGames} games are searched together by one {@link BatchedSearch} so
 * that leaf evaluations are batched, and every finished game is handed to a {@link GameSink} with its record and
 * its training samples.
 *
 * <p>Samples come from full searches only (playout-cap randomisation's cheap searches pick moves but train
 * nothing). Each sample's value target is the game's outcome and its ownership target the final area ownership,
 * both from the point of view of the player to move at that sample; truncated games are counted as they stand.
 *
 * <p>Resignation: a player resigns after its search's root value stayed below {@code resignThreshold} for
 * {@code resignAfter} of its consecutive moves. A fraction {@code noResignFraction} of games never resigns; in them
 * the first moment a player would have resigned is noted, and if that player went on to win it counts as a false
 * resignation, the calibration figure reported in {@link Summary}.
 */
public final class SelfPlay {

    /**
     * @param parallelGames    games searched together (the evaluator batch is this times leaves per tree)
     * @param resignThreshold  root value (side to move) below which a move counts towards resigning; -1 disables
     * @param resignAfter      consecutive own moves below the threshold before resigning
     * @param noResignFraction fraction of games that play on, to measure false resignations
     * @param seed             seed for search noise and the no-resign draw
     */
    public record Settings(int parallelGames, float resignThreshold, int resignAfter, double noResignFraction,
                           long seed) {
        public Settings {
            if (parallelGames < 1) {
                throw new IllegalArgumentException("parallelGames must be at least 1, got " + parallelGames);
            }
            if (!(resignThreshold >= -1 && resignThreshold < 1)) {
                throw new IllegalArgumentException("resignThreshold must be in [-1, 1), got " + resignThreshold);
            }
            if (resignAfter < 1) {
                throw new IllegalArgumentException("resignAfter must be at least 1, got " + resignAfter);
            }
            if (!(noResignFraction >= 0 && noResignFraction <= 1)) {
                throw new IllegalArgumentException("noResignFraction must be in [0, 1], got " + noResignFraction);
            }
        }
    }

    /** Receives each finished game, on the self-play thread. */
    public interface GameSink {
        void accept(GameRecord record, SampleBuffer samples);
    }

    /**
     * What a call to {@link #play} did.
     *
     * @param games           games finished
     * @param samples         training samples produced
     * @param moves           turns played in all games
     * @param resigned        games ended by resignation
     * @param noResignGames   games in which resignation was disabled
     * @param wouldResign     of those, games where a player reached the resignation condition
     * @param falseResign     of those, games the would-be resigner went on to win
     * @param blackWins       games won by Black
     * @param seconds         wall time
     */
    public record Summary(int games, long samples, long moves, int resigned, int noResignGames, int wouldResign,
                          int falseResign, int blackWins, double seconds) {
        /** False resignations among the no-resign games that reached the resignation condition (0 when none). */
        public double falseResignRate() {
            return wouldResign == 0 ? 0 : (double) falseResign / wouldResign;
        }
    }

    private final Rules rules;
    private final FeatureSet features;
    private final Settings settings;
    private final InputSpec spec;
    private final BatchedSearch search;
    private final int slots;
    private final Game[] games;
    private final Game[] searching;
    private final GameRecord.Builder[] records;
    private final SampleBuffer[] pending;
    /** Player to move at each pending sample, per slot, to orient value and ownership at the end. */
    private final int[][] samplePlayers;
    private final boolean[] noResign;
    private final int[] lowValueStreak;
    private final int[] wouldResignPlayer;
    private final SplittableRandom random;
    private final FloatBuffer encoded;
    private final float[] obs;
    private final float[] ownershipBlack;
    private final float[] ownershipMover;

    public SelfPlay(Rules rules, FeatureSet features, SearchConfig searchConfig, LeafEvaluator leaves,
                    Settings settings) {
        this.rules = rules;
        this.features = features;
        this.settings = settings;
        this.spec = new InputSpec(features.id(), features.planes(), rules.width(), rules.height());
        this.slots = settings.parallelGames();
        this.search = new BatchedSearch(searchConfig, rules, slots, leaves, settings.seed());
        this.games = new Game[slots];
        this.searching = new Game[slots];
        this.records = new GameRecord.Builder[slots];
        this.pending = new SampleBuffer[slots];
        this.samplePlayers = new int[slots][];
        this.noResign = new boolean[slots];
        this.lowValueStreak = new int[3 * slots];
        this.wouldResignPlayer = new int[slots];
        this.random = new SplittableRandom(settings.seed() ^ 0x5E1F);
        int keep = Math.max(Game.DEFAULT_KEPT_POSITIONS, features.positionsNeeded());
        for (int s = 0; s < slots; s++) {
            games[s] = new Game(rules, keep);
            pending[s] = new SampleBuffer(spec, 2 * rules.area());
            samplePlayers[s] = new int[16];
        }
        this.encoded = ByteBuffer.allocateDirect(spec.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        this.obs = new float[spec.observationSize()];
        this.ownershipBlack = new float[rules.area()];
        this.ownershipMover = new float[rules.area()];
    }

    public InputSpec spec() {
        return spec;
    }

    /**
     * Plays exactly {@code count} games to the end, keeping {@code parallelGames} going while more are needed,
     * and hands each finished game to {@code sink}. {@code progress} is told after every finished game.
     */
    public Summary play(int count, GameSink sink, Runnable progress) {
        long start = System.nanoTime();
        int started = 0;
        int finished = 0;
        long samples = 0;
        long moves = 0;
        int resigned = 0;
        int noResignGames = 0;
        int wouldResign = 0;
        int falseResign = 0;
        int blackWins = 0;
        for (int s = 0; s < slots; s++) {
            searching[s] = null;
            if (started < count) {
                startGame(s);
                started++;
            }
        }
        while (finished < count) {
            search.search(searching);
            for (int s = 0; s < slots; s++) {
                Game game = searching[s];
                if (game == null) {
                    continue;
                }
                SearchResult result = search.result(s);
                int player = game.toMove();
                if (result.isPolicyTarget()) {
                    recordSample(s, game, result);
                }
                if (shouldResign(s, player, result.rootValue())) {
                    game.resign(player);
                } else {
                    // The comment keeps the search's view for anyone replaying the record.
                    records[s].addMove(player, result.action(),
                            String.format(java.util.Locale.ROOT, "v=%.3f", result.rootValue()));
                    game.play(result.action());
                }
                moves++;
                if (!game.isOver()) {
                    continue;
                }
                int winner = game.winner();
                finishSamples(s, game, winner);
                samples += pending[s].count();
                if (game.resignedPlayer() != Stone.EMPTY) {
                    resigned++;
                }
                if (noResign[s]) {
                    noResignGames++;
                    if (wouldResignPlayer[s] != Stone.EMPTY) {
                        wouldResign++;
                        if (wouldResignPlayer[s] == winner) {
                            falseResign++;
                        }
                    }
                }
                if (winner == Stone.BLACK) {
                    blackWins++;
                }
                sink.accept(records[s].optResult(GameResult.of(game)).build(), pending[s]);
                finished++;
                progress.run();
                searching[s] = null;
                if (started < count) {
                    startGame(s);
                    started++;
                }
            }
        }
        return new Summary(finished, samples, moves, resigned, noResignGames, wouldResign, falseResign, blackWins,
                (System.nanoTime() - start) / 1e9);
    }

    private void startGame(int s) {
        Game game = games[s];
        game.reset();
        records[s] = GameRecord.builder(game);
        pending[s].clear();
        noResign[s] = settings.resignThreshold() <= -1 || random.nextDouble() < settings.noResignFraction();
        lowValueStreak[3 * s + Stone.BLACK] = 0;
        lowValueStreak[3 * s + Stone.WHITE] = 0;
        wouldResignPlayer[s] = Stone.EMPTY;
        searching[s] = game;
    }

    private boolean shouldResign(int s, int player, float rootValue) {
        if (settings.resignThreshold() <= -1) {
            return false;
        }
        int streak = rootValue < settings.resignThreshold() ? ++lowValueStreak[3 * s + player] : 0;
        lowValueStreak[3 * s + player] = streak;
        if (streak < settings.resignAfter()) {
            return false;
        }
        if (noResign[s]) {
            if (wouldResignPlayer[s] == Stone.EMPTY) {
                wouldResignPlayer[s] = player;
            }
            return false;
        }
        return true;
    }

    private void recordSample(int s, Game game, SearchResult result) {
        features.encode(game, encoded, 0);
        encoded.get(0, obs);
        SampleBuffer buffer = pending[s];
        int index = buffer.count();
        if (index == samplePlayers[s].length) {
            samplePlayers[s] = java.util.Arrays.copyOf(samplePlayers[s], index * 2);
        }
        samplePlayers[s][index] = game.toMove();
        // Value and ownership are filled in when the game ends.
        buffer.add(obs, 0, result.policy(), 0, 0f, ownershipMover, 0);
    }

    /** Sets value and ownership targets of the finished game's samples from each sample's mover's view. */
    private void finishSamples(int s, Game game, int winner) {
        game.ownership(ownershipBlack, 0);
        SampleBuffer buffer = pending[s];
        for (int i = 0; i < buffer.count(); i++) {
            int player = samplePlayers[s][i];
            float sign = player == Stone.BLACK ? 1f : -1f;
            float outcome = winner == Stone.EMPTY ? 0f : winner == player ? 1f : -1f;
            for (int p = 0; p < ownershipBlack.length; p++) {
                ownershipMover[p] = sign * ownershipBlack[p];
            }
            buffer.setTargets(i, outcome, ownershipMover);
        }
    }
}
