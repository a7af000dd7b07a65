package org.tengen.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.tengen.env.io.IoErrors;

/** Writes a run's report: one PNG per plot and {@value #PAGE} linking them, all in one output directory. */
public final class RunReport {
    public static final String PAGE = "report.html";

    /** What was written. */
    public record Output(Path page, List<Path> images) {
    }

    private RunReport() {
    }

    /** The default output directory of a run: {@code <run-dir>/report}. */
    public static Path defaultOutput(Path runDir) {
        return runDir.resolve("report");
    }

    /** Writes the plots and the page into {@code outDir} (created if needed), replacing earlier ones. */
    public static Output write(RunData data, Path outDir) {
        List<Charts.Plot> plots = Charts.all(data);
        return write(plots, PAGE, HtmlPage.render(data, plots), outDir);
    }

    /** Writes each plot as {@code name.png} and {@code html} as {@code page}, all into {@code outDir}. */
    static Output write(List<Charts.Plot> plots, String page, String html, Path outDir) {
        List<Path> images = new ArrayList<>();
        try {
            Files.createDirectories(outDir);
            for (Charts.Plot plot : plots) {
                Path png = outDir.resolve(plot.name() + ".png");
                try (OutputStream out = Files.newOutputStream(png)) {
                    BitmapEncoder.saveBitmap(plot.chart(), out, BitmapEncoder.BitmapFormat.PNG);
                }
                images.add(png);
            }
            Path file = outDir.resolve(page);
            Files.writeString(file, html, StandardCharsets.UTF_8);
            return new Output(file, images);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + outDir + ": " + IoErrors.reason(e), e);
        }
    }
}
