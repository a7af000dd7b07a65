package org.tengen.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.logging.log4j.LogManager;

/**
 * A progress bar on stderr for long phases. When stderr is not a terminal (a log file or a pipe would get a line of
 * carriage returns), a plain log line at most once a minute instead, so that a run in the background or in a pod still
 * shows how far a long phase (pre-training, self-play) has come; nothing when progress is off ({@code --no-progress},
 * tests). A note (the run's ETA) follows the phase's own message.
 */
public final class Progress implements AutoCloseable {
    static final long LOG_EVERY_NANOS = 60_000_000_000L;

    private final ProgressBar bar;
    private final String note;
    private final java.util.List<Runnable> deferredLogs = new java.util.ArrayList<>();
    private final Lines lines;

    /** The plain lines that stand in for a bar: a task, its total, a clock and where the lines go. */
    private static final class Lines {
        final String task;
        final long total;
        final LongSupplier clock;
        final Consumer<String> sink;
        final long start;
        long done;
        long lastLine;
        String message = "";

        Lines(String task, long total, LongSupplier clock, Consumer<String> sink) {
            this.task = task;
            this.total = total;
            this.clock = clock;
            this.sink = sink;
            this.start = clock.getAsLong();
            this.lastLine = start;
        }

        void step(String note) {
            done++;
            long now = clock.getAsLong();
            if (now - lastLine < LOG_EVERY_NANOS || done >= total) {
                return;
            }
            lastLine = now;
            double each = (now - start) / 1e9 / done;
            String text = message.isEmpty() ? note : note.isEmpty() ? message : message + ", " + note;
            sink.accept(String.format(Locale.ROOT, "%s: %d/%d (%d%%), %.2f s each, %s left%s", task, done, total,
                    100 * done / total, each, Session.hms(each * (total - done)),
                    text.isEmpty() ? "" : ", " + text));
        }
    }

    private Progress(ProgressBar bar, Lines lines, String note) {
        this.bar = bar;
        this.lines = lines;
        this.note = note;
        extra("");
    }

    public static Progress start(boolean enabled, String task, long total, String note) {
        if (!enabled) {
            return new Progress(null, null, note);
        }
        return stderrIsTerminal() ? to(new ConsoleProgressBarConsumer(System.err), task, total, note)
                : lines(task, total, note, System::nanoTime, LogManager.getLogger(Progress.class)::info);
    }

    /** Log lines instead of a bar, with the given clock (for tests). */
    static Progress lines(String task, long total, String note, LongSupplier clock, Consumer<String> sink) {
        return new Progress(null, new Lines(task, total, clock, sink), note);
    }

    /** A bar drawn by {@code consumer} whatever it writes to (for tests). */
    static Progress to(ConsoleProgressBarConsumer consumer, String task, long total, String note) {
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).showSpeed(new DecimalFormat("0.0"))
                .setConsumer(consumer).build(), null, note);
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

    public void step() {
        if (bar != null) {
            bar.step();
        } else if (lines != null) {
            lines.step(note);
        }
    }

    /** The phase's message after the counts, e.g. {@code 2326 samples}. */
    public void extra(String message) {
        if (bar != null) {
            // The bar puts the message right after the speed: the space is ours to add.
            String text = message.isEmpty() ? note : note.isEmpty() ? message : message + ", " + note;
            bar.setExtraMessage(text.isEmpty() ? "" : " " + text);
        } else if (lines != null) {
            lines.message = message;
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
