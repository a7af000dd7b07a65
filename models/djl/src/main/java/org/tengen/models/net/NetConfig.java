package org.tengen.models.net;

import java.util.ArrayList;
import java.util.List;
import org.tengen.env.rules.Rules;

/**
 * Shape of a {@link PolicyValueNet}. Validated on construction so a bad value fails before any native code runs.
 *
 * @param inputPlanes   input feature planes per position
 * @param width         board columns the network is initialised for (it also runs on other sizes, see
 *                      {@link PolicyValueNet})
 * @param height        board rows the network is initialised for
 * @param blocks        residual blocks in the trunk
 * @param channels      channels of every trunk convolution
 * @param globalPooling KataGo-style global pooling bias in every second residual block (counted from the last)
 *                      and in the policy head
 * @param ownershipHead adds a per-point ownership output in [-1, 1] from the side to move
 * @param scoreHead     adds a scalar score-margin output (points, side to move)
 */
public record NetConfig(int inputPlanes, int width, int height, int blocks, int channels, boolean globalPooling,
        boolean ownershipHead, boolean scoreHead) {
    public NetConfig {
        requireRange("inputPlanes", inputPlanes, 1, 4096);
        requireRange("width", width, 1, Rules.MAX_SIZE);
        requireRange("height", height, 1, Rules.MAX_SIZE);
        requireRange("blocks", blocks, 1, 256);
        requireRange("channels", channels, 4, 4096);
    }

    /** A plain AlphaZero-style net: no global pooling, no auxiliary heads. */
    public static NetConfig of(int inputPlanes, int width, int height, int blocks, int channels) {
        return new NetConfig(inputPlanes, width, height, blocks, channels, false, false, false);
    }

    /** Channels of the 1x1 convolutions that start the policy and value heads. */
    public int headChannels() {
        return Math.max(4, channels / 2);
    }

    /** Width of the hidden fully connected layer of the value (and score) head. */
    public int valueHidden() {
        return Math.max(16, channels);
    }

    /** Whether residual block {@code index} (0-based) carries a global pooling bias. */
    public boolean poolsInBlock(int index) {
        return globalPooling && (blocks - 1 - index) % 2 == 0;
    }

    /** Number of network outputs: policy and value, then ownership and score when enabled. */
    public int outputCount() {
        return 2 + (ownershipHead ? 1 : 0) + (scoreHead ? 1 : 0);
    }

    /** Index of the ownership output, or -1 without that head. */
    public int ownershipIndex() {
        return ownershipHead ? 2 : -1;
    }

    /** Index of the score output, or -1 without that head. */
    public int scoreIndex() {
        return scoreHead ? outputCount() - 1 : -1;
    }

    /** Copy with another board size (the weights of a fully convolutional net fit any size). */
    public NetConfig withBoard(int newWidth, int newHeight) {
        return new NetConfig(inputPlanes, newWidth, newHeight, blocks, channels, globalPooling, ownershipHead,
                scoreHead);
    }

    /** A short human-readable summary, e.g. {@code 6x64 gpool+own+score 17 planes 9x9}. */
    public String describe() {
        List<String> options = new ArrayList<>();
        if (globalPooling) {
            options.add("gpool");
        }
        if (ownershipHead) {
            options.add("own");
        }
        if (scoreHead) {
            options.add("score");
        }
        String extras = options.isEmpty() ? "" : " " + String.join("+", options);
        return blocks + "x" + channels + extras + " " + inputPlanes + " planes " + width + "x" + height;
    }

    private static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException("network " + name + " must be in " + min + ".." + max + ", got "
                    + value);
        }
    }
}
