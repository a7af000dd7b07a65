package org.tengen.cli;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.config.ConfigNode;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import picocli.CommandLine.Option;

/** The {@code --run-dir} / {@code --config} pair of commands that use an existing run's models and settings. */
final class RunOptions {
    @Option(names = "--run-dir", paramLabel = "DIR", required = true,
            description = "A training run directory: its config gives rules, features and search, and checkpoints "
                    + "can be named latest, best, gen-0003 or 3.")
    Path runDir;

    RunDirectory directory() {
        return directory(runDir);
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
}
