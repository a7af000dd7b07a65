package org.tengen.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.rules.Preset;
import org.tengen.gtp.GtpEngine;
import org.tengen.gtp.MoveGenerator;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.gtp.RandomMoveGenerator;
import org.tengen.gtp.SearchMoveGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tengen gtp}: a GTP v2 engine on stdin/stdout; logs go to stderr. */
@Command(name = "gtp", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Speak GTP v2 on stdin/stdout, for GoGui, Sabaki, gogui-twogtp, GNU Go and other controllers.",
            "Moves are uniformly random among legal points that do not fill an own single-point eye.",
            "Extension commands: undo, showboard, final_score (Tromp-Taylor area count), is_legal, all_legal, "
                    + "list_stones, captures, tengen-rules [PRESET], boardsize WIDTH HEIGHT."})
final class GtpCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(GtpCommand.class);

    @Spec
    private CommandSpec spec;

    @Option(names = "--rules", paramLabel = "PRESET", defaultValue = "tromp-taylor",
            description = "Rules preset: tromp-taylor, aga, nz, chinese or simple-ko (default: ${DEFAULT-VALUE}).")
    private String rules;

    @Option(names = "--size", paramLabel = "N|WxH", defaultValue = "19",
            description = "Board size until the controller sends boardsize, e.g. 9 or 9x7 (default: ${DEFAULT-VALUE}).")
    private String size;

    @Option(names = "--komi", paramLabel = "POINTS",
            description = "Komi, a multiple of 0.5 (default: the preset's, 7.5 for tromp-taylor).")
    private Double komi;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed for genmove (default: from the clock).")
    private Long seed;

    @Option(names = "--model", paramLabel = "PATH",
            description = "Play with this checkpoint (a checkpoint directory, or a run directory for its latest "
                    + "checkpoint) searched with MCTS, instead of random moves.")
    private java.nio.file.Path model;

    @Option(names = "--simulations", paramLabel = "N", defaultValue = "200",
            description = "MCTS simulations per move with --model (default: ${DEFAULT-VALUE}).")
    private int simulations;

    @Option(names = "--symmetry", paramLabel = "MODE", defaultValue = "random",
            description = "With --model, evaluate the network under board symmetries: none, random (one per "
                    + "position) or all (averaged; 8x the cost) (default: ${DEFAULT-VALUE}).")
    private String symmetry;

    @Override
    public Integer call() throws Exception {
        long s = seed != null ? seed : System.nanoTime();
        MoveGenerator generator = model == null ? new RandomMoveGenerator(s) : modelGenerator(s);
        GtpEngine engine = new GtpEngine("Tengen", Main.version(), generator);
        configure(engine);
        LOG.info("GTP engine ready: {}, seed {}", engine.rules().describe(), s);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        engine.run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out);
        return 0;
    }

    /** A searching player of the checkpoint named by --model, rebuilt for each board size the controller sets. */
    private MoveGenerator modelGenerator(long seed) {
        if (simulations < 1) {
            throw new ParameterException(spec.commandLine(), "--simulations must be at least 1");
        }
        ModelPlayers.Loaded loaded;
        try {
            loaded = ModelPlayers.load(model);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--model: " + e.getMessage());
        }
        LOG.info("Model {} ({}), {} simulations per move", loaded.checkpoint(), loaded.describe(), simulations);
        SymmetricEvaluator.Mode mode = switch (symmetry.toLowerCase(Locale.ROOT)) {
            case "none" -> null;
            case "random" -> SymmetricEvaluator.Mode.RANDOM;
            case "all" -> SymmetricEvaluator.Mode.ALL;
            default -> throw new ParameterException(spec.commandLine(),
                    "--symmetry: expected none, random or all, got '" + symmetry + "'");
        };
        return new SearchMoveGenerator(r -> loaded.player(r, simulations, mode, seed));
    }

    /** Applies the options; a bad value is a usage error (exit code 2) naming the option. */
    private void configure(GtpEngine engine) {
        try {
            engine.setRules(Preset.byName(rules));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rules: " + e.getMessage());
        }
        try {
            String[] sides = size.toLowerCase(Locale.ROOT).split("x", -1);
            if (sides.length > 2) {
                throw new NumberFormatException();
            }
            int width = Integer.parseInt(sides[0].trim());
            int height = sides.length == 2 ? Integer.parseInt(sides[1].trim()) : width;
            engine.setBoardSize(width, height);
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--size: expected N or WxH, got '" + size + "'");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--size: " + e.getMessage());
        }
        if (komi != null) {
            try {
                engine.setKomi(komi);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--komi: " + e.getMessage());
            }
        }
    }
}
