package org.tengen.cli;

import java.util.Locale;
import org.tengen.env.rules.Rules;

/** A board given on the command line as {@code N} (square) or {@code WxH} (columns x rows), e.g. {@code 9x7}. */
record BoardSize(int width, int height) {
    /**
     * Reads {@code N} or {@code WxH}.
     *
     * @throws IllegalArgumentException naming the accepted forms, or a side outside 1..{@link Rules#MAX_SIZE}
     */
    static BoardSize parse(String text) {
        String[] sides = text.toLowerCase(Locale.ROOT).split("x", -1);
        try {
            if (sides.length <= 2) {
                int width = Integer.parseInt(sides[0].trim());
                int height = sides.length == 2 ? Integer.parseInt(sides[1].trim()) : width;
                if (width < 1 || height < 1 || width > Rules.MAX_SIZE || height > Rules.MAX_SIZE) {
                    throw new IllegalArgumentException("board size " + width + "x" + height + " is out of range 1x1.."
                            + Rules.MAX_SIZE + "x" + Rules.MAX_SIZE);
                }
                return new BoardSize(width, height);
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new IllegalArgumentException("expected N or WxH, got '" + text + "'");
    }
}
