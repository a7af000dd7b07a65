package org.tengen.gtp;

import org.tengen.env.board.Stone;

/**
 * Each player's game clock, as GTP's {@code time_settings}, {@code kgs-time_settings} and {@code time_left} describe
 * it, and the thinking time it allows the next move.
 *
 * <p>Per-move budget, in seconds, where the margin is kept for the controller's and the network's lag wherever
 * overrunning would lose on time:
 * <ul>
 *   <li>in main time: the main time left divided by the own moves expected to remain, plus what one overtime move
 *       may take less the margin (a Canadian period over its stones, or a whole byo-yomi period), since overtime
 *       still follows; never more than the main time left less the margin, plus that;</li>
 *   <li>in Canadian overtime: the period's time left over its stones left, less the margin;</li>
 *   <li>in byo-yomi overtime: the period's time left (one move per period keeps it), less the margin;</li>
 * </ul>
 * never below zero (a search still runs one simulation), and at most {@link #setSecondsPerMove seconds per move}
 * when that is set. Own moves expected to remain: {@code max(0.4 * area - turns / 2, 0.1 * area) + 1}, i.e. about
 * 80% of the points get played, half of them by each side, and never plan for fewer than a tenth of the area.
 *
 * <p>Between {@code time_left} reports the engine keeps each clock itself from the time its moves took
 * ({@link #spent}); the opponent's clock only changes through {@code time_left}. Times are seconds.
 */
public final class TimeControl {
    /** The seconds kept in reserve per move by default, for lag. */
    public static final double DEFAULT_MARGIN = 0.5;
    /** Default of {@link #setMaxMoveSeconds}. */
    public static final double DEFAULT_MAX_MOVE_SECONDS = 60;

    /** Time systems: GTP's {@code time_settings} gives the first three, {@code kgs-time_settings} all four. */
    public enum Kind {
        /** No time limit. */
        NONE,
        /** Main time only. */
        ABSOLUTE,
        /** Main time, then periods in which a number of stones must be played. */
        CANADIAN,
        /** Main time, then periods of which each move may use one; a move within a period keeps it. */
        BYOYOMI
    }

    private Kind kind = Kind.NONE;
    private double mainTime;
    private double periodTime;
    /** Canadian: stones per period; byo-yomi: number of periods. */
    private int periodCount;
    /** Per colour: time left in main time, or in the current overtime period. */
    private final double[] left = new double[3];
    /** Per colour: 0 in main time; in overtime, stones left in the period (Canadian) or periods left (byo-yomi). */
    private final int[] overtime = new int[3];
    private double secondsPerMove = Double.POSITIVE_INFINITY;
    private double margin = DEFAULT_MARGIN;
    private double maxMoveSeconds = DEFAULT_MAX_MOVE_SECONDS;

    public Kind kind() {
        return kind;
    }

    /** No time limit: moves get the generator's own budget (or the seconds per move, if set). */
    public void setNone() {
        set(Kind.NONE, 0, 0, 0);
    }

    /** Only {@code main} seconds per player. */
    public void setAbsolute(double main) {
        set(Kind.ABSOLUTE, main, 0, 0);
    }

    /** {@code main} seconds, then periods of {@code periodTime} seconds for {@code stones} stones each. */
    public void setCanadian(double main, double periodTime, int stones) {
        positive("byo-yomi time", periodTime);
        atLeastOne("byo-yomi stones", stones);
        set(Kind.CANADIAN, main, periodTime, stones);
    }

    /** {@code main} seconds, then {@code periods} byo-yomi periods of {@code periodTime} seconds. */
    public void setByoyomi(double main, double periodTime, int periods) {
        positive("period time", periodTime);
        atLeastOne("periods", periods);
        set(Kind.BYOYOMI, main, periodTime, periods);
    }

    /**
     * GTP {@code time_settings}: byo-yomi time above 0 with 0 stones means no limit; byo-yomi time 0 means absolute
     * time; otherwise Canadian overtime.
     */
    public void setGtp(double main, double byoTime, int byoStones) {
        nonNegative("main time", main);
        nonNegative("byo-yomi time", byoTime);
        if (byoStones < 0) {
            throw new IllegalArgumentException("byo-yomi stones must not be negative, got " + byoStones);
        }
        if (byoTime > 0 && byoStones == 0) {
            setNone();
        } else if (byoTime == 0) {
            setAbsolute(main);
        } else {
            setCanadian(main, byoTime, byoStones);
        }
    }

    private void set(Kind newKind, double main, double newPeriodTime, int count) {
        nonNegative("main time", main);
        kind = newKind;
        mainTime = main;
        periodTime = newPeriodTime;
        periodCount = count;
        for (int c = Stone.BLACK; c <= Stone.WHITE; c++) {
            boolean inOvertime = main == 0 && (kind == Kind.CANADIAN || kind == Kind.BYOYOMI);
            left[c] = inOvertime ? periodTime : main;
            overtime[c] = inOvertime ? periodCount : 0;
        }
    }

    /**
     * GTP {@code time_left}: {@code seconds} left for {@code player}, in main time when {@code stones} is 0, else in
     * overtime with that many stones left in the period (Canadian) or, as KGS reports byo-yomi, periods left.
     */
    public void timeLeft(int player, double seconds, int stones) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("time left must be a finite number of seconds, got " + seconds);
        }
        if (stones < 0) {
            throw new IllegalArgumentException("stones must not be negative, got " + stones);
        }
        left[player] = Math.max(0, seconds);
        overtime[player] = kind == Kind.ABSOLUTE ? 0 : stones;
    }

    /** Caps every move at {@code seconds}, also without a game clock; infinity removes the cap. */
    public void setSecondsPerMove(double seconds) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("seconds per move must be positive, got " + seconds);
        }
        secondsPerMove = seconds;
    }

    /**
     * The longest any move may think, whatever the clock or the simulation budget says (an absurd clock, or a
     * fixed budget on a huge board, must still get an answer); default {@value #DEFAULT_MAX_MOVE_SECONDS}.
     */
    public void setMaxMoveSeconds(double seconds) {
        if (!(seconds > 0 && seconds <= 86_400)) {
            throw new IllegalArgumentException("the longest move must be in (0, 86400] seconds, got " + seconds);
        }
        maxMoveSeconds = seconds;
    }

    public double maxMoveSeconds() {
        return maxMoveSeconds;
    }

    /** Seconds kept in reserve per move for lag; default {@value #DEFAULT_MARGIN}. */
    public void setMargin(double seconds) {
        nonNegative("time margin", seconds);
        margin = seconds;
    }

    /**
     * Seconds {@code player} may think about its next move at turn {@code turns} on a board of {@code area} points;
     * {@link Double#POSITIVE_INFINITY} when neither a clock nor seconds per move limit it.
     */
    public double budget(int player, int turns, int area) {
        double t = left[player];
        int over = overtime[player];
        double clock;
        if (kind == Kind.NONE) {
            clock = Double.POSITIVE_INFINITY;
        } else if (over == 0) {
            double movesLeft = Math.max(0.4 * area - turns / 2.0, 0.1 * area) + 1;
            double overtimeMove = switch (kind) {
                case CANADIAN -> periodTime / periodCount;
                case BYOYOMI -> periodTime;
                default -> 0;
            };
            double allowance = Math.max(0, overtimeMove - margin);
            clock = Math.min(t / movesLeft, Math.max(0, t - margin)) + allowance;
        } else {
            clock = Math.max(0, (kind == Kind.CANADIAN ? t / over : t) - margin);
        }
        return Math.min(clock, secondsPerMove);
    }

    /** Charges {@code seconds} of thinking to {@code player}'s clock, entering and renewing overtime as a clock does. */
    public void spent(int player, double seconds) {
        if (kind == Kind.NONE) {
            return;
        }
        double used = seconds;
        if (overtime[player] == 0) {
            if (used <= left[player] || kind == Kind.ABSOLUTE) {
                left[player] = Math.max(0, left[player] - used);
                return;
            }
            used -= left[player];
            left[player] = periodTime;
            overtime[player] = periodCount;
        }
        if (kind == Kind.CANADIAN) {
            left[player] = Math.max(0, left[player] - used);
            if (--overtime[player] == 0) {
                left[player] = periodTime;
                overtime[player] = periodCount;
            }
        } else {
            // Each whole period overrun is lost (the last one is kept: the engine plays on rather than forfeit).
            int lost = (int) Math.min(overtime[player] - 1, Math.floor(used / periodTime));
            overtime[player] -= lost;
            left[player] = periodTime;
        }
    }

    /** E.g. {@code canadian 300 s + 60 s / 25 stones}, for logs. */
    public String describe() {
        return switch (kind) {
            case NONE -> "no time limit";
            case ABSOLUTE -> "absolute " + mainTime + " s";
            case CANADIAN -> "canadian " + mainTime + " s + " + periodTime + " s / " + periodCount + " stones";
            case BYOYOMI -> "byo-yomi " + mainTime + " s + " + periodCount + " x " + periodTime + " s";
        } + (Double.isInfinite(secondsPerMove) ? "" : ", at most " + secondsPerMove + " s per move");
    }

    private static void nonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }

    private static void positive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a positive finite number, got " + value);
        }
    }

    private static void atLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
    }
}
