package org.tengen.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.tengen.report.RunComparison;
import org.tengen.report.RunData;
import org.tengen.report.RunReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tengen report}: plots and an HTML page for a training run. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Write PNG plots and an HTML page (report.html) for a training run: Elo of each checkpoint, "
                + "evaluation scores, training losses and self-play throughput, with the Elo ladder, totals and the "
                + "run's config.",
            "Nothing in the run directory changes except the default output folder RUN_DIR/report. The page links "
                    + "the plots by relative paths, so the output folder can be copied as a whole.",
            "Given several run directories, compares them instead: their Elo against hours of self-play and training "
                    + "and against self-play games on one plot each, and the config fields in which they differ "
                    + "(compare.html, in ./report-compare unless --out says otherwise)."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR",
            description = "The training run directory (with metrics.csv); several to compare runs.")
    private List<Path> runDirs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for report.html and the PNG plots, created if needed; existing report files "
                    + "are replaced (default: RUN_DIR/report, or ./report-compare for several runs).")
    private Path out;

    @Override
    public Integer call() {
        RunReport.Output written;
        if (runDirs.size() == 1) {
            Path runDir = runDirs.get(0);
            written = RunReport.write(RunData.read(runDir), out != null ? out : RunReport.defaultOutput(runDir));
        } else {
            List<RunData> runs = runDirs.stream().map(RunData::read).toList();
            written = RunComparison.write(runs, out != null ? out : Path.of("report-compare"));
        }
        spec.commandLine().getOut().printf("Wrote %d plots and %s%n", written.images().size(),
                written.page().toAbsolutePath().normalize());
        return 0;
    }
}
