package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.integer;

import java.util.StringJoiner;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.Rules;

/**
 * {@code fixed_handicap}, {@code place_free_handicap} and {@code set_free_handicap}: black stones on an empty board,
 * White to move next ({@link CurrentGame#placeHandicap}); where they go is {@link Handicaps}'s.
 */
final class HandicapCommands {
    private final CurrentGame current;

    HandicapCommands(CurrentGame current) {
        this.current = current;
    }

    String fixedHandicap(String[] args) {
        int stones = integer(args[0]);
        requireEmptyBoard();
        Rules rules = current.rules();
        int max = HandicapLayout.maxStones(rules.width(), rules.height());
        if (stones < 2 || stones > max) {
            throw new GtpFailure("invalid number of stones: " + (max < 2 ? "no fixed handicap on " + current.size()
                    : "fixed handicap takes 2.." + max + " stones on " + current.size()));
        }
        return place(Handicaps.fixed(rules.width(), rules.height(), stones));
    }

    String placeFreeHandicap(String[] args) {
        int stones = integer(args[0]);
        requireEmptyBoard();
        Rules rules = current.rules();
        if (stones < 2 || stones >= rules.area()) {
            throw new GtpFailure("invalid number of stones: a free handicap takes 2.." + (rules.area() - 1)
                    + " stones on " + current.size());
        }
        return place(Handicaps.free(rules.width(), rules.height(), stones));
    }

    String setFreeHandicap(String[] args) {
        requireEmptyBoard();
        Rules rules = current.rules();
        if (args.length < 2 || args.length >= rules.area()) {
            throw new GtpFailure("invalid number of stones: a free handicap takes 2.." + (rules.area() - 1)
                    + " stones on " + current.size() + ", got " + args.length);
        }
        int[] stones = new int[args.length];
        boolean[] seen = new boolean[rules.area()];
        for (int i = 0; i < args.length; i++) {
            int a = current.vertex(args[i]);
            if (a == rules.passAction()) {
                throw new GtpFailure("bad vertex list: pass is not a handicap stone");
            }
            if (seen[a]) {
                throw new GtpFailure("bad vertex list: " + current.format(a) + " is given twice");
            }
            seen[a] = true;
            stones[i] = a;
        }
        current.placeHandicap(stones);
        return "";
    }

    private void requireEmptyBoard() {
        if (current.game().board().stoneCount() > 0 || current.game().moveCount() > 0) {
            throw new GtpFailure("board not empty");
        }
    }

    /** Places the stones and lists them, as the engine-chosen handicaps answer. */
    private String place(int[] stones) {
        current.placeHandicap(stones);
        StringJoiner out = new StringJoiner(" ");
        for (int a : stones) {
            out.add(current.format(a));
        }
        return out.toString();
    }
}
