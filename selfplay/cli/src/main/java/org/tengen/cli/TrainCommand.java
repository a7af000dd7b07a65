package org.tengen.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.arena.EloLadder;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.AtomicFiles;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.run.TrainingRun;
import org.tengen.run.roles.AsyncTrainingRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tengen train}: AlphaZero-style training from scratch, resumable. */
@Command(name = "train", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Train a network by self-play from scratch; resumable.",
            "Generations of: self-play with the best checkpoint, training on the replay window, a new checkpoint, "
                    + "and its arena games against earlier ones and fixed anchors (Elo ladder).",
            "Running it again on the same --run-dir resumes where the last run stopped.",
            "With mode: async in the config, an actor, the learner and the arena run at the same time over a run "
                    + "store in DIR/store, and the run directory's files are kept up to date from it."})
final class TrainCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(TrainCommand.class);

    @Option(names = "--config", paramLabel = "FILE",
            description = "Run configuration, a YAML file such as those in configs/. Optional when resuming: the "
                    + "run directory keeps the config it started with.")
    private Path configFile;

    @Option(names = "--run-dir", paramLabel = "DIR", required = true,
            description = "Directory for checkpoints, games, data, metrics and logs; created if missing.")
    private Path runDir;

    @Option(names = "--generations", paramLabel = "N",
            description = "Run this many generations in all instead of the config's (to extend or shorten a run).")
    private Integer generations;

    @Option(names = "--no-progress", description = "No progress bars, nor the progress lines logged once a minute "
            + "instead of them when stderr is not a terminal.")
    private boolean noProgress;

    @Mixin
    private BackendOption backendOption;

    @Override
    public Integer call() throws Exception {
        // Every option is checked before the run directory is touched: a rejected command leaves nothing behind.
        if (generations != null && generations < 1) {
            throw new IllegalArgumentException("--generations must be at least 1, got " + generations);
        }
        RunDirectory dir = new RunDirectory(runDir);
        String configText = resolveConfig(dir, configFile);
        RunConfig config = RunConfig.from(ConfigNode.parse(dir.configFile().toString(),
                new java.io.StringReader(configText)));
        if (generations != null) {
            config = config.withGenerations(generations);
        }
        config = backendOption.apply(config);
        NetworkRuntime.configure(config.threads());
        dir.requireWritable();
        NetworkRuntime.logTo(dir.logFile());
        LOG.info("Run {} in {}: {}, {} generations of {} games{}", config.name(), dir.root(),
                config.rules().describe(), config.generations(), config.games(),
                config.mode() == RunConfig.Mode.ASYNC ? ", asynchronous (actor, learner and arena over "
                        + AsyncTrainingRun.storeDir(dir) + ")" : "");
        TrainingRun.Summary s = config.mode() == RunConfig.Mode.ASYNC
                ? new AsyncTrainingRun(config, configText, dir, !noProgress).run()
                : new TrainingRun(config, dir, !noProgress).run();
        if (s.alreadyComplete()) {
            System.out.println("Run " + dir.root() + " is already complete (" + config.generations()
                    + " generations); --generations N with a larger N extends it");
        } else {
            printSummary(s, dir);
        }
        return 0;
    }

    /**
     * The config text to use: the run directory's own when resuming (a {@code configFile} must then give the same
     * settings, whatever its comments and layout), else {@code configFile}'s (copied there).
     */
    static String resolveConfig(RunDirectory dir, Path configFile) throws java.io.IOException {
        String existing = RunDirectory.readIfExists(dir.configFile());
        if (configFile == null) {
            if (existing == null) {
                throw new IllegalArgumentException("--config is required to start a new run (" + dir.root()
                        + " has no config.yaml)");
            }
            return existing;
        }
        String given = ConfigNode.readText(configFile);
        // Validate before touching the run directory, so a broken config leaves nothing behind.
        RunConfig parsed = RunConfig.from(ConfigNode.parse(configFile.toString(), new java.io.StringReader(given)));
        if (existing == null) {
            parsed.requireInitialInputs();
        }
        if (existing != null && !RoleOptions.parse(dir.configFile().toString(), existing).equals(parsed)) {
            throw new IllegalArgumentException("run directory " + dir.root() + " was started with a different "
                    + "config; resume it without --config (or with the same settings), or use a new --run-dir");
        }
        if (existing != null) {
            return existing; // the same settings: an asynchronous run's store holds this text
        }
        AtomicFiles.writeString(dir.configFile(), given);
        return given;
    }

    private static void printSummary(TrainingRun.Summary s, RunDirectory dir) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%nRun summary (%s)%n", dir.root()));
        sb.append(String.format(Locale.ROOT, "  generations: %d%n", s.generations()));
        sb.append(String.format(Locale.ROOT, "  this session: %d self-play games (%d distinct), %d samples, %d training "
                + "steps%n", s.games(), s.distinctGames(), s.samples(), s.steps()));
        if (s.selfPlaySeconds() > 0 && s.evaluations() == 0) { // an asynchronous run's actor counts no evaluations
            sb.append(String.format(Locale.ROOT, "  self-play: %.0f games/hour%n", s.gamesPerHour()));
        } else if (s.selfPlaySeconds() > 0) {
            sb.append(String.format(Locale.ROOT, "  self-play: %.0f distinct games/hour, %.0f NN evaluations/s, "
                            + "%.0f%% of self-play time in the network, %.0f%% in search and rules%n",
                    s.gamesPerHour(), s.evaluationsPerSecond(), 100 * s.networkFraction(),
                    100 * (1 - s.networkFraction())));
        }
        if (!s.resourceDrift().isEmpty()) {
            sb.append("  resources (").append(dir.resourcesFile().getFileName()).append("): ").append(s.resourceDrift())
                    .append('\n');
        }
        sb.append("  Elo ladder (anchor at 0, 95% interval):\n");
        for (EloLadder.Rating r : s.ladder()) {
            sb.append(String.format(Locale.ROOT, "    %-14s %7.0f +- %4.0f   %4d games, score %.2f%n", r.player(),
                    r.elo(), r.ci95(), r.games(), r.score()));
        }
        System.out.print(sb);
        AtomicFiles.writeString(dir.summaryFile(), sb.toString().strip() + "\n");
    }
}
