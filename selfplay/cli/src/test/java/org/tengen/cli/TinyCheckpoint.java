package org.tengen.cli;

import java.nio.file.Path;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

/** A randomly initialised one-block, 8-channel network on az5 features, saved as a checkpoint: fast and offline. */
final class TinyCheckpoint {
    private TinyCheckpoint() {
    }

    static Path create(Path dir) {
        NetworkRuntime.configure(1);
        FeatureSet features = FeatureSets.byId("az5");
        try (PolicyValueNet net = PolicyValueNet.create(NetConfig.of(features.planes(), 5, 5, 1, 8))) {
            Checkpoints.save(dir, net, new Provenance(features.id(), features.version(), "tromp-taylor", 0, null));
        }
        return dir;
    }
}
