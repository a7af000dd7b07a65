package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * AlphaGo Zero's input: the stones of the player to move and of the opponent in each of the last {@code k}
 * positions, plus the colour to move; id {@code az<2k+1>}, e.g. {@code az17} for {@code k = 8}.
 *
 * <table>
 *   <caption>Planes (all from the point of view of the player to move, "me")</caption>
 *   <tr><th>plane</th><th>meaning</th></tr>
 *   <tr><td>2i</td><td>1 where I had a stone i turns ago (i = 0 is now); all 0 before the game's start</td></tr>
 *   <tr><td>2i + 1</td><td>1 where the opponent had a stone i turns ago; all 0 before the start</td></tr>
 *   <tr><td>2k</td><td>all 1 when Black is to move, all 0 when White is</td></tr>
 * </table>
 *
 * <p>Only the current position is encoded from scratch, from the board's row bitboards. Each older pair of
 * planes is a copy of the newer pair, patched at the few points whose colour that turn changed
 * ({@link Game#pastChange}); this is several times faster than writing every plane float by float. One turn on,
 * {@link #encodeAfterMove} moves the previous planes along within the output instead and patches the current pair
 * from the moved one. Thread-safe: the planes are assembled in a per-thread array.
 */
public final class AlphaZeroFeatures implements FeatureSet {
    /** AlphaZero's history length, giving {@code az17}. */
    public static final int DEFAULT_HISTORY = 8;
    /** Float value of a point of colour {@code c} in my plane, indexed {@code [me][c]}. */
    private static final float[][] MINE = {{}, {0f, 1f, 0f, 0f}, {0f, 0f, 1f, 0f}};

    /** A colour plane of any board size, to copy from. */
    private static final float[] ONES = new float[Rules.MAX_SIZE * Rules.MAX_SIZE];
    private static final float[] ZEROS = new float[Rules.MAX_SIZE * Rules.MAX_SIZE];

    static {
        Arrays.fill(ONES, 1f);
    }

    private static final ThreadLocal<float[]> SCRATCH = ThreadLocal.withInitial(() -> new float[0]);
    private static final ThreadLocal<long[]> BIT_SCRATCH = ThreadLocal.withInitial(() -> new long[0]);

    private final int history;

    /** {@code az17}. */
    public AlphaZeroFeatures() {
        this(DEFAULT_HISTORY);
    }

    /**
     * Planes for the last {@code history} positions: {@code 2 * history + 1} in all.
     *
     * @param history positions encoded, 1..64
     */
    public AlphaZeroFeatures(int history) {
        if (history < 1 || history > 64) {
            throw new IllegalArgumentException("history " + history + " is out of range 1..64");
        }
        this.history = history;
    }

    /** {@return the number of past positions encoded} */
    public int history() {
        return history;
    }

    @Override
    public String id() {
        return "az" + planes();
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public int planes() {
        return 2 * history + 1;
    }

    @Override
    public int positionsNeeded() {
        return history;
    }

    @Override
    public void encode(Game game, FloatBuffer out, int offset) {
        if (game.keptPositions() < history) {
            throw new IllegalArgumentException(id() + " needs games keeping " + history + " positions, this one keeps "
                    + game.keptPositions());
        }
        Board board = game.board();
        int width = board.width();
        int height = board.height();
        int area = width * height;
        int me = game.toMove();
        float[] mine = MINE[me];
        float[] theirs = MINE[Stone.opponent(me)];
        // Planes are built in a per-thread array and sent in one bulk copy: a direct buffer's puts and small bulk
        // copies each pay bounds and liveness checks, array stores and System.arraycopy do not.
        int size = planes() * area;
        float[] obs = scratch(size);
        currentPlanes(board, me, obs);
        int known = Math.min(history, game.pastPositionCount());
        for (int k = 1; k < known; k++) {
            int planes = 2 * k * area;
            System.arraycopy(obs, planes - 2 * area, obs, planes, 2 * area);
            for (int loc = game.pastChange(k - 1, 0); loc >= 0; loc = game.pastChange(k - 1, loc + 1)) {
                int c = game.pastColour(k, loc);
                int point = board.actionOfLoc(loc);
                obs[planes + point] = mine[c];
                obs[planes + area + point] = theirs[c];
            }
        }
        Arrays.fill(obs, 2 * known * area, 2 * history * area, 0f);
        Arrays.fill(obs, 2 * history * area, size, me == Stone.BLACK ? 1f : 0f);
        out.put(offset, obs, 0, size);
    }

    /**
     * One move on, the previous position's pair of planes {@code k} (stones of the player then to move, then the
     * other's, {@code k} positions back) becomes pair {@code k + 1}, moved within {@code out}, the oldest pair dropping
     * out; swapped when the player to move changed (not after a handicap stone, when the same player moves again).
     * Pair 1 then holds the current player's stones and the other's one turn ago, so the current pair is a copy of it
     * patched at the few points the turn changed ({@link Game#pastChange}); the colour plane comes from a constant.
     */
    @Override
    public void encodeAfterMove(Game game, FloatBuffer out, int offset) {
        if (history == 1) {
            encode(game, out, offset);
            return;
        }
        Board board = game.board();
        int area = board.width() * board.height();
        int me = game.toMove();
        int colour = offset + 2 * history * area;
        boolean swap = (out.get(colour) == 1f) != (me == Stone.BLACK);
        for (int k = history - 2; k >= 0; k--) {
            int from = offset + 2 * k * area;
            int to = from + 2 * area;
            out.put(to, out, swap ? from + area : from, area);
            out.put(to + area, out, swap ? from : from + area, area);
        }
        out.put(offset, out, offset + 2 * area, 2 * area);
        float[] mine = MINE[me];
        float[] theirs = MINE[Stone.opponent(me)];
        for (int loc = game.pastChange(0, 0); loc >= 0; loc = game.pastChange(0, loc + 1)) {
            int c = board.colour(loc);
            int point = board.actionOfLoc(loc);
            out.put(offset + point, mine[c]);
            out.put(offset + area + point, theirs[c]);
        }
        out.put(colour, me == Stone.BLACK ? ONES : ZEROS, 0, area);
    }

    /** Planes 0 and 1 (my stones, theirs) of the current position into {@code obs[0 .. 2 * area)}. */
    private static void currentPlanes(Board board, int me, float[] obs) {
        int width = board.width();
        int area = width * board.height();
        Arrays.fill(obs, 0, 2 * area, 0f);
        for (int y = 0, a = 0; a < area; y++, a += width) {
            for (long row = board.rowBits(me, y); row != 0; row &= row - 1) {
                obs[a + Long.numberOfTrailingZeros(row)] = 1f;
            }
            for (long row = board.rowBits(Stone.opponent(me), y); row != 0; row &= row - 1) {
                obs[area + a + Long.numberOfTrailingZeros(row)] = 1f;
            }
        }
    }

    @Override
    public boolean binary() {
        return true;
    }

    /** The same planes as {@link #encode}, each row taken whole from the game's bitboards. */
    @Override
    public void encodeBits(Game game, LongBuffer out, int offset) {
        Board board = game.board();
        int width = board.width();
        int height = board.height();
        int area = width * height;
        int perPlane = PlaneBits.wordsPerPlane(area);
        int me = game.toMove();
        int them = Stone.opponent(me);
        long[] words = BIT_SCRATCH.get();
        int size = planes() * perPlane;
        if (words.length < size) {
            words = new long[size];
            BIT_SCRATCH.set(words);
        }
        Arrays.fill(words, 0, size, 0L);
        int known = Math.min(history, game.pastPositionCount());
        for (int k = 0; k < known; k++) {
            int mine = 2 * k * perPlane;
            for (int y = 0, point = 0; y < height; y++, point += width) {
                PlaneBits.putRow(words, mine, point, game.pastRowBits(k, me, y), width);
                PlaneBits.putRow(words, mine + perPlane, point, game.pastRowBits(k, them, y), width);
            }
        }
        for (int w = 0, colour = 2 * history * perPlane; w < perPlane; w++) {
            words[colour + w] = colourWord(me, w, area);
        }
        out.put(offset, words, 0, size);
    }

    /** The bit-packed {@link #encodeAfterMove}: the same moves and patches on the words of each plane. */
    @Override
    public void encodeBitsAfterMove(Game game, LongBuffer out, int offset) {
        if (history == 1) {
            encodeBits(game, out, offset);
            return;
        }
        Board board = game.board();
        int area = board.width() * board.height();
        int perPlane = PlaneBits.wordsPerPlane(area);
        int me = game.toMove();
        int colour = offset + 2 * history * perPlane;
        boolean swap = (out.get(colour) != 0) != (me == Stone.BLACK);
        for (int k = history - 2; k >= 0; k--) {
            int from = offset + 2 * k * perPlane;
            int to = from + 2 * perPlane;
            out.put(to, out, swap ? from + perPlane : from, perPlane);
            out.put(to + perPlane, out, swap ? from : from + perPlane, perPlane);
        }
        out.put(offset, out, offset + 2 * perPlane, 2 * perPlane);
        for (int loc = game.pastChange(0, 0); loc >= 0; loc = game.pastChange(0, loc + 1)) {
            int c = board.colour(loc);
            int point = board.actionOfLoc(loc);
            setBit(out, offset + (point >>> 6), point, c == me);
            setBit(out, offset + perPlane + (point >>> 6), point, c == Stone.opponent(me));
        }
        for (int w = 0; w < perPlane; w++) {
            out.put(colour + w, colourWord(me, w, area));
        }
    }

    /** Word {@code w} of the packed colour plane of {@code area} points: all ones when Black is to move. */
    private static long colourWord(int me, int w, int area) {
        if (me != Stone.BLACK) {
            return 0L;
        }
        int points = Math.min(64, area - 64 * w);
        return -1L >>> (64 - points);
    }

    /** Sets or clears bit {@code point % 64} of word {@code index}. */
    private static void setBit(LongBuffer out, int index, int point, boolean on) {
        long bit = 1L << point;
        out.put(index, on ? out.get(index) | bit : out.get(index) & ~bit);
    }

    /** This thread's array of at least {@code size} floats. */
    private static float[] scratch(int size) {
        float[] s = SCRATCH.get();
        if (s.length < size) {
            s = new float[size];
            SCRATCH.set(s);
        }
        return s;
    }

    @Override
    public String toString() {
        return id();
    }
}
