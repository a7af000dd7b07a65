package org.tengen.env.features;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * Turns a game position into input planes for a network, from the point of view of the player to move.
 *
 * <p>Layout: {@code planes() x height x width} floats (CHW, row-major, {@code y = 0} the top row) written with
 * absolute puts starting at {@code offset}; a batch is NCHW with stride {@code planes() * height * width}.
 * Feature sets are versioned: a network trained on one {@code id()/version()} must be fed the same.
 */
public interface FeatureSet {
    /** {@return a short stable name used in configs and checkpoints}, e.g. {@code az17} */
    String id();

    /** {@return the version}, bumped whenever the meaning of any plane changes */
    int version();

    /** {@return the number of planes} */
    int planes();

    /** {@return how many past positions the encoder reads}; games must keep at least that many */
    int positionsNeeded();

    /** {@return whether the planes show the komi}, so that a network can learn how its value depends on it */
    default boolean seesKomi() {
        return false;
    }

    /**
     * {@return the shape of one position's observation under {@code rules}: {@code [planes, height, width]}}
     *
     * @param rules the rules, whose board sets height and width
     */
    default int[] shape(Rules rules) {
        return new int[] {planes(), rules.height(), rules.width()};
    }

    /**
     * {@return the floats per position under {@code rules}: {@code planes * height * width}}
     *
     * @param rules the rules, whose board sets height and width
     */
    default int observationSize(Rules rules) {
        return planes() * rules.area();
    }

    /**
     * Writes the planes of {@code game}'s current position.
     *
     * @param game   the game, which must keep {@link #positionsNeeded()} positions
     * @param out    receives the planes, with absolute puts
     * @param offset index of the first float
     */
    void encode(Game game, FloatBuffer out, int offset);

    /**
     * What {@link #encode} writes, for a game that has played exactly one turn ({@link Game#turns()}) since
     * {@code out} from {@code offset} last received its planes: a feature set whose planes carry over from one
     * position to the next (the history) moves them within {@code out} instead of building them again. The default
     * encodes afresh.
     *
     * @param game   the game, one turn on from the position {@code out} holds
     * @param out    holds the previous position's planes; receives the current one's, with absolute puts
     * @param offset index of the first float
     */
    default void encodeAfterMove(Game game, FloatBuffer out, int offset) {
        encode(game, out, offset);
    }

    /** {@return whether every plane holds only 0 and 1}, so that positions can be packed into {@link PlaneBits} */
    default boolean binary() {
        return false;
    }

    /**
     * Writes the planes of {@code game}'s current position packed into bits ({@link PlaneBits}): {@link
     * PlaneBits#words} longs into {@code out} from index {@code offset}, what {@link #encode} writes as floats.
     *
     * @param game   the game, which must keep {@link #positionsNeeded()} positions
     * @param out    receives the words, with absolute puts
     * @param offset index of the first word
     * @throws UnsupportedOperationException if the feature set is not {@link #binary()}
     */
    default void encodeBits(Game game, LongBuffer out, int offset) {
        throw new UnsupportedOperationException("feature set '" + id() + "' has planes other than 0 and 1, which"
                + " cannot be packed into bits");
    }

    /**
     * What {@link #encodeBits} writes, for a game one turn on from the position {@code out} holds, as
     * {@link #encodeAfterMove} is to {@link #encode}. The default encodes afresh.
     *
     * @param game   the game, one turn on from the position {@code out} holds
     * @param out    holds the previous position's words; receives the current one's, with absolute puts
     * @param offset index of the first word
     * @throws UnsupportedOperationException if the feature set is not {@link #binary()}
     */
    default void encodeBitsAfterMove(Game game, LongBuffer out, int offset) {
        encodeBits(game, out, offset);
    }
}
