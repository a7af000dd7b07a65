package org.tengen.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One in-process run of the {@code tengen} command line: its exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {

    static CliRun of(String... args) {
        return of(Main.commandLine(), args);
    }

    static CliRun of(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
