package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.colour;
import static org.tengen.gtp.GtpArgs.integer;
import static org.tengen.gtp.GtpArgs.number;

import java.util.Locale;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** {@code time_settings}, {@code kgs-time_settings} and {@code time_left}: they set the {@link TimeControl clock}. */
final class TimeCommands {
    private static final Logger LOG = LogManager.getLogger(TimeCommands.class);

    private final TimeControl clock;

    TimeCommands(TimeControl clock) {
        this.clock = clock;
    }

    String timeSettings(String[] args) {
        clock.setGtp(number(args[0]), number(args[1]), integer(args[2]));
        LOG.info("time settings: {}", clock.describe());
        return "";
    }

    String kgsTimeSettings(String[] args) {
        String kind = args[0].toLowerCase(Locale.ROOT);
        int expected = switch (kind) {
            case "none" -> 1;
            case "absolute" -> 2;
            case "byoyomi", "canadian" -> 4;
            default -> throw new GtpFailure("invalid time system '" + args[0]
                    + "' (expected none, absolute, byoyomi or canadian)");
        };
        if (args.length != expected) {
            throw new GtpFailure(kind + " takes " + (expected - 1) + " number" + (expected == 2 ? "" : "s")
                    + ", got " + (args.length - 1));
        }
        switch (kind) {
            case "none" -> clock.setNone();
            case "absolute" -> clock.setAbsolute(number(args[1]));
            case "byoyomi" -> clock.setByoyomi(number(args[1]), number(args[2]), integer(args[3]));
            default -> clock.setCanadian(number(args[1]), number(args[2]), integer(args[3]));
        }
        LOG.info("time settings: {}", clock.describe());
        return "";
    }

    String timeLeft(String[] args) {
        clock.timeLeft(colour(args[0]), number(args[1]), integer(args[2]));
        return "";
    }
}
