package org.tengen.env.game;

import java.util.Locale;

/**
 * GTP vertices: a column letter A..Z without I (then AA.. for wider boards, a documented extension) and a row
 * number counted from the bottom, e.g. {@code D4}; {@code pass}. Parsing reports bad input with a message.
 */
public final class Vertex {
    private static final String LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

    private Vertex() {
    }

    /**
     * {@return the vertex of point (x, y)}, e.g. {@code D4}
     *
     * @param x      column, from the left
     * @param y      row, 0 the top row
     * @param height the board's rows (GTP counts rows from the bottom)
     */
    public static String format(int x, int y, int height) {
        return column(x) + (height - y);
    }

    private static String column(int x) {
        if (x < LETTERS.length()) {
            return String.valueOf(LETTERS.charAt(x));
        }
        return String.valueOf(LETTERS.charAt(x / LETTERS.length() - 1)) + LETTERS.charAt(x % LETTERS.length());
    }

    /**
     * Parses a vertex into an action ({@code y * width + x}, pass = area) for a {@code width x height} board.
     *
     * @param text   a vertex or {@code pass}, any case
     * @param width  the board's columns
     * @param height the board's rows
     * @return the action
     * @throws IllegalArgumentException naming the problem for anything else
     */
    public static int parse(String text, int width, int height) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        if (s.equals("PASS")) {
            return width * height;
        }
        int i = 0;
        while (i < s.length() && Character.isLetter(s.charAt(i))) {
            i++;
        }
        if (i == 0 || i > 2 || i == s.length()) {
            throw new IllegalArgumentException("invalid vertex '" + text + "'");
        }
        int x = -1;
        for (int k = 0; k < i; k++) {
            int idx = LETTERS.indexOf(s.charAt(k));
            if (idx < 0) {
                throw new IllegalArgumentException("invalid vertex '" + text + "' (column letters skip I)");
            }
            x = (x + 1) * LETTERS.length() + idx;
        }
        int row;
        try {
            row = Integer.parseInt(s.substring(i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid vertex '" + text + "'");
        }
        if (x >= width || row < 1 || row > height) {
            throw new IllegalArgumentException("vertex '" + text + "' is off the " + width + "x" + height + " board");
        }
        return (height - row) * width + x;
    }
}
