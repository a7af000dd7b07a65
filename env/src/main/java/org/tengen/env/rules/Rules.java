package org.tengen.env.rules;

import java.util.Locale;

/**
 * An immutable rule set plus the board shape, komi and handicap of a game.
 *
 * <p>The default, {@link #trompTaylor(int, int)}, is the logical rules of Go: positional superko, suicide
 * allowed, area scoring, game over after two consecutive passes, komi added to White. Use the {@code with*}
 * methods to derive variants; the compact constructor rejects anything inconsistent with a message naming the
 * field.
 *
 * @param width            columns, 1..{@value #MAX_SIZE}
 * @param height           rows, 1..{@value #MAX_SIZE}
 * @param komi             points added to White's area; a multiple of 0.5 within +-{@value #MAX_KOMI}, may be negative
 * @param koRule           which repetitions are illegal
 * @param suicideAllowed   whether a move that leaves its own chain without liberties is legal
 * @param whitePassesLast  the game ends on two consecutive passes only when White passed last (AGA)
 * @param passGivesPrisoner a pass hands the opponent one prisoner (AGA), so territory and area counts agree
 * @param handicap         number of handicap stones; 0 or 1 means an even game
 * @param placement        how handicap stones are placed
 * @param handicapKomi     what White receives for the handicap under area counting
 * @param maxMoves         a game reaching this many turns is truncated (0 = no limit); passes count as turns
 */
public record Rules(int width, int height, double komi, KoRule koRule, boolean suicideAllowed,
                    boolean whitePassesLast, boolean passGivesPrisoner, int handicap,
                    HandicapPlacement placement, HandicapKomi handicapKomi, int maxMoves) {

    /** Largest supported side; SGF allows at most 52. */
    public static final int MAX_SIZE = 52;
    /** Largest komi either way: far beyond any board's area, so it decides nothing, and what SGF files hold. */
    public static final int MAX_KOMI = 10_000;

    public Rules {
        if (width < 1 || width > MAX_SIZE || height < 1 || height > MAX_SIZE) {
            throw new IllegalArgumentException(
                    "board size " + width + "x" + height + " is out of range 1x1.." + MAX_SIZE + "x" + MAX_SIZE);
        }
        if (Double.isNaN(komi) || Double.isInfinite(komi) || komi * 2 != Math.rint(komi * 2)) {
            throw new IllegalArgumentException("komi " + komi + " is not a multiple of 0.5");
        }
        if (Math.abs(komi) > MAX_KOMI) {
            throw new IllegalArgumentException("komi " + komi + " is out of range -" + MAX_KOMI + ".." + MAX_KOMI);
        }
        if (koRule == null || placement == null || handicapKomi == null) {
            throw new IllegalArgumentException("koRule, placement and handicapKomi must not be null");
        }
        if (handicap < 0) {
            throw new IllegalArgumentException("handicap " + handicap + " is negative");
        }
        if (placement == HandicapPlacement.FIXED && handicap >= 2) {
            int max = HandicapLayout.maxStones(width, height);
            if (handicap > max) {
                throw new IllegalArgumentException("fixed handicap " + handicap + " does not fit a " + width + "x"
                        + height + " board (at most " + max + ")");
            }
        } else if (handicap > width * height) {
            throw new IllegalArgumentException("handicap " + handicap + " exceeds the board area");
        }
        if (maxMoves < 0) {
            throw new IllegalArgumentException("maxMoves " + maxMoves + " is negative (0 means no limit)");
        }
    }

    /** The logical rules of Go (Tromp-Taylor) with komi 7.5. */
    public static Rules trompTaylor(int width, int height) {
        return new Rules(width, height, 7.5, KoRule.POSITIONAL_SUPERKO, true, false, false, 0,
                HandicapPlacement.FREE, HandicapKomi.NONE, 0);
    }

    /** Square board shortcut for {@link #trompTaylor(int, int)}. */
    public static Rules trompTaylor(int size) {
        return trompTaylor(size, size);
    }

    /** A named preset (see {@link Preset}) on a {@code width x height} board. */
    public static Rules preset(String name, int width, int height) {
        return Preset.byName(name).rules(width, height);
    }

    /** Points on the board. */
    public int area() {
        return width * height;
    }

    /** Number of actions: every point, row-major, then pass. */
    public int actionCount() {
        return width * height + 1;
    }

    /** The pass action: {@code area()}. */
    public int passAction() {
        return width * height;
    }

    /** Whether this is a handicap game (two or more stones). */
    public boolean isHandicapGame() {
        return handicap >= 2;
    }

    /** Komi plus the handicap compensation, i.e. everything added to White's area at the end. */
    public double effectiveKomi() {
        return komi + handicapKomi.points(handicap);
    }

    public Rules withSize(int newWidth, int newHeight) {
        return new Rules(newWidth, newHeight, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    public Rules withKomi(double newKomi) {
        return new Rules(width, height, newKomi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    public Rules withKoRule(KoRule newKoRule) {
        return new Rules(width, height, komi, newKoRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    public Rules withSuicideAllowed(boolean allowed) {
        return new Rules(width, height, komi, koRule, allowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    /** Same rules with {@code stones} handicap stones placed the given way (komi unchanged). */
    public Rules withHandicap(int stones, HandicapPlacement newPlacement) {
        return new Rules(width, height, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                stones, newPlacement, handicapKomi, maxMoves);
    }

    public Rules withMaxMoves(int newMaxMoves) {
        return new Rules(width, height, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, newMaxMoves);
    }

    /** A one-line summary, e.g. {@code 9x9 komi=7.5 ko=positional-superko suicide=allowed}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(width).append('x').append(height).append(" komi=").append(komi)
                .append(" ko=").append(koRule.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .append(" suicide=").append(suicideAllowed ? "allowed" : "forbidden");
        if (whitePassesLast) {
            sb.append(" white-passes-last");
        }
        if (passGivesPrisoner) {
            sb.append(" pass-gives-prisoner");
        }
        if (handicap >= 2) {
            sb.append(" handicap=").append(handicap).append('/')
                    .append(placement.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .append(" handicap-komi=").append(handicapKomi.points(handicap));
        }
        if (maxMoves > 0) {
            sb.append(" max-moves=").append(maxMoves);
        }
        return sb.toString();
    }
}
