package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A GTP engine in its own process, spoken to over its stdin and stdout; a failed command fails the test. */
final class GtpProcess implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    GtpProcess(String name, ProcessBuilder builder) throws IOException {
        this.name = name;
        process = builder.start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** {@code tengen gtp ARGS} on this test's class path, its log written to {@code log}. */
    static GtpProcess tengen(Path log, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = Stream.concat(Stream.of(java, "-cp", System.getProperty("java.class.path"),
                "org.tengen.cli.Main", "gtp"), Arrays.stream(args)).toArray(String[]::new);
        return new GtpProcess("tengen", new ProcessBuilder(command).redirectError(log.toFile()));
    }

    /** The text of a successful response; fails on a GTP error or when the engine stops answering. */
    String ok(String command) throws IOException {
        in.write(command + "\n");
        in.flush();
        StringBuilder response = new StringBuilder();
        for (String line = out.readLine(); line != null && !line.isEmpty(); line = out.readLine()) {
            response.append(response.length() == 0 ? "" : "\n").append(line);
        }
        assertTrue(response.toString().startsWith("= "), () -> name + ": '" + command + "' -> " + response);
        return response.substring(2).strip();
    }

    /** Sends quit and waits for the process to end. */
    void quit() throws IOException, InterruptedException {
        ok("quit");
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), name + " did not quit");
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
