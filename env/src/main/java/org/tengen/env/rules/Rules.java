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

    /**
     * Rejects anything inconsistent, with a message naming the field.
     *
     * @param width             1..{@value #MAX_SIZE}
     * @param height            1..{@value #MAX_SIZE}
     * @param komi              a multiple of 0.5 within +-{@value #MAX_KOMI}
     * @param koRule            not null
     * @param suicideAllowed    any
     * @param whitePassesLast   any
     * @param passGivesPrisoner any
     * @param handicap          not negative; a fixed handicap at most {@link HandicapLayout#maxStones}, a free one at
     *                          most the board's area
     * @param placement         not null
     * @param handicapKomi      not null
     * @param maxMoves          not negative
     */
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

    /**
     * {@return the logical rules of Go (Tromp-Taylor) with komi 7.5}
     *
     * @param width  the board's columns
     * @param height the board's rows
     */
    public static Rules trompTaylor(int width, int height) {
        return new Rules(width, height, 7.5, KoRule.POSITIONAL_SUPERKO, true, false, false, 0,
                HandicapPlacement.FREE, HandicapKomi.NONE, 0);
    }

    /**
     * {@return {@link #trompTaylor(int, int)} on a square board}
     *
     * @param size the board's side
     */
    public static Rules trompTaylor(int size) {
        return trompTaylor(size, size);
    }

    /**
     * {@return a named preset (see {@link Preset}) on a {@code width x height} board}
     *
     * @param name   the preset's id
     * @param width  the board's columns
     * @param height the board's rows
     */
    public static Rules preset(String name, int width, int height) {
        return Preset.byName(name).rules(width, height);
    }

    /** {@return the points on the board} */
    public int area() {
        return width * height;
    }

    /** {@return the number of actions}: every point, row-major, then pass */
    public int actionCount() {
        return width * height + 1;
    }

    /** {@return the pass action, {@code area()}} */
    public int passAction() {
        return width * height;
    }

    /** {@return whether this is a handicap game} (two or more stones) */
    public boolean isHandicapGame() {
        return handicap >= 2;
    }

    /** {@return komi plus the handicap compensation}: everything added to White's area at the end */
    public double effectiveKomi() {
        return komi + handicapKomi.points(handicap);
    }

    /**
     * {@return the same rules on another board}
     *
     * @param newWidth  the board's columns
     * @param newHeight the board's rows
     */
    public Rules withSize(int newWidth, int newHeight) {
        return new Rules(newWidth, newHeight, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    /**
     * {@return the same rules with another komi}
     *
     * @param newKomi points added to White's area
     */
    public Rules withKomi(double newKomi) {
        return new Rules(width, height, newKomi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    /**
     * {@return the same rules with another ko rule}
     *
     * @param newKoRule which repetitions are illegal
     */
    public Rules withKoRule(KoRule newKoRule) {
        return new Rules(width, height, komi, newKoRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    /**
     * {@return the same rules with suicide allowed or not}
     *
     * @param allowed whether a move that leaves its own chain without liberties is legal
     */
    public Rules withSuicideAllowed(boolean allowed) {
        return new Rules(width, height, komi, koRule, allowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, maxMoves);
    }

    /**
     * {@return the same rules with {@code stones} handicap stones placed the given way} (komi unchanged)
     *
     * @param stones       handicap stones; 0 or 1 for an even game
     * @param newPlacement how they are placed
     */
    public Rules withHandicap(int stones, HandicapPlacement newPlacement) {
        return new Rules(width, height, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                stones, newPlacement, handicapKomi, maxMoves);
    }

    /**
     * {@return the same rules with another turn cap}
     *
     * @param newMaxMoves turns after which a game is truncated, 0 for no limit
     */
    public Rules withMaxMoves(int newMaxMoves) {
        return new Rules(width, height, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner,
                handicap, placement, handicapKomi, newMaxMoves);
    }

    /** {@return a one-line summary}, e.g. {@code 9x9 komi=7.5 ko=positional-superko suicide=allowed} */
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
