package org.tengen.selfplay;

import java.util.SplittableRandom;
import org.tengen.agent.Agent;
import org.tengen.agent.GameLoop;
import org.tengen.agent.Referee;
import org.tengen.agent.SearchAgent;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.IllegalActionPolicy;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;
import org.tengen.models.eval.InputSpec;
import org.tengen.search.LeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.search.SearchResult;
import org.tengen.sgf.GameRecord;
import org.tengen.env.game.GameResult;

/**
 * Plays games against itself on the {@link GameLoop}: {@code parallelGames} games step together in a {@link VecEnv}
 * and are searched together by one {@link SearchAgent}, so leaf evaluations are batched; every finished game is
 * handed to a {@link GameSink} with its record and its training samples, whose observations are copied from the
 * env's buffer.
 *
 * <p>Samples come from full searches only (playout-cap randomisation's cheap searches pick moves but train
 * nothing). Each sample's value target is the game's outcome, its ownership target the final area ownership and its
 * score target the final area margin (komi included), all from the point of view of the player to move at that
 * sample. What a game's ending does not tell is left unknown (NaN): a game cut by the move cap has no outcome
 * targets at all (its position as it stands would teach a result nobody reached), a resigned game has a value but
 * no ownership or score.
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

    private final Settings settings;
    private final InputSpec spec;
    private final SearchAgent agent;
    private final VecEnv env;
    private final int slots;
    /** Root value of each move's search, per slot, for the record's comments. */
    private final float[][] moveValues;
    private final SampleBuffer[] pending;
    /** Player to move at each pending sample, per slot, to orient value and ownership at the end. */
    private final int[][] samplePlayers;
    private final boolean[] noResign;
    private final int[] lowValueStreak;
    private final int[] wouldResignPlayer;
    private final SplittableRandom random;
    private final float[] obs;
    private final float[] ownershipBlack;
    /** Ownership of a sample until its game ends: not known yet. */
    private final float[] ownershipUnknown;

    public SelfPlay(Rules rules, FeatureSet features, SearchConfig searchConfig, LeafEvaluator leaves,
                    Settings settings) {
        this.settings = settings;
        this.spec = InputSpec.of(features, rules);
        this.slots = settings.parallelGames();
        this.agent = new SearchAgent("self-play", searchConfig, slots, (r, maxBatch) -> leaves, settings.seed());
        this.env = new VecEnv(new VecEnvConfig(rules, slots, features, 1, IllegalActionPolicy.THROW, settings.seed()));
        this.moveValues = new float[slots][];
        this.pending = new SampleBuffer[slots];
        this.samplePlayers = new int[slots][];
        this.noResign = new boolean[slots];
        this.lowValueStreak = new int[3 * slots];
        this.wouldResignPlayer = new int[slots];
        this.random = new SplittableRandom(settings.seed() ^ 0x5E1F);
        for (int s = 0; s < slots; s++) {
            pending[s] = new SampleBuffer(spec, 2 * rules.area());
            samplePlayers[s] = new int[16];
            moveValues[s] = new float[2 * rules.area()];
        }
        this.obs = new float[spec.observationSize()];
        this.ownershipBlack = new float[rules.area()];
        this.ownershipUnknown = new float[rules.area()];
        java.util.Arrays.fill(ownershipUnknown, Float.NaN);
    }

    public InputSpec spec() {
        return spec;
    }

    /**
     * Plays exactly {@code count} games to the end on the {@link GameLoop}, keeping {@code parallelGames} going while
     * more are needed, and hands each finished game to {@code sink}. {@code progress} is told after every finished
     * game.
     */
    public Summary play(int count, GameSink sink, Runnable progress) {
        long start = System.nanoTime();
        Tally tally = new Tally(sink, progress);
        new GameLoop(env, agent, agent, Referee.AREA).play(count, tally);
        return new Summary(tally.games, tally.samples, tally.moves, tally.resigned, tally.noResignGames,
                tally.wouldResign, tally.falseResign, tally.blackWins, (System.nanoTime() - start) / 1e9);
    }

    /** Records samples and resignations move by move and hands finished games over, counting as it goes. */
    private final class Tally implements GameLoop.Listener {
        private final GameSink sink;
        private final Runnable progress;
        int games;
        long samples;
        long moves;
        int resigned;
        int noResignGames;
        int wouldResign;
        int falseResign;
        int blackWins;

        Tally(GameSink sink, Runnable progress) {
            this.sink = sink;
            this.progress = progress;
        }

        @Override
        public void started(int index, int s, Game game, boolean firstBlack) {
            pending[s].clear();
            noResign[s] = settings.resignThreshold() <= -1 || random.nextDouble() < settings.noResignFraction();
            lowValueStreak[3 * s + Stone.BLACK] = 0;
            lowValueStreak[3 * s + Stone.WHITE] = 0;
            wouldResignPlayer[s] = Stone.EMPTY;
        }

        @Override
        public int moving(int s, Game game, Agent mover, int action) {
            SearchResult result = agent.result(s);
            int player = game.toMove();
            moves++;
            if (result.isPolicyTarget()) {
                recordSample(s, player, result);
            }
            if (shouldResign(s, player, result.rootValue())) {
                return Agent.RESIGN;
            }
            int move = game.moveCount();
            if (move == moveValues[s].length) {
                moveValues[s] = java.util.Arrays.copyOf(moveValues[s], 2 * move);
            }
            moveValues[s][move] = result.rootValue();
            return action;
        }

        @Override
        public void finished(GameLoop.Finished f) {
            int s = f.slot();
            int winner = f.winner();
            finishSamples(s, f.game(), winner, f.ending());
            samples += pending[s].count();
            if (f.ending() == GameLoop.Ending.RESIGNATION) {
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
            sink.accept(record(s, f.game()), pending[s]);
            games++;
            progress.run();
        }
    }

    /** The finished game's record; each move's comment keeps the search's view for anyone replaying it. */
    private GameRecord record(int s, Game game) {
        GameRecord.Builder record = GameRecord.builder(game.history()).optResult(GameResult.of(game));
        for (int i = 0; i < game.moveCount(); i++) {
            record.optMoveComment(i, String.format(java.util.Locale.ROOT, "v=%.3f", moveValues[s][i]));
        }
        return record.build();
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

    /** A sample of the position in slot {@code s}: its observation as the env wrote it, and the search's target. */
    private void recordSample(int s, int player, SearchResult result) {
        env.observations().get(s * obs.length, obs);
        SampleBuffer buffer = pending[s];
        int index = buffer.count();
        if (index == samplePlayers[s].length) {
            samplePlayers[s] = java.util.Arrays.copyOf(samplePlayers[s], index * 2);
        }
        samplePlayers[s][index] = player;
        // Value and ownership are filled in when the game ends.
        buffer.add(obs, 0, result.policy(), 0, Float.NaN, ownershipUnknown, 0, Float.NaN);
    }

    /** Sets the outcome targets of the finished game's samples from each sample's mover's view. */
    private void finishSamples(int s, Game game, int winner, GameLoop.Ending ending) {
        boolean counted = ending == GameLoop.Ending.PASSES;
        boolean decided = counted || ending == GameLoop.Ending.RESIGNATION;
        float blackValue = !decided ? Float.NaN : winner == Stone.EMPTY ? 0f : winner == Stone.BLACK ? 1f : -1f;
        game.ownership(ownershipBlack, 0);
        pending[s].setOutcomes(samplePlayers[s], blackValue, counted ? ownershipBlack : null,
                counted ? (float) game.scoreMargin() : Float.NaN);
    }
}
