package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.tengen.gtp.GtpEngine;
import picocli.CommandLine;

/** Test helpers for the engines {@code tengen gtp} builds from its options. */
final class GtpEngines {
    private GtpEngines() {
    }

    /** The engine {@code tengen gtp ARGS} would run; a bad option throws picocli's ParameterException. */
    static GtpEngine engine(String... args) {
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs(args);
        return command.engine();
    }

    /** The text of a successful response, checked to be framed as GTP says; fails the test on an error. */
    static String ok(GtpEngine engine, String command) {
        String response = engine.execute(command);
        assertTrue(response.startsWith("= ") && response.endsWith("\n\n"), command + " -> " + response);
        return response.substring(2).strip();
    }
}
