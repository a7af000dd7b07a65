package org.tengen.env.rules;

/** How handicap stones reach the board. */
public enum HandicapPlacement {
    /** Black plays n consecutive moves before White's first move (Tromp-Taylor comment 5). */
    FREE,
    /** n stones on the standard star points (the GTP {@code fixed_handicap} layout), then White moves. */
    FIXED,
    /** Black plays n moves while White passes n-1 times in between (NZ rules, VI). */
    WHITE_PASSES
}
