package org.tengen.env.features;

import java.nio.FloatBuffer;

/**
 * The dihedral symmetries of a {@code width x height} board as precomputed point permutations: all 8 on a
 * square board, the 4 that keep the shape (identity, mirrors, half turn) on a rectangle.
 *
 * <p>Symmetry {@code s} (0..count()-1) maps point {@code (x, y)} by first transposing it when bit 2 is set
 * (square boards only), then mirroring {@code x} when bit 0 is set and {@code y} when bit 1 is set; 0 is the
 * identity. Applying {@code s} to planes or a policy moves the value at point {@code p} to {@link #mapPoint
 * mapPoint(s, p)}; pass stays last. Transforming an encoded position equals encoding the transformed position,
 * so one network evaluation can be averaged over symmetries by transforming the input with {@code s} and the
 * output policy with {@link #inverse inverse(s)}. Immutable and thread-safe; nothing allocates after construction.
 */
public final class Symmetries {
    private static final String[] NAMES = {"identity", "mirror-x", "mirror-y", "rotate-180", "transpose",
        "rotate-90", "rotate-270", "anti-transpose"};

    private final int width;
    private final int height;
    private final int area;
    /** {@code perm[s][p]}: where symmetry {@code s} sends point {@code p}. */
    private final int[][] perm;
    private final int[] inverse;
    private final int[][] compose;

    /**
     * Precomputes the permutations of a board.
     *
     * @param width  the board's columns, at least 1
     * @param height the board's rows, at least 1
     */
    public Symmetries(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("board size " + width + "x" + height + " is not positive");
        }
        this.width = width;
        this.height = height;
        this.area = width * height;
        int count = width == height ? 8 : 4;
        perm = new int[count][area];
        for (int s = 0; s < count; s++) {
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int[] m = mapCoordinates(s, x, y);
                    perm[s][y * width + x] = m[1] * width + m[0];
                }
            }
        }
        inverse = new int[count];
        compose = new int[count][count];
        for (int a = 0; a < count; a++) {
            for (int b = 0; b < count; b++) {
                int c = byMatrix(multiply(matrix(a), matrix(b)));
                compose[a][b] = c;
                if (c == 0) {
                    inverse[a] = b;
                }
            }
        }
    }

    /** {@return the number of symmetries}: 8 on a square board, 4 on a rectangle */
    public int count() {
        return perm.length;
    }

    /** {@return the board's columns} */
    public int width() {
        return width;
    }

    /** {@return the board's rows} */
    public int height() {
        return height;
    }

    /**
     * {@return a short name of symmetry {@code s}}, such as {@code rotate-90}
     *
     * @param s a symmetry, 0..7
     */
    public static String name(int s) {
        return NAMES[s];
    }

    /**
     * {@return the symmetry undoing {@code s}}
     *
     * @param s a symmetry of this board
     */
    public int inverse(int s) {
        return inverse[s];
    }

    /**
     * {@return the symmetry equal to applying {@code second} after {@code first}}
     *
     * @param second the symmetry applied last
     * @param first  the symmetry applied first
     */
    public int compose(int second, int first) {
        return compose[second][first];
    }

    /**
     * {@return where {@code s} sends {@code point}}
     *
     * @param s     a symmetry of this board
     * @param point a point, {@code y * width + x}
     */
    public int mapPoint(int s, int point) {
        return perm[s][point];
    }

    /**
     * {@return where {@code s} sends {@code action}}: a point as {@link #mapPoint}, pass to pass
     *
     * @param s      a symmetry of this board
     * @param action a point or pass
     */
    public int mapAction(int s, int action) {
        return action == area ? area : perm[s][action];
    }

    /**
     * Writes {@code planes} CHW planes from {@code src} at {@code srcOffset} to {@code dst} at {@code dstOffset},
     * transformed by {@code s}. Source and destination must not overlap.
     *
     * @param s         a symmetry of this board
     * @param src       the planes
     * @param srcOffset index of their first float
     * @param dst       receives the transformed planes
     * @param dstOffset index of its first float
     * @param planes    number of planes
     */
    public void transformPlanes(int s, FloatBuffer src, int srcOffset, FloatBuffer dst, int dstOffset, int planes) {
        int[] p = perm[s];
        for (int c = 0; c < planes; c++) {
            int from = srcOffset + c * area;
            int to = dstOffset + c * area;
            for (int i = 0; i < area; i++) {
                dst.put(to + p[i], src.get(from + i));
            }
        }
    }

    /**
     * As {@link #transformPlanes(int, FloatBuffer, int, FloatBuffer, int, int)} on arrays.
     *
     * @param s         a symmetry of this board
     * @param src       the planes
     * @param srcOffset index of their first float
     * @param dst       receives the transformed planes
     * @param dstOffset index of its first float
     * @param planes    number of planes
     */
    public void transformPlanes(int s, float[] src, int srcOffset, float[] dst, int dstOffset, int planes) {
        int[] p = perm[s];
        for (int c = 0; c < planes; c++) {
            int from = srcOffset + c * area;
            int to = dstOffset + c * area;
            for (int i = 0; i < area; i++) {
                dst[to + p[i]] = src[from + i];
            }
        }
    }

    /**
     * Writes the {@code area + 1} policy entries of {@code src} to {@code dst}, transformed by {@code s}.
     *
     * @param s         a symmetry of this board
     * @param src       the policy
     * @param srcOffset index of its first entry
     * @param dst       receives the transformed policy
     * @param dstOffset index of its first entry
     */
    public void transformPolicy(int s, float[] src, int srcOffset, float[] dst, int dstOffset) {
        int[] p = perm[s];
        for (int i = 0; i < area; i++) {
            dst[dstOffset + p[i]] = src[srcOffset + i];
        }
        dst[dstOffset + area] = src[srcOffset + area];
    }

    /**
     * As {@link #transformPolicy(int, float[], int, float[], int)} for a legal mask.
     *
     * @param s         a symmetry of this board
     * @param src       the mask
     * @param srcOffset index of its first entry
     * @param dst       receives the transformed mask
     * @param dstOffset index of its first entry
     */
    public void transformMask(int s, boolean[] src, int srcOffset, boolean[] dst, int dstOffset) {
        int[] p = perm[s];
        for (int i = 0; i < area; i++) {
            dst[dstOffset + p[i]] = src[srcOffset + i];
        }
        dst[dstOffset + area] = src[srcOffset + area];
    }

    private int[] mapCoordinates(int s, int x, int y) {
        if ((s & 4) != 0) {
            int t = x;
            x = y;
            y = t;
        }
        if ((s & 1) != 0) {
            x = width - 1 - x;
        }
        if ((s & 2) != 0) {
            y = height - 1 - y;
        }
        return new int[] {x, y};
    }

    /** The action of {@code s} on centred coordinates as a 2x2 matrix {a, b, c, d}: (u, v) -> (au + bv, cu + dv). */
    private static int[] matrix(int s) {
        int sx = (s & 1) != 0 ? -1 : 1;
        int sy = (s & 2) != 0 ? -1 : 1;
        return (s & 4) != 0 ? new int[] {0, sx, sy, 0} : new int[] {sx, 0, 0, sy};
    }

    private static int[] multiply(int[] m, int[] n) {
        return new int[] {m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3]};
    }

    private int byMatrix(int[] m) {
        for (int s = 0; s < perm.length; s++) {
            if (java.util.Arrays.equals(matrix(s), m)) {
                return s;
            }
        }
        throw new IllegalStateException("symmetries are not closed");
    }
}
