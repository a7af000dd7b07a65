package org.tengen.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.Configurator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code tengen} command. Exit codes: 0 success, 1 a failure while running, 2 a usage error; both failures are
 * reported as one {@code error: ...} line on stderr, never a stack trace. To add a tool, add its command class to
 * {@code subcommands}.
 */
@Command(name = "tengen", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Train Go agents by self-play.",
        subcommands = {TrainCommand.class, ActorCommand.class, LearnerCommand.class, ArenaCommand.class,
            MatchCommand.class, GtpCommand.class, ImportSgfCommand.class, PredictSgfCommand.class,
            BenchCommand.class, ReportCommand.class, SweepCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    private static final Logger LOG = LogManager.getLogger(Main.class);

    @Spec
    private CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Log at debug level, with stack traces of errors (or set -Dtengen.log.level=debug).")
    void setVerbose(boolean verbose) {
        if (verbose) {
            Configurator.setRootLevel(Level.DEBUG);
        }
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command tree, for {@code main} and tests. */
    static CommandLine commandLine() {
        return new CommandLine(new Main())
                .setParameterExceptionHandler(Main::reportUsageError)
                .setExecutionExceptionHandler(Main::reportFailure);
    }

    /** Prints the problem and where to find help, rather than the whole usage text. */
    private static int reportUsageError(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        command.getErr().println("error: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, command.getErr());
        command.getErr().println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for the options.");
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** Prints {@code error: message} instead of a stack trace; the trace goes to the debug log. */
    private static int reportFailure(Exception e, CommandLine command, ParseResult parsed) {
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        boolean expected = e instanceof IllegalArgumentException || e instanceof IllegalStateException
                || e instanceof IOException || e instanceof UncheckedIOException
                || e instanceof org.tengen.models.checkpoint.CheckpointException;
        command.getErr().println("error: " + message + (expected ? "" : " (" + e.getClass().getName()
                + "; run with --verbose for the stack trace)"));
        LOG.debug("{} failed", command.getCommandName(), e);
        return command.getCommandSpec().exitCodeOnExecutionException();
    }

    /** The project version from the jar manifest ("dev" when run from classes, e.g. in tests). */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"tengen " + version()};
        }
    }
}
