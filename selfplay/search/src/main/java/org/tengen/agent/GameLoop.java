package org.tengen.agent;

import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Status;
import org.tengen.env.vec.VecEnv;

/**
 * The one game loop: plays a number of games between two agents (or one agent against itself) on the slots of a
 * {@link VecEnv}, one env step per turn. Self-play, the arena and {@code match} all run on it.
 *
 * <p>Game {@code k} is played by the first agent as Black when {@code k} is even, so colours alternate. Each turn,
 * every agent is asked once for all the slots where it is to move (so it can batch them), a {@link Listener} may
 * see and change each chosen action (self-play records samples and decides resignations there), and the env steps
 * every slot: idle slots {@link VecEnv#SKIP}, an agent's {@link Agent#FORFEIT} as a resignation. A game that ends is
 * judged (resignations and forfeits by themselves, others by the {@link Referee}), reported with its final position
 * and history, and its slot starts the next game while games remain. Nothing is allocated per turn.
 *
 * <p>The env's games must keep enough past positions for the agents' feature sets (see {@code VecEnvConfig}).
 */
public final class GameLoop {
    /** How a game ended. */
    public enum Ending {
        /** Ended by passes, as the rules end a game. */
        PASSES,
        /** A player resigned. */
        RESIGNATION,
        /** A player forfeited ({@link Agent#FORFEIT}). */
        FORFEIT,
        /** An agent stopped the game ({@link Agent#STOP}). */
        STOPPED,
        /** It reached the rules' turn cap. */
        MOVE_CAP
    }

    /**
     * A finished game.
     *
     * @param index      its number in the schedule, from 0
     * @param slot       the env slot it was played in
     * @param game       its final position and history: the env's copy, valid during the callback only
     * @param firstBlack whether the first agent played Black
     * @param ending     how it ended
     * @param result     its result (a game cut short without a referee's count is {@code Void})
     * @param winner     the winner by the result, or by the area count as it stands when the result is
     *                   {@code Void}; {@link Stone#EMPTY} for a draw
     */
    public record Finished(int index, int slot, Game game, boolean firstBlack, Ending ending, GameResult result,
                           int winner) {
        /** {@return the first agent's score}: 1 for a win, 0.5 for a draw, 0 for a loss. */
        public double firstScore() {
            int firstColour = firstBlack ? Stone.BLACK : Stone.WHITE;
            return winner == Stone.EMPTY ? 0.5 : winner == firstColour ? 1 : 0;
        }
    }

    /** Sees the games as they are played, on the loop's thread. */
    public interface Listener {
        /**
         * Game {@code index} starts.
         *
         * @param index      its number in the schedule, from 0
         * @param slot       its env slot
         * @param game       the slot's game, at its first turn
         * @param firstBlack whether the first agent plays Black
         */
        default void started(int index, int slot, Game game, boolean firstBlack) {
        }

        /**
         * {@code mover} chose {@code action}, about to be played.
         *
         * @param slot   the game's env slot
         * @param game   the game, before the move
         * @param mover  the agent that chose it
         * @param action the chosen action
         * @return the action to play: {@code action}, or another instead (e.g. {@link Agent#RESIGN})
         */
        default int moving(int slot, Game game, Agent mover, int action) {
            return action;
        }

        /**
         * A game ended.
         *
         * @param game how it ended; its position is valid during the call only
         */
        void finished(Finished game);
    }

    private final VecEnv env;
    private final Agent first;
    private final Agent second;
    private final Referee referee;
    private final int slots;
    private final Game[] forFirst;
    private final Game[] forSecond;
    private final int[] firstActions;
    private final int[] secondActions;
    private final int[] actions;
    private final int[] gameIndex;
    private final boolean[] firstBlack;
    private final boolean[] active;
    private final boolean[] forfeited;

    /**
     * A loop over every slot of {@code env}.
     *
     * @param env     the games' env, one slot per game played at once
     * @param first   Black in even-numbered games
     * @param second  White in even-numbered games; may be {@code first} (self-play)
     * @param referee judges the games that end on the board
     */
    public GameLoop(VecEnv env, Agent first, Agent second, Referee referee) {
        this.env = env;
        this.first = first;
        this.second = second;
        this.referee = referee;
        this.slots = env.numEnvs();
        forFirst = new Game[slots];
        forSecond = new Game[slots];
        firstActions = new int[slots];
        secondActions = new int[slots];
        actions = new int[slots];
        gameIndex = new int[slots];
        firstBlack = new boolean[slots];
        active = new boolean[slots];
        forfeited = new boolean[slots];
    }

    /**
     * Plays exactly {@code games} games from fresh boards.
     *
     * @param games    games to play, at least 1
     * @param listener told about each game as it starts, moves and ends
     */
    public void play(int games, Listener listener) {
        if (games < 1) {
            throw new IllegalArgumentException("games must be at least 1, got " + games);
        }
        env.reset();
        int started = 0;
        int finished = 0;
        for (int s = 0; s < slots; s++) {
            active[s] = started < games;
            if (active[s]) {
                start(s, started++, listener);
            }
        }
        boolean selfPlay = first == second;
        while (finished < games) {
            boolean anyFirst = false;
            boolean anySecond = false;
            for (int s = 0; s < slots; s++) {
                forFirst[s] = null;
                forSecond[s] = null;
                if (!active[s]) {
                    continue;
                }
                Game game = env.game(s);
                if (selfPlay || (game.toMove() == Stone.BLACK) == firstBlack[s]) {
                    forFirst[s] = game;
                    anyFirst = true;
                } else {
                    forSecond[s] = game;
                    anySecond = true;
                }
            }
            if (anyFirst) {
                first.act(forFirst, firstActions, Budget.UNLIMITED);
            }
            if (anySecond) {
                second.act(forSecond, secondActions, Budget.UNLIMITED);
            }
            for (int s = 0; s < slots; s++) {
                if (!active[s]) {
                    actions[s] = VecEnv.SKIP;
                    continue;
                }
                boolean byFirst = forFirst[s] != null;
                int action = listener.moving(s, env.game(s), byFirst ? first : second,
                        byFirst ? firstActions[s] : secondActions[s]);
                forfeited[s] = action == Agent.FORFEIT;
                actions[s] = forfeited[s] ? VecEnv.RESIGN : action;
            }
            env.step(actions);
            boolean[] terminated = env.terminated();
            boolean[] truncated = env.truncated();
            for (int s = 0; s < slots; s++) {
                if (!active[s] || !(terminated[s] || truncated[s])) {
                    continue;
                }
                listener.finished(judge(s));
                finished++;
                active[s] = started < games;
                if (active[s]) {
                    start(s, started++, listener);
                }
            }
        }
    }

    private void start(int s, int index, Listener listener) {
        gameIndex[s] = index;
        firstBlack[s] = index % 2 == 0;
        listener.started(index, s, env.game(s), firstBlack[s]);
    }

    private Finished judge(int s) {
        Game game = env.finalGame(s);
        Ending ending;
        GameResult result;
        if (game.status() == Status.RESIGNED) {
            ending = forfeited[s] ? Ending.FORFEIT : Ending.RESIGNATION;
            result = new GameResult(forfeited[s] ? GameResult.Kind.FORFEIT : GameResult.Kind.RESIGN, game.winner(),
                    0);
        } else {
            ending = game.status() == Status.ENDED_BY_PASSES ? Ending.PASSES
                    : actions[s] == VecEnv.STOP ? Ending.STOPPED : Ending.MOVE_CAP;
            result = referee.judge(s, game);
        }
        int winner = switch (result.kind()) {
            case VOID, UNKNOWN -> {
                double margin = game.scoreMargin();
                yield margin > 0 ? Stone.BLACK : margin < 0 ? Stone.WHITE : Stone.EMPTY;
            }
            default -> result.winner();
        };
        return new Finished(gameIndex[s], s, game, firstBlack[s], ending, result, winner);
    }
}
