package org.tengen.env.testutil;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.KoRule;

/**
 * Go written straight from the text of the logical rules ({@code shared/seeds/logical-rules-of-go.txt}) to serve as
 * an oracle: a grid colouring, "reach" by flood fill (rule 3), clearing (rule 4), a move (rule 7) and repetition
 * checks that walk back through every earlier state (rule 6 and comment 6). Nothing is incremental; each state is
 * immutable and points to the one before it. Slow by design: only for tiny boards and short games.
 *
 * <p>Points are indexed like actions, {@code y * width + x}; pass is {@code width * height}. Simple ko, which the
 * logical rules do not have, is taken as: a move may not recreate the colouring that preceded the opponent's last
 * turn when that turn captured. Handicap and AGA/NZ specials are out of scope: these are even games.
 */
public final class NaiveGo {
    /** Why an action is or is not allowed, coarser than {@link org.tengen.env.game.Legality}. */
    public enum Verdict { LEGAL, GAME_OVER, OCCUPIED, SUICIDE, REPETITION }

    private final int width;
    private final int height;
    private final KoRule koRule;
    private final boolean suicideAllowed;
    private final byte[] grid;
    private final int toMove;
    private final int consecutivePasses;
    /** Whether the turn that led here was a move that cleared opponent stones. */
    private final boolean lastTurnCaptured;
    private final NaiveGo previous;

    private NaiveGo(int width, int height, KoRule koRule, boolean suicideAllowed, byte[] grid, int toMove,
                    int consecutivePasses, boolean lastTurnCaptured, NaiveGo previous) {
        this.width = width;
        this.height = height;
        this.koRule = koRule;
        this.suicideAllowed = suicideAllowed;
        this.grid = grid;
        this.toMove = toMove;
        this.consecutivePasses = consecutivePasses;
        this.lastTurnCaptured = lastTurnCaptured;
        this.previous = previous;
    }

    /** Rule 5: an empty grid, Black to move. */
    public static NaiveGo start(int width, int height, KoRule koRule, boolean suicideAllowed) {
        return new NaiveGo(width, height, koRule, suicideAllowed, new byte[width * height], Stone.BLACK, 0, false,
                null);
    }

    public int toMove() {
        return toMove;
    }

    /** Rule 8: the game ends after two consecutive passes. */
    public boolean isOver() {
        return consecutivePasses >= 2;
    }

    public int colour(int point) {
        return grid[point];
    }

    public byte[] grid() {
        return grid.clone();
    }

    public int passAction() {
        return width * height;
    }

    public Verdict verdict(int action) {
        if (isOver()) {
            return Verdict.GAME_OVER;
        }
        if (action == passAction()) {
            return Verdict.LEGAL;
        }
        if (grid[action] != Stone.EMPTY) {
            return Verdict.OCCUPIED;
        }
        byte[] coloured = grid.clone();
        coloured[action] = (byte) toMove;
        byte[] afterCapture = clear(coloured, Stone.opponent(toMove), width, height);
        byte[] after = clear(afterCapture, toMove, width, height);
        if (!suicideAllowed && !Arrays.equals(after, afterCapture)) {
            return Verdict.SUICIDE;
        }
        return repeats(after) ? Verdict.REPETITION : Verdict.LEGAL;
    }

    private boolean repeats(byte[] after) {
        switch (koRule) {
            case POSITIONAL_SUPERKO -> {
                for (NaiveGo s = this; s != null; s = s.previous) {
                    if (Arrays.equals(s.grid, after)) {
                        return true;
                    }
                }
                return false;
            }
            case SITUATIONAL_SUPERKO -> {
                int next = Stone.opponent(toMove);
                for (NaiveGo s = this; s != null; s = s.previous) {
                    if (s.toMove == next && Arrays.equals(s.grid, after)) {
                        return true;
                    }
                }
                return false;
            }
            case SIMPLE -> {
                // The opponent's last turn led from previous to here.
                return lastTurnCaptured && Arrays.equals(previous.grid, after);
            }
            default -> throw new AssertionError(koRule);
        }
    }

    /** The state after {@code action}; throws if the action is not legal. */
    public NaiveGo play(int action) {
        Verdict v = verdict(action);
        if (v != Verdict.LEGAL) {
            throw new IllegalStateException("naive rules: action " + action + " is " + v);
        }
        int next = Stone.opponent(toMove);
        if (action == passAction()) {
            return new NaiveGo(width, height, koRule, suicideAllowed, grid, next, consecutivePasses + 1, false, this);
        }
        byte[] coloured = grid.clone();
        coloured[action] = (byte) toMove;
        byte[] afterCapture = clear(coloured, next, width, height);
        byte[] after = clear(afterCapture, toMove, width, height);
        return new NaiveGo(width, height, koRule, suicideAllowed, after, next, 0,
                !Arrays.equals(afterCapture, coloured), this);
    }

    /** Rule 7 alone: colour {@code point}, clear the opponent, clear one's own colour. No legality. */
    public static byte[] move(byte[] grid, int width, int height, int point, int player) {
        byte[] coloured = grid.clone();
        coloured[point] = (byte) player;
        return clear(clear(coloured, Stone.opponent(player), width, height), player, width, height);
    }

    /** Rule 4: empties every point of {@code colour} that does not reach empty. */
    public static byte[] clear(byte[] grid, int colour, int width, int height) {
        byte[] out = grid.clone();
        for (int p = 0; p < grid.length; p++) {
            if (grid[p] == colour && !reaches(grid, width, height, p, Stone.EMPTY)) {
                out[p] = Stone.EMPTY;
            }
        }
        return out;
    }

    /** Rule 3: whether {@code p} (not of colour {@code c}) reaches {@code c} through points of its own colour. */
    public static boolean reaches(byte[] grid, int width, int height, int p, int c) {
        int own = grid[p];
        boolean[] seen = new boolean[grid.length];
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        todo.add(p);
        seen[p] = true;
        while (!todo.isEmpty()) {
            int q = todo.poll();
            for (int n : neighbours(q, width, height)) {
                if (grid[n] == c) {
                    return true;
                }
                if (grid[n] == own && !seen[n]) {
                    seen[n] = true;
                    todo.add(n);
                }
            }
        }
        return false;
    }

    /** Whether every stone reaches empty, i.e. the colouring is a legal position. */
    public static boolean isLegalPosition(byte[] grid, int width, int height) {
        for (int p = 0; p < grid.length; p++) {
            if (grid[p] != Stone.EMPTY && !reaches(grid, width, height, p, Stone.EMPTY)) {
                return false;
            }
        }
        return true;
    }

    /** Rule 9: {@code [unused, black score, white score]}, each colour's points plus empty points reaching only it. */
    public static int[] score(byte[] grid, int width, int height) {
        int[] score = new int[3];
        for (int p = 0; p < grid.length; p++) {
            if (grid[p] != Stone.EMPTY) {
                score[grid[p]]++;
            } else {
                boolean black = reaches(grid, width, height, p, Stone.BLACK);
                boolean white = reaches(grid, width, height, p, Stone.WHITE);
                if (black != white) {
                    score[black ? Stone.BLACK : Stone.WHITE]++;
                }
            }
        }
        return score;
    }

    /** The on-board neighbours of point {@code p}. */
    public static int[] neighbours(int p, int width, int height) {
        int x = p % width;
        int y = p / width;
        int[] buf = new int[4];
        int n = 0;
        if (x > 0) {
            buf[n++] = p - 1;
        }
        if (x < width - 1) {
            buf[n++] = p + 1;
        }
        if (y > 0) {
            buf[n++] = p - width;
        }
        if (y < height - 1) {
            buf[n++] = p + width;
        }
        return Arrays.copyOf(buf, n);
    }
}
