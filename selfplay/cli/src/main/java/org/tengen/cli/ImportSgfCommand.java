package org.tengen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.records.SgfImport;
import org.tengen.run.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tengen import-sgf}: training shards from SGF games, for pre-training or mixing into a run. */
@Command(name = "import-sgf", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Turn SGF games into training shards (.npz) with the samples self-play writes: every move "
                + "is a policy target, the result (RE) the value target, and the area count of the final position "
                + "the ownership and score targets when the game ended by two passes.",
            "Each game is replayed under its own rules, board, komi and handicap. Games on another board than "
                    + "--size are skipped and counted; a file or game that cannot be read or replayed is reported "
                    + "in one line on stderr and skipped. Use the shards with the run config's pretrain.data."})
final class ImportSgfCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "SGF files (collections too) and directories, searched recursively for *.sgf.")
    private List<Path> inputs;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Directory for the shards, created if needed; it must hold no shards yet.")
    private Path out;

    @Option(names = "--config", paramLabel = "FILE",
            description = "The run config whose network the shards are for: gives --features and --size.")
    private Path configFile;

    @Option(names = "--features", paramLabel = "ID",
            description = "Input feature set, e.g. az9 (default: the config's, else az17).")
    private String features;

    @Option(names = "--size", paramLabel = "N|WxH",
            description = "Board of the games to import, e.g. 9 or 9x7 (default: the config's, else 9).")
    private String size;

    @Option(names = "--shard-samples", paramLabel = "N", defaultValue = "8192",
            description = "Samples per shard; a shard ends with a game (default: ${DEFAULT-VALUE}).")
    private int shardSamples;

    @Override
    public Integer call() {
        if (shardSamples < 1) {
            throw new ParameterException(spec.commandLine(), "--shard-samples must be at least 1, got "
                    + shardSamples);
        }
        RunConfig config = configFile != null ? RunConfig.load(configFile) : RunConfig.defaults();
        FeatureSet featureSet;
        try {
            featureSet = features != null ? FeatureSets.byId(features) : config.featureSet();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--features: " + e.getMessage());
        }
        BoardSize board;
        try {
            board = size != null ? BoardSize.parse(size)
                    : new BoardSize(config.rules().width(), config.rules().height());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--size: " + e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        SgfImport.Summary summary = new SgfImport(featureSet, board.width(), board.height(), shardSamples)
                .run(inputs, out, line -> {
                    err.println(line);
                    err.flush();
                });
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "%s (%s, %dx%d) in %.1f s%n", summary.describe(), featureSet.id(), board.width(),
                board.height(), (System.nanoTime() - start) / 1e9);
        stdout.flush();
        return 0;
    }
}
