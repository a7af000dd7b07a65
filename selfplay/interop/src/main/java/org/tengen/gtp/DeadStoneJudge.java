package org.tengen.gtp;

import java.util.Locale;

/**
 * What judges dead stones for {@code final_status_list}, {@code kgs-genmove_cleanup} and, under rules that remove
 * dead stones, {@code final_score} ({@link StoneStatus}). Random playouts are the default even with a network
 * loaded: on finished 9x9 games of GNU Go against itself they agree with GNU Go more often than the pretrained 9x9
 * network's ownership does (docs/gtp-sgf.md, "Dead stones"; the study in docs/results/9x9.md).
 */
public enum DeadStoneJudge {
    /** Monte-Carlo ownership of random playouts from the position. */
    PLAYOUTS,
    /** The search-averaged ownership of the engine's network; the playouts when it predicts no ownership. */
    NETWORK;

    /** The default's name, for option defaults. */
    public static final String DEFAULT_NAME = "playouts";

    /** The name users give: {@code playouts} or {@code network}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The judge named {@code name} (case-insensitive); {@link IllegalArgumentException} naming the choices if none. */
    public static DeadStoneJudge byName(String name) {
        for (DeadStoneJudge judge : values()) {
            if (judge.id().equalsIgnoreCase(name)) {
                return judge;
            }
        }
        throw new IllegalArgumentException("unknown dead-stone judge '" + name + "' (expected playouts or network)");
    }
}
