package org.tengen.run;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar on stderr for long phases, or nothing when bars are off (tests, logs to files). */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    static Progress start(boolean enabled, String task, long total) {
        if (!enabled) {
            return new Progress(null);
        }
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build());
    }

    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    void extra(String message) {
        if (bar != null) {
            bar.setExtraMessage(message);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
