package org.tengen.arena;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GameResult;

/**
 * Plays matches: {@code games} games between two players with alternating colours ({@code a} takes Black in
 * even-numbered games), up to {@code parallel} at a time so each player batches its moves across games.
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
     * @param results one entry per game for the Elo ladder, in the order the games finished
     */
    public record MatchResult(String a, String b, int games, int winsA, int winsB, int draws,
                              List<EloLadder.GameResult> results) {
        /** {@code a}'s score: wins plus half the draws, over games. */
        public double scoreA() {
            return games == 0 ? 0 : (winsA + 0.5 * draws) / games;
        }

        /** Half-width of the 95% Wilson interval of {@link #scoreA()}. */
        public double ci95() {
            if (games == 0) {
                return 0;
            }
            double z = 1.96;
            double p = scoreA();
            double n = games;
            return z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        }
    }

    /**
     * Plays the match. {@code onGame} receives each finished game's record (for SGF files); may be null.
     */
    public static MatchResult play(MatchPlayer a, MatchPlayer b, Rules rules, int games, int parallel,
                                   Consumer<GameRecord> onGame) {
        if (games < 1 || parallel < 1) {
            throw new IllegalArgumentException("games and parallel must be at least 1, got " + games + ", "
                    + parallel);
        }
        // A player may meet a copy of itself (e.g. greedy self-play): the second copy is primed in the results.
        String nameA = a.name();
        String nameB = b.name().equals(nameA) ? nameA + "'" : b.name();
        int slots = Math.min(games, parallel);
        Game[] boards = new Game[slots];
        GameRecord.Builder[] records = new GameRecord.Builder[slots];
        boolean[] aIsBlack = new boolean[slots];
        Game[] forA = new Game[slots];
        Game[] forB = new Game[slots];
        int[] actionsA = new int[slots];
        int[] actionsB = new int[slots];
        List<EloLadder.GameResult> results = new ArrayList<>(games);
        int started = 0;
        int finished = 0;
        int winsA = 0;
        int winsB = 0;
        int draws = 0;
        for (int s = 0; s < slots; s++) {
            boards[s] = new Game(rules);
            aIsBlack[s] = started % 2 == 0;
            records[s] = GameRecord.builder(boards[s]).optPlayers(aIsBlack[s] ? nameA : nameB,
                    aIsBlack[s] ? nameB : nameA);
            started++;
        }
        boolean[] active = new boolean[slots];
        java.util.Arrays.fill(active, true);
        while (finished < games) {
            boolean anyA = false;
            boolean anyB = false;
            for (int s = 0; s < slots; s++) {
                forA[s] = null;
                forB[s] = null;
                if (!active[s]) {
                    continue;
                }
                boolean aToMove = (boards[s].toMove() == Stone.BLACK) == aIsBlack[s];
                if (aToMove) {
                    forA[s] = boards[s];
                    anyA = true;
                } else {
                    forB[s] = boards[s];
                    anyB = true;
                }
            }
            if (anyA) {
                a.selectActions(forA, actionsA);
            }
            if (anyB) {
                b.selectActions(forB, actionsB);
            }
            for (int s = 0; s < slots; s++) {
                if (!active[s]) {
                    continue;
                }
                Game game = boards[s];
                int action = forA[s] != null ? actionsA[s] : actionsB[s];
                records[s].addMove(game.toMove(), action);
                game.play(action);
                if (!game.isOver()) {
                    continue;
                }
                int winner = game.winner();
                int aColour = aIsBlack[s] ? Stone.BLACK : Stone.WHITE;
                double scoreA = winner == Stone.EMPTY ? 0.5 : winner == aColour ? 1 : 0;
                if (scoreA == 1) {
                    winsA++;
                } else if (scoreA == 0) {
                    winsB++;
                } else {
                    draws++;
                }
                results.add(new EloLadder.GameResult(nameA, nameB, scoreA));
                if (onGame != null) {
                    onGame.accept(records[s].optResult(GameResult.of(game)).build());
                }
                finished++;
                if (started < games) {
                    game.reset();
                    aIsBlack[s] = started % 2 == 0;
                    records[s] = GameRecord.builder(game).optPlayers(aIsBlack[s] ? nameA : nameB,
                            aIsBlack[s] ? nameB : nameA);
                    started++;
                } else {
                    active[s] = false;
                }
            }
        }
        return new MatchResult(nameA, nameB, finished, winsA, winsB, draws, List.copyOf(results));
    }
}
