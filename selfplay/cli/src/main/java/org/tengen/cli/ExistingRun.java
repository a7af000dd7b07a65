package org.tengen.cli;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.config.ConfigNode;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;

/** The settings that commands playing an existing run's checkpoints, or a bare checkpoint, take from it. */
final class ExistingRun {
    private ExistingRun() {
    }

    static RunDirectory directory(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            throw new IllegalArgumentException("run directory " + runDir + " does not exist");
        }
        return new RunDirectory(runDir);
    }

    /** The config of an existing run. */
    static RunConfig config(RunDirectory dir) {
        String text = RunDirectory.readIfExists(dir.configFile());
        if (text == null) {
            throw new IllegalArgumentException(dir.root() + " is not a run directory (no config.yaml)");
        }
        return RunConfig.from(ConfigNode.parse(dir.configFile().toString(), new StringReader(text)));
    }

    /** The default config with the features and network of the checkpoint in {@code checkpoint}, a run's or none's. */
    static RunConfig ofCheckpoint(Path checkpoint) {
        CheckpointInfo info = Checkpoints.read(checkpoint);
        return RunConfig.defaults().withNetwork(info.provenance().featureSet(), info.network());
    }
}
