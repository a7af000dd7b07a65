package org.tengen.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.net.PolicyValueNet;

/**
 * The network a run starts from: random weights seeded by the run's seed, or (with {@code network.initFrom}) the
 * weights of another checkpoint, a warm start. The networks are fully convolutional, so a checkpoint trained on
 * another board size fits as long as every other part of the architecture and the feature set are the same; a
 * 7x7 model starts a 9x9 run knowing captures, eyes and that the edge is a poor first move.
 */
public final class InitialNetwork {
    private InitialNetwork() {
    }

    /** Creates the initial network of {@code config}; the caller closes it. */
    public static PolicyValueNet create(RunConfig config) {
        ai.djl.engine.Engine.getInstance().setRandomSeed((int) config.seed());
        if (config.initFrom() == null) {
            return PolicyValueNet.create(config.network());
        }
        Path checkpoint = checkedSource(config);
        try (InputStream in = Files.newInputStream(checkpoint.resolve(Checkpoints.WEIGHTS_FILE))) {
            return PolicyValueNet.load(config.network(), in);
        } catch (IOException e) {
            throw new UncheckedIOException("network.initFrom: cannot read the weights of " + checkpoint, e);
        }
    }

    /**
     * The checkpoint {@code network.initFrom} names, after checking that its weights are intact and fit the run's
     * network and features (board size aside).
     *
     * @throws IllegalArgumentException or {@link org.tengen.models.checkpoint.CheckpointException} saying what does
     *                                  not fit
     */
    static Path checkedSource(RunConfig config) {
        Path checkpoint = source(config.initFrom());
        CheckpointInfo info = Checkpoints.verify(checkpoint);
        info.requireNetwork(config.network().withBoard(info.network().width(), info.network().height()), checkpoint);
        info.requireFeatures(config.featureSet().id(), config.featureSet().version(), checkpoint);
        return checkpoint;
    }

    /** The checkpoint the initial network's weights come from, as its provenance names it, or null for none. */
    public static String parent(RunConfig config) {
        return config.initFrom() == null ? null : source(config.initFrom()).toString();
    }

    /** The checkpoint {@code path} names: itself, or the latest checkpoint of the run or model folder it is. */
    static Path source(Path path) {
        if (Files.isRegularFile(path.resolve(Checkpoints.METADATA_FILE))) {
            return path;
        }
        if (Files.isDirectory(path.resolve("checkpoints"))) {
            return new RunDirectory(path).resolveCheckpoint("latest");
        }
        throw new IllegalArgumentException("network.initFrom: " + path + " is neither a checkpoint (no "
                + Checkpoints.METADATA_FILE + ") nor a run or model folder (no checkpoints/)");
    }
}
