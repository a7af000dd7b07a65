package org.tengen.arena;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tengen.agent.Agent;
import org.tengen.agent.GameLoop;
import org.tengen.agent.RandomOpening;
import org.tengen.agent.Referee;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameResult;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.IllegalActionPolicy;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;
import org.tengen.sgf.GameRecord;

/**
 * Matches: {@code games} games between two agents with alternating colours ({@code a} takes Black in even-numbered
 * games), up to {@code parallel} at a time so each agent batches its moves across games, with the score and the
 * per-game results the Elo ladder needs.
 */
public final class Arena {
    private Arena() {
    }

    /**
     * The outcome of a match, from {@code a}'s side.
     *
     * @param a       first player's name
     * @param b       second player's name
     * @param games   games played
     * @param winsA   games {@code a} won
     * @param winsB   games {@code b} won
     * @param draws   ties (possible with integer komi)
     * @param cut     games cut by the move cap, counted by area as they stood (included in the above)
     * @param results one entry per game for the Elo ladder, in the order the games finished
     */
    public record MatchResult(String a, String b, int games, int winsA, int winsB, int draws, int cut,
                              List<EloLadder.GameResult> results) {
        /** {@code a}'s score: wins plus half the draws, over games. */
        public double scoreA() {
            return games == 0 ? 0 : (winsA + 0.5 * draws) / games;
        }

        /** Half-width of the 95% Wilson interval of {@link #scoreA()}. */
        public double ci95() {
            double[] interval = wilson95(scoreA(), games);
            return (interval[1] - interval[0]) / 2;
        }
    }

    /**
     * The 95% Wilson score interval {@code {low, high}} of a mean score over {@code games} games (a draw counts as
     * half a win); {@code {score, score}} without games.
     */
    public static double[] wilson95(double score, int games) {
        if (games == 0) {
            return new double[] {score, score};
        }
        double z = 1.96;
        double n = games;
        double center = (score + z * z / (2 * n)) / (1 + z * z / n);
        double half = z * Math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        return new double[] {center - half, center + half};
    }

    /**
     * Plays the match on the {@link GameLoop}: {@code games} games, up to {@code parallel} at once, in an env whose
     * games keep what {@code features} needs (the agents' networks read past positions). Games that end on the board
     * are decided by {@code referee}; {@code onGame} receives each finished game's record (for SGF files).
     */
    public static MatchResult play(Agent a, Agent b, Rules rules, FeatureSet features, int games, int parallel,
                                   Referee referee, Consumer<GameRecord> onGame) {
        return play(a, b, rules, features, games, parallel, Opening.NONE, referee, onGame);
    }

    /**
     * How games open: the first {@code moves} turns are {@link RandomOpening random moves} drawn from {@code seed}
     * (none when 0), which a game's record keeps as set-up stones, so its moves are the players' own.
     */
    public record Opening(int moves, long seed) {
        public static final Opening NONE = new Opening(0, 0);

        public Opening {
            if (moves < 0) {
                throw new IllegalArgumentException("random opening moves must be at least 0, got " + moves);
            }
        }
    }

    /** As above, with every game opened as {@code opening} says. */
    public static MatchResult play(Agent a, Agent b, Rules rules, FeatureSet features, int games, int parallel,
                                   Opening opening, Referee referee, Consumer<GameRecord> onGame) {
        if (games < 1 || parallel < 1) {
            throw new IllegalArgumentException("games and parallel must be at least 1, got " + games + ", "
                    + parallel);
        }
        // A player may meet a copy of itself (e.g. greedy self-play): the second copy is primed in the results.
        String nameA = a.name();
        String nameB = b.name().equals(nameA) ? nameA + "'" : b.name();
        int slots = Math.min(games, parallel);
        List<EloLadder.GameResult> results = new ArrayList<>(games);
        int[] wdl = new int[3];
        int[] cut = {0};
        try (VecEnv env = new VecEnv(new VecEnvConfig(rules, slots, features, 1, IllegalActionPolicy.THROW, 0))) {
            int n = opening.moves();
            // One opening generator per player: each draws its own colour's stones, reproducibly from the seed.
            Agent first = n == 0 ? a : new RandomOpening(a, n, slots, opening.seed());
            Agent second = n == 0 ? b : new RandomOpening(b, n, slots, ~opening.seed());
            new GameLoop(env, first, second, referee).play(games, game -> {
                double score = game.firstScore();
                wdl[score == 1 ? 0 : score == 0 ? 2 : 1]++;
                results.add(new EloLadder.GameResult(nameA, nameB, score));
                if (game.ending() == GameLoop.Ending.MOVE_CAP) {
                    cut[0]++;
                }
                GameHistory history = game.game().history();
                int opened = Math.min(n, history.moveCount());
                GameRecord.Builder record = GameRecord.builder(opened == 0 ? history : history.openingAsSetup(opened))
                        .optPlayers(game.firstBlack() ? nameA : nameB, game.firstBlack() ? nameB : nameA)
                        .optResult(game.result().toSgf());
                if (game.result().kind() == GameResult.Kind.VOID || game.result().kind() == GameResult.Kind.UNKNOWN) {
                    // No result (cut at the move cap), yet the match counted its area as it stood: record that.
                    record.optComment("Counted as it stood: " + game.game().score().result());
                }
                onGame.accept(record.build());
            });
        }
        return new MatchResult(nameA, nameB, results.size(), wdl[0], wdl[2], wdl[1], cut[0],
                List.copyOf(results));
    }
}
