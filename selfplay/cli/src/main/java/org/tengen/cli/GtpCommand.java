package org.tengen.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.rules.Preset;
import org.tengen.gtp.DeadStoneJudge;
import org.tengen.gtp.GtpEngine;
import org.tengen.gtp.TimeControl;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.run.Agents;
import org.tengen.run.RunConfig;
import org.tengen.search.SearchConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tengen gtp}: a GTP v2 engine on stdin/stdout; logs go to stderr. */
@Command(name = "gtp", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Speak GTP v2 on stdin/stdout, for GoGui, Sabaki, KGS (kgsGtp), gogui-twogtp, GNU Go and other "
                    + "controllers.",
            "With --model, moves come from MCTS over the network; with --player mcts-rollout, from MCTS over random "
                    + "playouts; otherwise they are uniformly random among legal points that do not fill an own "
                    + "single-point eye.",
            "Time: time_settings, kgs-time_settings and time_left set a clock; each move then searches until its "
                    + "share of the time is up (at most --max-simulations), as does --seconds-per-move.",
            "Extension commands: undo, showboard, final_status_list (dead stones as --dead-stones judges them), "
                    + "final_score (area count: as the board stands under tromp-taylor, without those dead stones "
                    + "under rules that remove them), kgs-genmove_cleanup, fixed_handicap, place_free_handicap, "
                    + "set_free_handicap, loadsgf, printsgf, is_legal, all_legal, list_stones, captures, "
                    + "tengen-rules [PRESET], tengen-analyze [COLOR], boardsize WIDTH HEIGHT.",
            "Live analysis for Sabaki and Lizzie: lz-analyze, kata-analyze (analyze), lz-genmove_analyze, "
                    + "kata-genmove_analyze (genmove_analyze), with kata-analyze's ownership true; for GoGui: "
                    + "gogui-analyze_commands, tengen-policy, tengen-visits, tengen-ownership."})
final class GtpCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(GtpCommand.class);

    @Spec
    private CommandSpec spec;

    @Option(names = "--rules", paramLabel = "PRESET", defaultValue = "tromp-taylor",
            description = "Rules preset: tromp-taylor, aga, nz, chinese or simple-ko (default: ${DEFAULT-VALUE}).")
    private String rules;

    @Option(names = "--size", paramLabel = "N|WxH",
            description = "Board size until the controller sends boardsize: N or WxH, such as 9 or 9x7 (default: the "
                    + "model's board, else 19).")
    private String size;
    /** The board the --model network was trained on ("WxH"), the default of --size; null without a model. */
    private String modelBoard;
    /** The komi of the run --model names, the default of --komi; null for a bare checkpoint or no model. */
    private Double modelKomi;

    @Option(names = "--komi", paramLabel = "POINTS",
            description = "Komi, a multiple of 0.5 (default: the --model run's, else the preset's, 7.5 for "
                    + "tromp-taylor).")
    private Double komi;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed for genmove (default: from the clock).")
    private Long seed;

    @Option(names = "--model", paramLabel = "PATH",
            description = "Play with this checkpoint (a checkpoint directory, or a run directory for its latest "
                    + "checkpoint) searched with MCTS, instead of random moves.")
    private java.nio.file.Path model;

    @Option(names = "--player", paramLabel = "KIND",
            description = "Without --model: random (default), or mcts-rollout for MCTS over random playouts "
                    + "(mcts-rollout:N for N simulations a move instead of --simulations).")
    private String player;

    @Option(names = "--simulations", paramLabel = "N", defaultValue = "200",
            description = "MCTS simulations per move without a time limit (default: ${DEFAULT-VALUE}).")
    private int simulations;

    @Option(names = "--seconds-per-move", paramLabel = "S",
            description = "Search each move for S seconds instead of a number of simulations (less when the game "
                    + "clock requires it).")
    private Double secondsPerMove;

    @Option(names = "--max-simulations", paramLabel = "N", defaultValue = "20000",
            description = "The most simulations a move may use under a time limit (default: ${DEFAULT-VALUE}).")
    private int maxSimulations;

    @Option(names = "--resign-threshold", paramLabel = "V", defaultValue = "" + GtpEngine.DEFAULT_RESIGN_THRESHOLD,
            description = "Resign after 3 own moves in a row whose search value (-1 lost .. 1 won) is below V; -1 never "
                    + "resigns (default: ${DEFAULT-VALUE}).")
    private float resignThreshold;

    @Option(names = "--max-move-seconds", paramLabel = "S", defaultValue = "" + TimeControl.DEFAULT_MAX_MOVE_SECONDS,
            description = "The longest any move may think, whatever the clock or --simulations say (default: "
                    + "${DEFAULT-VALUE}).")
    private double maxMoveSeconds;

    @Option(names = "--time-margin", paramLabel = "S", defaultValue = "" + TimeControl.DEFAULT_MARGIN,
            description = "Seconds kept back for lag wherever overrunning the clock would lose on time (default: "
                    + "${DEFAULT-VALUE}).")
    private double timeMargin;

    @Option(names = "--dead-stones", paramLabel = "JUDGE", defaultValue = DeadStoneJudge.DEFAULT_NAME,
            description = "What judges dead stones for final_status_list, kgs-genmove_cleanup and final_score "
                    + "under rules that remove them (aga, nz, chinese): "
                    + "playouts (random playouts; on finished 9x9 games they agree with GNU Go more often than "
                    + "the pretrained 9x9 network does) or network (the search-averaged ownership of the --model "
                    + "network) (default: ${DEFAULT-VALUE}).")
    private String deadStones;

    @Mixin
    private BackendOption backendOption;

    @Option(names = "--symmetry", paramLabel = "MODE", defaultValue = "random",
            description = "With --model, evaluate the network under board symmetries: none, random (one per "
                    + "position) or all (averaged; 8x the cost) (default: ${DEFAULT-VALUE}).")
    private String symmetry;

    @Override
    public Integer call() throws Exception {
        GtpEngine engine = engine();
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        engine.run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out);
        return 0;
    }

    /** The engine the options describe, ready to run; a bad option is a {@link ParameterException}. */
    GtpEngine engine() {
        long s = seed != null ? seed : System.nanoTime();
        if (simulations < 1) {
            throw new ParameterException(spec.commandLine(), "--simulations must be at least 1");
        }
        if (maxSimulations < 1) {
            throw new ParameterException(spec.commandLine(), "--max-simulations must be at least 1");
        }
        Agent agent = model != null ? modelAgent(s) : networkFreeAgent(s);
        GtpEngine engine = new GtpEngine("Tengen", Main.version(), agent, simulations);
        configure(engine);
        LOG.info("GTP engine ready: {}, seed {}, {}", engine.rules().describe(), s, engine.clock().describe());
        return engine;
    }

    /** The --player agent (random by default), parsed by {@link PlayerSpec} like every player name. */
    private Agent networkFreeAgent(long seed) {
        PlayerSpec parsed;
        try {
            parsed = PlayerSpec.parse(player == null ? "random" : player, Optional.empty());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--player: " + e.getMessage());
        }
        if (!(parsed instanceof PlayerSpec.Random) && !(parsed instanceof PlayerSpec.MctsRollout)) {
            throw new ParameterException(spec.commandLine(), "--player: gtp plays random or mcts-rollout[:N] here; "
                    + "give a checkpoint or run with --model");
        }
        PlayerSpec chosen = parsed instanceof PlayerSpec.MctsRollout m && m.simulations().isEmpty()
                ? new PlayerSpec.MctsRollout(OptionalInt.of(searchBudget())) : parsed;
        return new Agents(RunConfig.defaults()).create(chosen, SearchConfig.rolloutAnchor(searchBudget()), 1, seed);
    }

    /** Simulations a player is built for: the fixed budget, or the cap under a time limit if larger. */
    private int searchBudget() {
        return Math.max(simulations, maxSimulations);
    }

    /**
     * The checkpoint named by --model (or a run's latest) searched by greedy, noise-free PUCT with tree reuse, on
     * whatever board size the controller sets.
     */
    private Agent modelAgent(long seed) {
        if (player != null) {
            throw new ParameterException(spec.commandLine(), "--player and --model exclude each other");
        }
        SymmetricEvaluator.Mode mode = switch (symmetry.toLowerCase(Locale.ROOT)) {
            case "none" -> SymmetricEvaluator.Mode.NONE;
            case "random" -> SymmetricEvaluator.Mode.RANDOM;
            case "all" -> SymmetricEvaluator.Mode.ALL;
            default -> throw new ParameterException(spec.commandLine(),
                    "--symmetry: expected none, random or all, got '" + symmetry + "'");
        };
        PlayerSpec checkpoint = parseModel();
        RunConfig config;
        try {
            if (checkpoint instanceof PlayerSpec.RunCheckpoint run) {
                config = ExistingRun.config(ExistingRun.directory(run.run()));
            } else if (checkpoint instanceof PlayerSpec.Checkpoint c) {
                config = ExistingRun.ofCheckpoint(c.directory());
            } else {
                throw new IllegalArgumentException(model + " is neither a checkpoint (no " + Checkpoints.METADATA_FILE
                        + ") nor a run directory (no config.yaml)");
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--model: " + e.getMessage());
        }
        config = backendOption.apply(config);
        NetworkRuntime.configure(1);
        // The run's arena search (the preset for a bare checkpoint), greedy from the first move: a GTP engine
        // plays to win, and a controller's games differ anyway.
        SearchConfig search = config.arena().search().toBuilder().simulations(searchBudget()).temperatureMoves(0)
                .build();
        Agents agents = checkpoint instanceof PlayerSpec.RunCheckpoint run
                ? Agents.keepingAutoChoiceIn(config, run.run()) : new Agents(config);
        Agent agent = agents.create(checkpoint, search, 1, seed, mode);
        modelBoard = config.network().width() + "x" + config.network().height();
        modelKomi = checkpoint instanceof PlayerSpec.RunCheckpoint ? config.rules().komi() : null;
        LOG.info("Model {} ({} blocks x {} channels, features {}), {} simulations per move without a time limit, "
                        + "at most {} with one", model, config.network().blocks(), config.network().channels(),
                config.features(), simulations, searchBudget());
        return agent;
    }

    /** What --model names, or the random player when it names neither a checkpoint nor a run. */
    private PlayerSpec parseModel() {
        try {
            return PlayerSpec.parse(model.toString(), Optional.empty());
        } catch (IllegalArgumentException e) {
            return new PlayerSpec.Random();
        }
    }

    /** Applies the options; a bad value is a usage error (exit code 2) naming the option. */
    private void configure(GtpEngine engine) {
        try {
            engine.setRules(Preset.byName(rules));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rules: " + e.getMessage());
        }
        try {
            BoardSize board = BoardSize.parse(size != null ? size : modelBoard != null ? modelBoard : "19");
            engine.setBoardSize(board.width(), board.height());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--size: " + e.getMessage());
        }
        Double startKomi = komi != null ? komi : modelKomi;
        if (startKomi != null) {
            try {
                engine.setKomi(startKomi);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--komi: " + e.getMessage());
            }
        }
        try {
            engine.clock().setMargin(timeMargin);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--time-margin: " + e.getMessage());
        }
        try {
            DeadStoneJudge judge = DeadStoneJudge.byName(deadStones);
            if (judge == DeadStoneJudge.NETWORK && model == null) {
                throw new IllegalArgumentException("the network judge needs --model");
            }
            engine.setDeadStoneJudge(judge);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--dead-stones: " + e.getMessage());
        }
        try {
            engine.setResignThreshold(resignThreshold);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--resign-threshold: " + e.getMessage());
        }
        try {
            engine.clock().setMaxMoveSeconds(maxMoveSeconds);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--max-move-seconds: " + e.getMessage());
        }
        if (secondsPerMove != null) {
            try {
                engine.clock().setSecondsPerMove(secondsPerMove);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--seconds-per-move: " + e.getMessage());
            }
        }
    }
}
