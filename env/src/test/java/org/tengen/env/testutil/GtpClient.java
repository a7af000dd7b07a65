package org.tengen.env.testutil;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A GTP engine in its own process, spoken to over its stdin and stdout as a controller would: {@link #ok} and
 * {@link #error} fail the test when the engine answers otherwise or stops answering. The tests' one GTP client over
 * pipes, for GNU Go ({@link GnuGo}) and for {@code tengen gtp}.
 */
public class GtpClient implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    /** Starts {@code builder}'s command as a GTP engine; {@code name} names it in failure messages. */
    public GtpClient(String name, ProcessBuilder builder) {
        this.name = name;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + builder.command(), e);
        }
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The text of a successful response, without {@code "= "}; fails the test on a GTP error. */
    public String ok(String command) {
        String response = send(command);
        assertTrue(response.startsWith("= "), () -> name + ": '" + command + "' -> " + response);
        return response.substring(2).strip();
    }

    /** The message of a failure response, without {@code "? "}; fails the test when the command succeeds. */
    public String error(String command) {
        String response = send(command);
        assertTrue(response.startsWith("? "), () -> name + ": '" + command + "' should fail -> " + response);
        return response.substring(2).strip();
    }

    /** Sends quit and waits for the process to end. */
    public void quit() throws InterruptedException {
        ok("quit");
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), name + " did not quit");
    }

    /** The response's lines up to the blank line that ends it. */
    private String send(String command) {
        try {
            in.write(command + "\n");
            in.flush();
            StringBuilder response = new StringBuilder();
            for (String line = out.readLine(); ; line = out.readLine()) {
                if (line == null) {
                    throw new AssertionError(name + " stopped answering during '" + command + "' after '" + response
                            + "'");
                }
                if (line.isEmpty()) {
                    return response.toString();
                }
                response.append(response.length() == 0 ? "" : "\n").append(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": '" + command + "' failed", e);
        }
    }

    /** Kills the process (after {@link #quit}, already ended). */
    @Override
    public void close() {
        process.destroyForcibly();
    }
}
