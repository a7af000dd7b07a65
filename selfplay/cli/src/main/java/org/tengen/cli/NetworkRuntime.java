package org.tengen.cli;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;

/** Process-wide settings for commands that run networks, applied before DJL starts. */
final class NetworkRuntime {
    private NetworkRuntime() {
    }

    /** Offline mode (no downloads, no telemetry) and the intra-op thread count, unless set by the user. */
    static void configure(int threads) {
        System.setProperty("ai.djl.offline", "true");
        if (System.getProperty("ai.djl.pytorch.num_threads") == null) {
            System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(threads));
        }
        if (System.getProperty("ai.djl.pytorch.num_interop_threads") == null) {
            System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        }
    }

    /** Also writes the log to {@code file} (appending), e.g. a run directory's log. */
    static void logTo(java.nio.file.Path file) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        PatternLayout layout = PatternLayout.newBuilder().withConfiguration(config)
                .withPattern("%d{yyyy-MM-dd HH:mm:ss} %-5level %c{1}: %msg%n").build();
        FileAppender appender = FileAppender.newBuilder().setName("run-log").setConfiguration(config)
                .withFileName(file.toString()).withAppend(true).setLayout(layout).build();
        appender.start();
        config.addAppender(appender);
        config.getRootLogger().addAppender(appender, Level.INFO, null);
        context.updateLoggers();
    }
}
