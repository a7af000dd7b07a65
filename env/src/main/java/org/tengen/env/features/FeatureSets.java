package org.tengen.env.features;

import java.util.Locale;

/** Feature sets by id, as written in configs, checkpoints and on the command line. */
public final class FeatureSets {
    /** The known ids, for messages. */
    public static final String KNOWN = "az17 (or az<2k+1> for k past positions, e.g. az3, az9), rich, none";

    private FeatureSets() {
    }

    /** {@return the default input of the project's networks}: AlphaZero's 8 positions, {@code az17} */
    public static FeatureSet defaultSet() {
        return new AlphaZeroFeatures();
    }

    /**
     * The feature set called {@code id}.
     *
     * @param id {@code az<2k+1>} (k = 1..64), {@code rich} or {@code none}; case-insensitive
     * @return the feature set
     * @throws IllegalArgumentException naming the id and listing the known ones
     */
    public static FeatureSet byId(String id) {
        String s = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        switch (s) {
            case "rich" -> {
                return new RichFeatures();
            }
            case "none" -> {
                return new NoFeatures();
            }
            default -> {
                if (s.matches("az[0-9]{1,3}")) {
                    int planes = Integer.parseInt(s.substring(2));
                    if (planes % 2 == 1 && planes >= 3 && planes <= 129) {
                        return new AlphaZeroFeatures((planes - 1) / 2);
                    }
                }
                throw new IllegalArgumentException("unknown feature set '" + id + "' (known: " + KNOWN + ")");
            }
        }
    }
}
