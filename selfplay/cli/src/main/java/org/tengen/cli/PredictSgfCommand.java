package org.tengen.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.inference.InferenceNet;
import org.tengen.records.MoveAgreement;
import org.tengen.records.SgfImport;
import org.tengen.run.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tengen predict-sgf}: how well a network predicts the moves and results of SGF games, as how often its most
 * probable move is the move played and its value has the sign of the result. Its earlier name {@code eval-sgf} stays
 * an alias.
 */
@Command(name = "predict-sgf", aliases = "eval-sgf", mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Measure how well a network predicts SGF games: top-1 move agreement (its most probable legal "
                + "move is the move played) and how often its value has the sign of the result.",
            "Games are read as import-sgf reads them; bad files are reported on stderr and skipped.",
            "Also called eval-sgf (its earlier name)."})
final class PredictSgfCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "SGF files (collections too) and directories, searched recursively for *.sgf.")
    private List<Path> inputs;

    @Option(names = "--model", paramLabel = "PATH", required = true,
            description = "A checkpoint directory, or a run directory (its latest checkpoint).")
    private Path model;

    @Option(names = "--size", paramLabel = "N|WxH",
            description = "Board of the games to read, e.g. 9 or 9x7 (default: the model's).")
    private String size;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "256",
            description = "Positions per network call (default: ${DEFAULT-VALUE}).")
    private int batch;

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "libtorch",
            description = "Backend that runs the network: libtorch, onnx, int8 or auto (default: ${DEFAULT-VALUE}).")
    private String backend;

    @Option(names = "--reference", paramLabel = "NAME",
            description = "Also run the network on this backend and compare on every position: the largest and mean "
                    + "differences of the masked policies and values, and how often the most probable move is the "
                    + "same (e.g. --backend int8 --reference libtorch).")
    private String reference;

    @Override
    public Integer call() {
        InferenceBackend measured = backend(backend, "--backend");
        Optional<InferenceBackend> referenceBackend = Optional.ofNullable(reference).map(r -> backend(r,
                "--reference"));
        if (batch < 1) {
            throw new ParameterException(spec.commandLine(), "--batch must be at least 1, got " + batch);
        }
        Path checkpoint = checkpoint();
        CheckpointInfo info = Checkpoints.read(checkpoint);
        FeatureSet features = FeatureSets.byId(info.provenance().featureSet());
        info.requireFeatures(features.id(), features.version(), checkpoint);
        BoardSize board;
        try {
            board = size != null ? BoardSize.parse(size)
                    : new BoardSize(info.network().width(), info.network().height());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--size: " + e.getMessage());
        }
        NetworkRuntime.configure(1);
        SgfImport importer = new SgfImport(features, board.width(), board.height(), 1);
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        MoveAgreement.Result r;
        try (InferenceNet net = InferenceNet.load(checkpoint, info.network(), measured, 1);
             Evaluator evaluator = net.evaluator(importer.spec());
             InferenceNet ref = referenceBackend.map(b -> InferenceNet.load(checkpoint, info.network(), b, 1))
                     .orElse(null);
             Evaluator refEvaluator = ref == null ? null : ref.evaluator(importer.spec())) {
            r = MoveAgreement.measure(evaluator, Optional.ofNullable(refEvaluator), importer, inputs, batch, line -> {
                err.println(line);
                err.flush();
            });
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s: %s (%.1f s)%n", checkpoint, r.describe(), (System.nanoTime() - start) / 1e9);
        r.reading().skipped().forEach((reason, n) -> out.printf(Locale.ROOT, "skipped %d %s%n", n, reason));
        out.flush();
        return 0;
    }

    private InferenceBackend backend(String name, String option) {
        try {
            return InferenceBackend.parse(name);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /** The checkpoint --model names: itself, or a run directory's latest. */
    private Path checkpoint() {
        if (Files.isRegularFile(model.resolve(Checkpoints.METADATA_FILE))) {
            return model;
        }
        if (Files.isRegularFile(model.resolve("config.yaml"))) {
            return new RunDirectory(model).resolveCheckpoint("latest");
        }
        throw new ParameterException(spec.commandLine(), "--model: " + model + " is neither a checkpoint (no "
                + Checkpoints.METADATA_FILE + ") nor a run directory (no config.yaml)");
    }
}
