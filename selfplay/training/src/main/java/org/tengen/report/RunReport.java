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

    static {
        // Plots are drawn into off-screen images: never connect to a display, even when one is set.
        System.setProperty("java.awt.headless", "true");
    }

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
            Path page = outDir.resolve(PAGE);
            Files.writeString(page, HtmlPage.render(data, plots), StandardCharsets.UTF_8);
            return new Output(page, images);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + outDir + ": " + IoErrors.reason(e), e);
        }
    }
}
