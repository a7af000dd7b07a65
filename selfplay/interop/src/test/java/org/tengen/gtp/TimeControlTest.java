package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tengen.env.board.Stone;

/** Per-move budgets and the clock the engine keeps itself; pure arithmetic, nothing is timed. */
class TimeControlTest {
    private static final int B = Stone.BLACK;
    private static final int W = Stone.WHITE;
    /** 9x9: at turn 0 a player expects max(0.4 * 81, 8.1) + 1 = 33.4 more moves. */
    private static final int AREA = 81;
    private static final double MOVES_AT_START = 33.4;

    private static TimeControl clock() {
        TimeControl clock = new TimeControl();
        clock.setMargin(0);
        return clock;
    }

    @Test
    void noClockMeansNoLimitUnlessSecondsPerMoveCap() {
        TimeControl clock = clock();
        assertEquals(Double.POSITIVE_INFINITY, clock.budget(B, 0, AREA));
        clock.setSecondsPerMove(2.5);
        assertEquals(2.5, clock.budget(B, 0, AREA));
        // GTP: byo-yomi time with zero stones means no time limit.
        clock.setGtp(600, 30, 0);
        assertEquals(TimeControl.Kind.NONE, clock.kind());
        assertEquals(2.5, clock.budget(W, 10, AREA));
    }

    @Test
    void absoluteTimeIsSharedOverTheExpectedMoves() {
        TimeControl clock = clock();
        clock.setGtp(334, 0, 0);
        assertEquals(TimeControl.Kind.ABSOLUTE, clock.kind());
        assertEquals(10, clock.budget(B, 0, AREA), 1e-9);
        // Late in the game the plan never drops below a tenth of the area: 8.1 + 1 moves.
        clock.timeLeft(B, 91, 0);
        assertEquals(10, clock.budget(B, 200, AREA), 1e-9);
        clock.spent(B, 100);
        assertEquals(0, clock.budget(B, 200, AREA));
        clock.setSecondsPerMove(1);
        clock.setGtp(334, 0, 0);
        assertEquals(1, clock.budget(B, 0, AREA));
    }

    @Test
    void theMarginIsKeptWhereOverrunningLosesOnTime() {
        TimeControl clock = new TimeControl();
        // Main time is planned over the remaining moves; only its last seconds are kept back.
        clock.setAbsolute(334);
        assertEquals(10, clock.budget(B, 0, AREA), 1e-9);
        clock.timeLeft(B, 0.55, 0);
        assertEquals(0.05, clock.budget(B, 200, AREA), 1e-9);
        clock.timeLeft(B, 0.3, 0);
        assertEquals(0, clock.budget(B, 200, AREA));
        // Overtime moves keep the margin.
        clock.setCanadian(0, 60, 20);
        assertEquals(3 - TimeControl.DEFAULT_MARGIN, clock.budget(B, 0, AREA), 1e-9);
        clock.setByoyomi(0, 30, 3);
        assertEquals(30 - TimeControl.DEFAULT_MARGIN, clock.budget(B, 0, AREA), 1e-9);
        clock.setByoyomi(334, 30, 3);
        assertEquals(10 + 30 - TimeControl.DEFAULT_MARGIN, clock.budget(B, 0, AREA), 1e-9);
        clock.setMargin(40);
        assertEquals(10, clock.budget(B, 0, AREA), 1e-9);
    }

    @Test
    void canadianOvertimeAddsAPeriodShareAndThenSplitsThePeriod() {
        TimeControl clock = clock();
        clock.setGtp(334, 60, 20);
        assertEquals(TimeControl.Kind.CANADIAN, clock.kind());
        assertEquals(10 + 3, clock.budget(B, 0, AREA), 1e-9);
        clock.timeLeft(W, 40, 5);
        assertEquals(8, clock.budget(W, 50, AREA), 1e-9);
        // The engine's own clock: 10 s of 334 left in main time, then 4 into overtime.
        clock.spent(B, 324);
        clock.spent(B, 14);
        assertEquals(56.0 / 19, clock.budget(B, 60, AREA), 1e-9);
        // The last stone of a period renews it.
        clock.timeLeft(B, 5, 1);
        clock.spent(B, 4);
        assertEquals(60.0 / 20, clock.budget(B, 62, AREA), 1e-9);
    }

    @Test
    void byoyomiKeepsThePeriodForMovesWithinIt() {
        TimeControl clock = clock();
        clock.setByoyomi(0, 30, 3);
        assertEquals(30, clock.budget(B, 0, AREA));
        clock.spent(B, 29);
        assertEquals(30, clock.budget(B, 2, AREA));
        // KGS reports byo-yomi as the time left in the period and the periods left.
        clock.timeLeft(W, 12, 2);
        assertEquals(12, clock.budget(W, 3, AREA));
        clock.setByoyomi(334, 30, 3);
        assertEquals(10 + 30, clock.budget(B, 0, AREA), 1e-9);
    }

    @Test
    void badSettingsAreRejectedWithTheirName() {
        TimeControl clock = clock();
        assertEquals("main time must be a finite number >= 0, got -1.0",
                assertThrows(IllegalArgumentException.class, () -> clock.setGtp(-1, 0, 0)).getMessage());
        assertEquals("byo-yomi stones must not be negative, got -2",
                assertThrows(IllegalArgumentException.class, () -> clock.setGtp(1, 5, -2)).getMessage());
        assertEquals("periods must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> clock.setByoyomi(1, 5, 0)).getMessage());
        assertEquals("seconds per move must be positive, got 0.0",
                assertThrows(IllegalArgumentException.class, () -> clock.setSecondsPerMove(0)).getMessage());
        assertEquals(TimeControl.Kind.NONE, clock.kind());
    }
}
