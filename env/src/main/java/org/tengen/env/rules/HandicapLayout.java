package org.tengen.env.rules;

/**
 * Star-point handicap layouts, following the GTP {@code fixed_handicap} order for square boards and extended to
 * rectangles: the four corner points at the third line (fourth from 13 up), then the side midpoints, then the centre.
 */
public final class HandicapLayout {
    private HandicapLayout() {
    }

    /**
     * {@return how many fixed handicap stones fit a board}: 0 below 7x7, 4 on even sides or small boards, else 9
     *
     * @param width  the board's columns
     * @param height the board's rows
     */
    public static int maxStones(int width, int height) {
        if (width < 7 || height < 7) {
            return 0;
        }
        if (width == 7 || height == 7 || width % 2 == 0 || height % 2 == 0) {
            return 4;
        }
        return 9;
    }

    /**
     * {@return the (x, y) of each stone, {@code int[stones][2]}}; y = 0 is the top row
     *
     * @param width  the board's columns
     * @param height the board's rows
     * @param stones 2 to {@link #maxStones}
     */
    public static int[][] points(int width, int height, int stones) {
        int max = maxStones(width, height);
        if (stones < 2 || stones > max) {
            throw new IllegalArgumentException("fixed handicap " + stones + " is not available on " + width + "x"
                    + height + " (2.." + max + ")");
        }
        int ex = width >= 13 ? 3 : 2;
        int ey = height >= 13 ? 3 : 2;
        int left = ex;
        int right = width - 1 - ex;
        int top = ey;
        int bottom = height - 1 - ey;
        int midX = width / 2;
        int midY = height / 2;
        // GTP order (y = 0 at the top): D4 (bottom-left), Q16 (top-right), D16 (top-left), Q4 (bottom-right),
        // then centre for odd counts, then left/right side midpoints, then top/bottom side midpoints.
        int[][] corners = {{left, bottom}, {right, top}, {left, top}, {right, bottom}};
        int[][] result = new int[stones][];
        int n = 0;
        for (int i = 0; i < Math.min(stones, 4); i++) {
            result[n++] = corners[i];
        }
        if (stones >= 6) {
            result[n++] = new int[] {left, midY};
            result[n++] = new int[] {right, midY};
        }
        if (stones >= 8) {
            result[n++] = new int[] {midX, bottom};
            result[n++] = new int[] {midX, top};
        }
        if (stones == 5 || stones == 7 || stones == 9) {
            result[n++] = new int[] {midX, midY};
        }
        return result;
    }
}
