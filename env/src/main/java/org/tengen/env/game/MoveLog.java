package org.tengen.env.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tengen.env.rules.Rules;

/**
 * What a {@link Game} writes down for its {@link Game#history()}: where it started (the rules' own start, or set-up
 * stones) and every move since, each packed as {@code action << 2 | player} so that recording a move allocates
 * nothing until the array must grow. {@link #history} turns it into the {@link GameHistory} everything else reads.
 */
final class MoveLog {
    private static final int[] NO_STONES = new int[0];

    /** Whether the start came from set-up stones (else it is the rules' own start). */
    private boolean setUp;
    private int[] setUpBlack = NO_STONES;
    private int[] setUpWhite = NO_STONES;
    private int firstPlayer;
    private int[] moves = new int[64];
    private int count;

    /** Starts over at the rules' own start with {@code firstPlayer} to move. */
    void startAtRules(int firstPlayer) {
        setUp = false;
        setUpBlack = NO_STONES;
        setUpWhite = NO_STONES;
        this.firstPlayer = firstPlayer;
        count = 0;
    }

    /** Starts over at these set-up stones (as actions) with {@code firstPlayer} to move. */
    void startAtSetUp(int[] blackActions, int[] whiteActions, int firstPlayer) {
        setUp = true;
        setUpBlack = blackActions.clone();
        setUpWhite = whiteActions.clone();
        this.firstPlayer = firstPlayer;
        count = 0;
    }

    void record(int player, int action) {
        if (count == moves.length) {
            moves = Arrays.copyOf(moves, 2 * moves.length);
        }
        moves[count++] = action << 2 | player;
    }

    /** Moves recorded since the start. */
    int count() {
        return count;
    }

    /** Makes this log equal to {@code other}. */
    void copyFrom(MoveLog other) {
        // Set-up arrays are never changed once made, so they may be shared.
        setUp = other.setUp;
        setUpBlack = other.setUpBlack;
        setUpWhite = other.setUpWhite;
        firstPlayer = other.firstPlayer;
        if (moves.length < other.count) {
            moves = new int[other.moves.length];
        }
        System.arraycopy(other.moves, 0, moves, 0, other.count);
        count = other.count;
    }

    /** The start and the moves as a history under {@code rules}, ending as {@code ending} says. Allocates. */
    GameHistory history(Rules rules, GameHistory.Ending ending) {
        List<GameHistory.Move> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(new GameHistory.Move(moves[i] & 3, moves[i] >>> 2));
        }
        if (!setUp) {
            GameHistory start = GameHistory.start(rules);
            return new GameHistory(rules, start.blackStones(), start.whiteStones(), firstPlayer, list, ending);
        }
        return new GameHistory(rules, stones(setUpBlack), stones(setUpWhite), firstPlayer, list, ending);
    }

    private static List<Integer> stones(int[] actions) {
        return Arrays.stream(actions).boxed().toList();
    }
}
