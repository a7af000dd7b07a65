package org.tengen.env.testutil;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.tengen.env.board.Stone;

/**
 * GNU Go driven over GTP ({@code gnugo --mode gtp}) as a rules oracle: legality of every point, the stones on the
 * board, fixed handicap layouts. Commands that GNU Go answers with {@code ?} throw, naming command and answer.
 */
public final class GnuGo implements AutoCloseable {
    /** Where to look besides PATH: Debian installs it outside the default PATH. */
    private static final Path DEBIAN_PATH = Path.of("/usr/games/gnugo");
    /** The message for Assumptions when GNU Go is missing. */
    public static final String MISSING = "GNU Go not found on PATH nor at " + DEBIAN_PATH
            + " (apt-get install gnugo): skipping";

    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    private GnuGo(Process process) {
        this.process = process;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
    }

    /** The gnugo executable on PATH or at {@code /usr/games/gnugo}, if any. */
    public static Optional<Path> find() {
        String path = System.getenv().getOrDefault("PATH", "");
        List<Path> candidates = new ArrayList<>();
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                candidates.add(Path.of(dir, "gnugo"));
            }
        }
        candidates.add(DEBIAN_PATH);
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** Starts GNU Go in GTP mode with a fixed seed and the given rule options (e.g. {@code --positional-superko}). */
    public static GnuGo start(long seed, String... options) {
        Path exe = find().orElseThrow(() -> new IllegalStateException(MISSING));
        List<String> command = new ArrayList<>(List.of(exe.toString(), "--mode", "gtp", "--seed", Long.toString(seed)));
        command.addAll(Arrays.asList(options));
        try {
            return new GnuGo(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** Sends one GTP command and returns the answer without the leading {@code "= "}. */
    public String send(String command) {
        try {
            in.write(command + "\n");
            in.flush();
            StringBuilder answer = new StringBuilder();
            String line;
            while ((line = out.readLine()) != null && !line.isEmpty()) {
                answer.append(answer.length() == 0 ? "" : "\n").append(line);
            }
            if (line == null) {
                throw new IllegalStateException("GNU Go exited during '" + command + "'");
            }
            String text = answer.toString();
            if (!text.startsWith("=")) {
                throw new IllegalStateException("GNU Go refused '" + command + "': " + text);
            }
            return text.substring(1).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("GTP command '" + command + "' failed", e);
        }
    }

    public void newGame(int size) {
        send("boardsize " + size);
        send("clear_board");
    }

    /** Plays a GTP vertex or {@code pass} for {@code player}. */
    public void play(int player, String vertex) {
        send("play " + Stone.name(player) + " " + vertex);
    }

    /** Vertices where {@code player} may play now, by GNU Go's rules. */
    public Set<String> allLegal(int player) {
        return vertices(send("all_legal " + Stone.name(player)));
    }

    public boolean isLegal(int player, String vertex) {
        return send("is_legal " + Stone.name(player) + " " + vertex).equals("1");
    }

    /** Vertices of {@code player}'s stones. */
    public Set<String> stones(int player) {
        return vertices(send("list_stones " + Stone.name(player)));
    }

    /** The vertices of {@code fixed_handicap n} on the current (empty) board. */
    public Set<String> fixedHandicap(int stones) {
        return vertices(send("fixed_handicap " + stones));
    }

    private static Set<String> vertices(String answer) {
        Set<String> set = new LinkedHashSet<>();
        for (String v : answer.split("\\s+")) {
            if (!v.isEmpty()) {
                set.add(v.toUpperCase(Locale.ROOT));
            }
        }
        return set;
    }

    @Override
    public void close() {
        try {
            send("quit");
        } catch (RuntimeException e) {
            // Already gone: nothing to shut down politely.
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
