package org.tengen.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr for long phases, or nothing when bars are off ({@code --no-progress}, tests) or stderr is
 * not a terminal (a log file or a pipe would get a line of carriage returns). A note (the run's ETA) follows the
 * phase's own message.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;
    private final String note;
    private final java.util.List<Runnable> deferredLogs = new java.util.ArrayList<>();

    private Progress(ProgressBar bar, String note) {
        this.bar = bar;
        this.note = note;
        extra("");
    }

    static Progress start(boolean enabled, String task, long total, String note) {
        return enabled && stderrIsTerminal() ? to(new ConsoleProgressBarConsumer(System.err), task, total, note)
                : new Progress(null, note);
    }

    /** A bar drawn by {@code consumer} whatever it writes to (for tests). */
    static Progress to(ConsoleProgressBarConsumer consumer, String task, long total, String note) {
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).showSpeed(new DecimalFormat("0.0"))
                .setConsumer(consumer).build(), note);
    }

    /**
     * Whether stderr is a terminal: a console is attached (stdin and stdout are terminals) and, where Linux's
     * {@code /proc} tells, stderr itself goes to a terminal rather than a file or a pipe.
     */
    static boolean stderrIsTerminal() {
        if (System.console() == null) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }

    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    /** The phase's message after the counts, e.g. {@code 2326 samples}. */
    void extra(String message) {
        if (bar != null) {
            // The bar puts the message right after the speed: the space is ours to add.
            String text = message.isEmpty() ? note : note.isEmpty() ? message : message + ", " + note;
            bar.setExtraMessage(text.isEmpty() ? "" : " " + text);
        }
    }

    /** Logs now, or once the bar is closed when one is drawn: a log line would cut into the bar's line. */
    void log(Runnable logging) {
        if (bar == null) {
            logging.run();
        } else {
            deferredLogs.add(logging);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            deferredLogs.forEach(Runnable::run);
        }
    }
}
