package org.tengen.sgf;

import java.util.ArrayList;
import java.util.List;

/**
 * SGF point coordinates for Go: two letters, column then row, each {@code a..z} for 0..25 then {@code A..Z} for
 * 26..51, the row counted from the top, so {@code action = y * width + x} as in Tengen. Pass is the empty value;
 * {@code tt} is read as pass on boards up to 19x19 (FF[3] convention). Malformed values throw
 * {@link IllegalArgumentException} with a message for the user.
 */
public final class SgfPoints {

    private SgfPoints() {
    }

    /** The two-letter SGF point of {@code action} (not pass) on a board {@code width} wide. */
    public static String format(int action, int width) {
        return new String(new char[] {letter(action % width), letter(action / width)});
    }

    /** The letter of coordinate {@code i}, 0..51. */
    static char letter(int i) {
        return (char) (i < 26 ? 'a' + i : 'A' + i - 26);
    }

    /** The coordinate of a letter, or -1 if it is not a letter. */
    static int coordinate(char c) {
        if (c >= 'a' && c <= 'z') {
            return c - 'a';
        }
        if (c >= 'A' && c <= 'Z') {
            return c - 'A' + 26;
        }
        return -1;
    }

    /** The action of a move value: a point, or pass ({@code width * height}) for {@code ""} or {@code tt}. */
    public static int move(String value, int width, int height) {
        String v = value.trim();
        if (v.isEmpty() || (v.equals("tt") && width <= 19 && height <= 19)) {
            return width * height;
        }
        return point(v, width, height);
    }

    /** The action of a point value (no pass). */
    public static int point(String value, int width, int height) {
        String v = value.trim();
        int x = v.length() == 2 ? coordinate(v.charAt(0)) : -1;
        int y = v.length() == 2 ? coordinate(v.charAt(1)) : -1;
        if (x < 0 || y < 0) {
            throw new IllegalArgumentException("'" + value + "' is not a point: expected two letters a-z or A-Z");
        }
        if (x >= width || y >= height) {
            throw new IllegalArgumentException("point '" + v + "' is off the " + width + "x" + height + " board");
        }
        return y * width + x;
    }

    /**
     * The actions of a list of point values in order, expanding compressed rectangles such as {@code aa:cc} (two
     * corners in either order).
     */
    public static List<Integer> list(List<String> values, int width, int height) {
        List<Integer> actions = new ArrayList<>();
        for (String value : values) {
            int colon = value.indexOf(':');
            if (colon < 0) {
                actions.add(point(value, width, height));
                continue;
            }
            int a = point(value.substring(0, colon), width, height);
            int b = point(value.substring(colon + 1), width, height);
            int x0 = Math.min(a % width, b % width);
            int x1 = Math.max(a % width, b % width);
            int y0 = Math.min(a / width, b / width);
            int y1 = Math.max(a / width, b / width);
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    actions.add(y * width + x);
                }
            }
        }
        return actions;
    }
}
