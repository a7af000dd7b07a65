package org.tengen.arena;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Status;
import org.tengen.env.rules.Rules;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GameResult;

/**
 * Plays matches: {@code games} games between two players with alternating colours ({@code a} takes Black in
 * even-numbered games), up to {@code parallel} at a time so each player batches its moves across games. A player may
 * resign, forfeit or stop a game ({@link MatchPlayer#RESIGN}, {@link MatchPlayer#FORFEIT}, {@link MatchPlayer#STOP});
 * other games are counted by the rules' area count unless a {@link Referee} decides them.
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

    /** Decides the result of a game that ended by passes, at the turn cap or by {@link MatchPlayer#STOP}. */
    @FunctionalInterface
    public interface Referee {
        /** The result of {@code game}, the game of match slot {@code slot} (as passed to the players). */
        GameResult judge(int slot, Game game);
    }

    /**
     * Plays the match. {@code onGame} receives each finished game's record (for SGF files); may be null.
     */
    public static MatchResult play(MatchPlayer a, MatchPlayer b, Rules rules, int games, int parallel,
                                   Consumer<GameRecord> onGame) {
        return play(a, b, rules, games, parallel, null, onGame);
    }

    /** Plays the match with games that end on the board decided by {@code referee} (null: the area count). */
    public static MatchResult play(MatchPlayer a, MatchPlayer b, Rules rules, int games, int parallel,
                                   Referee referee, Consumer<GameRecord> onGame) {
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
        int[] ending = new int[slots];
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
                if (action == MatchPlayer.RESIGN || action == MatchPlayer.FORFEIT || action == MatchPlayer.STOP) {
                    ending[s] = action;
                    if (action != MatchPlayer.STOP) {
                        game.resign(game.toMove());
                    }
                } else {
                    records[s].addMove(game.toMove(), action);
                    game.play(action);
                }
                boolean stopped = ending[s] == MatchPlayer.STOP;
                if (!game.isOver() && !stopped) {
                    continue;
                }
                GameResult verdict = ending[s] == MatchPlayer.FORFEIT
                        ? new GameResult(GameResult.Kind.FORFEIT, game.winner(), 0)
                        : referee != null && game.status() != Status.RESIGNED ? referee.judge(s, game) : null;
                int winner = verdict != null ? verdict.winner() : stopped ? countedWinner(game) : game.winner();
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
                    String result = verdict != null ? verdict.toSgf() : stopped ? "Void" : GameResult.of(game);
                    onGame.accept(records[s].optResult(result).build());
                }
                finished++;
                if (started < games) {
                    game.reset();
                    ending[s] = 0;
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

    /** The winner of a game still playing by the area count as it stands, as for a game stopped at the cap. */
    private static int countedWinner(Game game) {
        double margin = game.scoreMargin();
        return margin > 0 ? Stone.BLACK : margin < 0 ? Stone.WHITE : Stone.EMPTY;
    }
}
