package org.tengen.gtp;

import java.util.Locale;
import org.tengen.env.board.Stone;

/** The argument words many commands share: colours, integers and numbers, each refused with a GTP message. */
final class GtpArgs {
    private GtpArgs() {
    }

    static int colour(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "b", "black" -> Stone.BLACK;
            case "w", "white" -> Stone.WHITE;
            default -> throw new GtpFailure("invalid color '" + word + "' (expected b, w, black or white)");
        };
    }

    static int integer(String word) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("expected an integer, got '" + word + "'");
        }
    }

    static double number(String word) {
        try {
            return Double.parseDouble(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("expected a number, got '" + word + "'");
        }
    }
}
