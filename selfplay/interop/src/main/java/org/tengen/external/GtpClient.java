package org.tengen.external;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The controller side of GTP v2 with one engine: sends numbered commands and reads their {@code =} / {@code ?}
 * responses (one or more lines, ended by a blank line), each within a timeout. A crashed or hung engine or output
 * that is not a response to the command sent becomes a {@link GtpException} naming the engine and the command;
 * after such a failure the client stays broken, since answers could no longer be matched to commands.
 *
 * <p>{@link #submit} and {@link #await} split {@link #send} so that several engines can think at once. One command
 * at a time; not thread-safe.
 */
public final class GtpClient implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(GtpClient.class);
    /** Queued by the reader thread when the engine's output ends (compared by identity). */
    private static final String END = new String("end of output");
    private static final int STDERR_LINES = 5;
    private static final Duration QUIT_TIMEOUT = Duration.ofSeconds(2);

    private final String label;
    private final Duration timeout;
    private final Writer toEngine;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private int nextId = 1;
    private String pending;
    private int pendingId;
    private long pendingDeadline;
    private GtpException broken;

    private GtpClient(String label, InputStream fromEngine, OutputStream toEngine, Duration timeout,
                      Process process) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the GTP timeout must be positive, got " + timeout);
        }
        this.label = label;
        this.timeout = timeout;
        this.process = process;
        this.toEngine = new BufferedWriter(new OutputStreamWriter(toEngine, StandardCharsets.UTF_8));
        daemon("gtp stdout of " + label, fromEngine, lines::add, () -> lines.add(END));
    }

    /**
     * A client of an engine that reads commands from {@code toEngine} and answers on {@code fromEngine}, e.g. one
     * running in this process.
     *
     * @param label names the engine in error messages
     */
    public GtpClient(String label, InputStream fromEngine, OutputStream toEngine, Duration timeout) {
        this(label, fromEngine, toEngine, timeout, null);
    }

    /**
     * Starts {@code command} (program and arguments) as a process and talks to it over its stdin and stdout; its
     * stderr is logged at debug level and its last lines are quoted if it crashes.
     *
     * @throws IllegalArgumentException if the program cannot be started
     */
    public static GtpClient start(List<String> command, Duration timeout) {
        String label = String.join(" ", command);
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot start GTP engine '" + label + "': " + e.getMessage(), e);
        }
        GtpClient client = new GtpClient(label, process.getInputStream(), process.getOutputStream(), timeout,
                process);
        daemon("gtp stderr of " + label, process.getErrorStream(), line -> {
            LOG.debug("{} stderr: {}", label, line);
            synchronized (client.stderrTail) {
                if (client.stderrTail.size() == STDERR_LINES) {
                    client.stderrTail.removeFirst();
                }
                client.stderrTail.addLast(line);
            }
        }, () -> { });
        return client;
    }

    /** Feeds the lines of {@code in} to {@code sink} on a daemon thread, then runs {@code atEnd}. */
    private static void daemon(String name, InputStream in, Consumer<String> sink, Runnable atEnd) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                LOG.debug("{}: {}", name, e.getMessage());
            } finally {
                atEnd.run();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The engine as named in messages: its command line, or the label it was given. */
    public String label() {
        return label;
    }

    /** Sends {@code command} and returns the text of the {@code =} response (without the {@code =} and id). */
    public String send(String command) {
        submit(command);
        return await();
    }

    /** Sends {@code command} without waiting; {@link #await} reads its response. */
    public void submit(String command) {
        if (broken != null) {
            throw new GtpException(broken.kind(), broken.getMessage());
        }
        if (pending != null) {
            throw new IllegalStateException("GTP engine '" + label + "' has not answered '" + pending + "' yet");
        }
        if (command.isBlank() || command.chars().anyMatch(c -> c < ' ')) {
            throw new IllegalArgumentException("not a GTP command: '" + command + "'");
        }
        pending = command;
        pendingId = nextId++;
        LOG.debug("{} << {} {}", label, pendingId, command);
        try {
            toEngine.write(pendingId + " " + command + "\n");
            toEngine.flush();
        } catch (IOException e) {
            throw fail(GtpException.Kind.CRASHED, "'" + command + "' could not be sent (" + e.getMessage() + ")");
        }
        pendingDeadline = System.nanoTime() + timeout.toNanos();
    }

    /** The text of the response to the command {@link #submit submitted}; see {@link #send}. */
    public String await() {
        String command = pending;
        if (command == null) {
            throw new IllegalStateException("no GTP command awaits an answer from '" + label + "'");
        }
        StringBuilder text = null;
        boolean refused = false;
        while (true) {
            String line;
            try {
                long left = pendingDeadline - System.nanoTime();
                line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : lines.poll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw fail(GtpException.Kind.TIMEOUT, "interrupted while waiting for the answer to '" + command
                        + "'");
            }
            if (line == null) {
                throw fail(GtpException.Kind.TIMEOUT, "no answer to '" + command + "' within "
                        + seconds(timeout) + " s");
            }
            if (line == END) {
                throw fail(GtpException.Kind.CRASHED, "output ended before the answer to '" + command + "'");
            }
            line = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            LOG.debug("{} >> {}", label, line);
            if (text == null) {
                if (line.isBlank()) {
                    continue;
                }
                refused = line.charAt(0) == '?';
                int end = 1;
                while (end < line.length() && Character.isDigit(line.charAt(end))) {
                    end++;
                }
                String id = line.substring(1, end);
                boolean response = line.charAt(0) == '=' || refused;
                if (!response || (end < line.length() && !Character.isWhitespace(line.charAt(end)))) {
                    throw fail(GtpException.Kind.MALFORMED, "answered '" + abbreviate(line) + "' to '" + command
                            + "', which is not a GTP response");
                }
                if (!id.isEmpty() && !id.equals(Integer.toString(pendingId))) {
                    throw fail(GtpException.Kind.MALFORMED, "answered with id " + id + " to '" + command
                            + "' sent with id " + pendingId);
                }
                text = new StringBuilder(line.substring(end).strip());
            } else if (line.isEmpty()) {
                pending = null;
                if (refused) {
                    throw new GtpException(GtpException.Kind.REFUSED, "GTP engine '" + label + "' refused '"
                            + command + "': " + (text.isEmpty() ? "(no reason given)" : text));
                }
                return text.toString();
            } else {
                text.append('\n').append(line);
            }
        }
    }

    /** Marks the client broken by a failure described by {@code problem}, with what is known of the process. */
    private GtpException fail(GtpException.Kind kind, String problem) {
        pending = null;
        String details = kind == GtpException.Kind.CRASHED ? processStatus() : "";
        broken = new GtpException(kind, "GTP engine '" + label + "': " + problem + details);
        return broken;
    }

    private String processStatus() {
        if (process == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        try {
            s.append(process.waitFor(1, TimeUnit.SECONDS) ? "; it exited with code " + process.exitValue()
                    : "; it is still running");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (stderrTail) {
            if (!stderrTail.isEmpty()) {
                s.append("; its last stderr: ").append(String.join(" | ", stderrTail));
            }
        }
        return s.toString();
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    /**
     * Sends {@code quit} if the engine is healthy and waits briefly for it to exit; a broken, hung or lingering
     * process is killed.
     */
    @Override
    public void close() {
        if (broken == null && pending == null) {
            try {
                submit("quit");
                pendingDeadline = System.nanoTime() + Math.min(timeout.toNanos(), QUIT_TIMEOUT.toNanos());
                await();
            } catch (GtpException e) {
                LOG.debug("{} did not quit cleanly: {}", label, e.getMessage());
            }
        }
        boolean healthy = broken == null && pending == null;
        try {
            toEngine.close();
        } catch (IOException e) {
            LOG.debug("{}: closing stdin: {}", label, e.getMessage());
        }
        if (process != null) {
            try {
                if (!healthy || !process.waitFor(QUIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    // The whole tree: an engine started through a shell or wrapper leaves its real player behind.
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        pending = null;
        broken = new GtpException(GtpException.Kind.CRASHED, "GTP engine '" + label + "' was closed");
    }
}
