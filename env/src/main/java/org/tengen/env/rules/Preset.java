package org.tengen.env.rules;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Named rule sets from {@code shared/seeds}, each a function of the board shape. Besides the {@link Rules} of play, a
 * preset says how a game ended by passes is counted ({@link #removesDeadStones()}).
 */
public enum Preset {
    /** The logical rules of Go: positional superko, suicide allowed, free handicap, komi 7.5. */
    TROMP_TAYLOR("tromp-taylor", 7.5, KoRule.POSITIONAL_SUPERKO, true, false, false,
            HandicapPlacement.FREE, HandicapKomi.NONE, 7.5, false),
    /**
     * AGA: suicide illegal, no repeated board position, the game ends when both have passed with White last,
     * a pass gives the opponent a prisoner; handicap on star points with komi 0.5 and n-1 points to White.
     */
    AGA("aga", 7.5, KoRule.POSITIONAL_SUPERKO, false, true, true,
            HandicapPlacement.FIXED, HandicapKomi.N_MINUS_ONE, 0.5, true),
    /** NZ: suicide allowed, positional superko, handicap by White passing n-1 times, komi 7. */
    NZ("nz", 7.0, KoRule.POSITIONAL_SUPERKO, true, false, false,
            HandicapPlacement.WHITE_PASSES, HandicapKomi.NONE, 0.0, true),
    /** Chinese: suicide illegal, positional superko, free handicap compensated with n points, komi 7.5. */
    CHINESE("chinese", 7.5, KoRule.POSITIONAL_SUPERKO, false, false, false,
            HandicapPlacement.FREE, HandicapKomi.N, 0.5, true),
    /**
     * A fast preset for experiments: simple ko only (no history lookups), suicide illegal, komi 7.5; counted as
     * Tromp-Taylor, as self-play counts it.
     */
    SIMPLE_KO("simple-ko", 7.5, KoRule.SIMPLE, false, false, false,
            HandicapPlacement.FREE, HandicapKomi.NONE, 0.5, false);

    private final String id;
    private final double komi;
    private final KoRule koRule;
    private final boolean suicideAllowed;
    private final boolean whitePassesLast;
    private final boolean passGivesPrisoner;
    private final HandicapPlacement placement;
    private final HandicapKomi handicapKomi;
    private final double handicapGameKomi;
    private final boolean removesDeadStones;

    Preset(String id, double komi, KoRule koRule, boolean suicideAllowed, boolean whitePassesLast,
           boolean passGivesPrisoner, HandicapPlacement placement, HandicapKomi handicapKomi,
           double handicapGameKomi, boolean removesDeadStones) {
        this.id = id;
        this.komi = komi;
        this.koRule = koRule;
        this.suicideAllowed = suicideAllowed;
        this.whitePassesLast = whitePassesLast;
        this.passGivesPrisoner = passGivesPrisoner;
        this.placement = placement;
        this.handicapKomi = handicapKomi;
        this.handicapGameKomi = handicapGameKomi;
        this.removesDeadStones = removesDeadStones;
    }

    /**
     * {@return whether, after the game ends by passes, the players remove the stones they agree are dead before the
     * count} (AGA, New Zealand, Chinese); Tromp-Taylor (and simple-ko) count the board as it stands after two passes.
     */
    public boolean removesDeadStones() {
        return removesDeadStones;
    }

    /** {@return the name used in configs, GTP and the CLI}, e.g. {@code tromp-taylor} */
    public String id() {
        return id;
    }

    /**
     * {@return the preset for an even game}
     *
     * @param width  the board's columns
     * @param height the board's rows
     */
    public Rules rules(int width, int height) {
        return new Rules(width, height, komi, koRule, suicideAllowed, whitePassesLast, passGivesPrisoner, 0,
                placement, handicapKomi, 0);
    }

    /**
     * {@return the preset for a game with {@code stones} handicap stones}, with the preset's komi convention
     *
     * @param width  the board's columns
     * @param height the board's rows
     * @param stones handicap stones; below 2 an even game
     */
    public Rules rules(int width, int height, int stones) {
        Rules even = rules(width, height);
        if (stones < 2) {
            return even;
        }
        return even.withHandicap(stones, placement).withKomi(handicapGameKomi);
    }

    /**
     * Looks a preset up by its id.
     *
     * @param name the id, case-insensitive; '_' and '-' are interchangeable
     * @return the preset
     * @throws IllegalArgumentException naming the known presets
     */
    public static Preset byName(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (Preset p : values()) {
            if (p.id.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown rules preset '" + name + "' (known: " + names() + ")");
    }

    /** {@return the preset ids, comma-separated} */
    public static String names() {
        return Arrays.stream(values()).map(Preset::id).collect(Collectors.joining(", "));
    }
}
