package org.tengen.models.checkpoint;

import java.time.Instant;
import org.tengen.models.net.NetConfig;

/**
 * The metadata of a checkpoint ({@value Checkpoints#METADATA_FILE}).
 *
 * @param network       the network configuration (its width and height are the board size it was trained on)
 * @param provenance    feature set, rules, training step, parent
 * @param created       when it was written
 * @param weightsSha256 SHA-256 of {@value Checkpoints#WEIGHTS_FILE}, lower-case hex
 * @param onnxSha256    SHA-256 of {@value Checkpoints#ONNX_FILE}, or null for a checkpoint saved before checkpoints
 *                      carried an ONNX model
 */
public record CheckpointInfo(NetConfig network, Provenance provenance, Instant created, String weightsSha256,
                             String onnxSha256) {
    /**
     * Throws a {@link CheckpointException} naming the first field where the stored network differs from
     * {@code expected}, e.g. {@code checkpoint X has channels=32 but the config says 64}.
     */
    public void requireNetwork(NetConfig expected, Object checkpoint) {
        requireSame(checkpoint, "inputPlanes", network.inputPlanes(), expected.inputPlanes());
        requireSame(checkpoint, "width", network.width(), expected.width());
        requireSame(checkpoint, "height", network.height(), expected.height());
        requireSame(checkpoint, "blocks", network.blocks(), expected.blocks());
        requireSame(checkpoint, "channels", network.channels(), expected.channels());
        requireSame(checkpoint, "globalPooling", network.globalPooling(), expected.globalPooling());
        requireSame(checkpoint, "ownershipHead", network.ownershipHead(), expected.ownershipHead());
        requireSame(checkpoint, "scoreHead", network.scoreHead(), expected.scoreHead());
    }

    /** Throws a {@link CheckpointException} unless the checkpoint was trained on this feature set and version. */
    public void requireFeatures(String featureSet, int featureVersion, Object checkpoint) {
        requireSame(checkpoint, "featureSet", provenance.featureSet(), featureSet);
        requireSame(checkpoint, "featureVersion", provenance.featureVersion(), featureVersion);
    }

    private static void requireSame(Object checkpoint, String field, Object stored, Object expected) {
        if (!stored.equals(expected)) {
            throw new CheckpointException("checkpoint " + checkpoint + " has " + field + "=" + stored
                    + " but the config says " + expected);
        }
    }
}
