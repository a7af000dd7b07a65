package org.tengen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tengen.report.RunComparison;
import org.tengen.report.RunData;
import org.tengen.report.RunReport;
import org.tengen.run.RunDirectory;
import org.tengen.run.roles.StoreExport;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tengen report}: plots and an HTML page for a training run. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Write PNG plots and an HTML page (report.html) for a training run: Elo of each checkpoint, "
                + "arena scores, training losses and self-play throughput, with the Elo ladder, totals and the "
                + "run's config.",
            "Nothing in the run directory changes except the default output folder RUN_DIR/report. The page links "
                    + "the plots by relative paths, so the output folder can be copied as a whole.",
            "RUN_DIR may also be the run store of separate actor and learner processes, a directory or "
                    + "s3://BUCKET/PREFIX: its run directory view (config, metrics.csv, elo.csv, arena results; no "
                    + "checkpoints) is written into the output folder as NAME/, and the store is only read.",
            "Given several run directories, compares them instead: their Elo against hours of self-play and training "
                    + "and against self-play games on one plot each, and the config fields in which they differ "
                    + "(compare.html, in ./report-compare unless --out says otherwise)."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR",
            description = "The training run directory (with metrics.csv), or a run store; several to compare runs.")
    private List<String> runs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for report.html and the PNG plots, created if needed; existing report files "
                    + "are replaced (default: RUN_DIR/report; for a run store, ./report; for several runs, "
                    + "./report-compare).")
    private Path out;

    @Override
    public Integer call() {
        RunReport.Output written;
        if (runs.size() == 1) {
            String run = runs.get(0);
            Path output = out != null ? out : isStore(run) ? Path.of("report") : RunReport.defaultOutput(Path.of(run));
            written = RunReport.write(read(run, output), output);
        } else {
            Path output = out != null ? out : Path.of("report-compare");
            List<RunData> data = new ArrayList<>();
            for (String run : runs) {
                data.add(read(run, output));
            }
            written = RunComparison.write(data, output);
        }
        spec.commandLine().getOut().printf("Wrote %d plots and %s%n", written.images().size(),
                written.page().toAbsolutePath().normalize());
        return 0;
    }

    /** A run directory, or a run store's view written into {@code output} as the store's name. */
    private static RunData read(String run, Path output) {
        if (!isStore(run)) {
            return RunData.read(Path.of(run));
        }
        try (RunStore store = RunStore.open(run)) {
            String name = Path.of(run.replaceFirst("^s3://", "").replaceAll("/+$", "")).getFileName().toString();
            RunDirectory view = StoreExport.reportView(store, output.resolve(name));
            return RunData.read(view.root());
        }
    }

    /** An S3 location, or a directory that is a file store's root (models/ or learner/) and no run dir. */
    private static boolean isStore(String run) {
        if (run.startsWith("s3://")) {
            return true;
        }
        Path dir = Path.of(run);
        return (Files.isDirectory(dir.resolve(RunLayout.MODELS)) || Files.isDirectory(dir.resolve(RunLayout.LEDGERS)))
                && !Files.exists(new RunDirectory(dir).metricsFile());
    }
}
