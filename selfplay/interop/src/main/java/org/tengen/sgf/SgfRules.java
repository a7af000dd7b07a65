package org.tengen.sgf;

import java.util.Locale;
import java.util.Optional;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

/**
 * Maps the SGF {@code RU} property to Tengen rule presets and back. Written names: {@code Tromp-Taylor},
 * {@code AGA}, {@code NZ}, {@code Chinese}, {@code simple-ko}. Reading ignores case, spaces, {@code -} and
 * {@code _} and also knows {@code New Zealand}. An unknown or missing {@code RU} (e.g. {@code Japanese}) is kept as
 * written in the record and replayed under {@link #DEFAULT}.
 */
public final class SgfRules {

    /** The preset for an unknown or missing {@code RU}: the project's default, the logical rules of Go. */
    public static final Preset DEFAULT = Preset.TROMP_TAYLOR;

    private SgfRules() {
    }

    /** The preset an {@code RU} value names, if any. */
    public static Optional<Preset> preset(String ru) {
        String key = ru.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
        return Optional.ofNullable(switch (key) {
            case "tromptaylor" -> Preset.TROMP_TAYLOR;
            case "aga" -> Preset.AGA;
            case "nz", "newzealand" -> Preset.NZ;
            case "chinese" -> Preset.CHINESE;
            case "simpleko" -> Preset.SIMPLE_KO;
            default -> null;
        });
    }

    /** The {@code RU} value written for a preset. */
    public static String name(Preset preset) {
        return switch (preset) {
            case TROMP_TAYLOR -> "Tromp-Taylor";
            case AGA -> "AGA";
            case NZ -> "NZ";
            case CHINESE -> "Chinese";
            case SIMPLE_KO -> "simple-ko";
        };
    }

    /**
     * The {@code RU} value for a rule set: the name of the preset that, with the same size, handicap and komi, gives
     * these rules ({@code maxMoves} aside, which SGF does not record); otherwise {@link Rules#describe()}, which a
     * reader does not know and so replays under {@link #DEFAULT}.
     */
    public static String name(Rules rules) {
        Rules uncapped = rules.withMaxMoves(0);
        for (Preset p : Preset.values()) {
            try {
                if (rules(p, rules.width(), rules.height(), rules.komi(), rules.handicap()).equals(uncapped)) {
                    return name(p);
                }
            } catch (IllegalArgumentException e) {
                // This preset cannot hold the board and handicap (fixed handicap on a small board): not it.
            }
        }
        return rules.describe();
    }

    /**
     * The rules of a game with this {@code RU} (possibly empty), board, komi ({@code KM}) and handicap
     * ({@code HA}); the preset adds its handicap compensation on top of the komi.
     *
     * @throws IllegalArgumentException if the preset cannot hold this board and handicap
     */
    public static Rules rules(String ru, int width, int height, double komi, int handicap) {
        return rules(preset(ru).orElse(DEFAULT), width, height, komi, handicap);
    }

    private static Rules rules(Preset preset, int width, int height, double komi, int handicap) {
        return preset.rules(width, height, handicap).withKomi(komi);
    }
}
