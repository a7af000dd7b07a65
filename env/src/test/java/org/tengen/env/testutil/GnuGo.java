package org.tengen.env.testutil;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.tengen.env.board.Stone;

/**
 * GNU Go driven over GTP ({@code gnugo --mode gtp}) as a rules oracle: legality of every point, the stones on the
 * board, fixed handicap layouts. A command that GNU Go answers with {@code ?} fails the test, naming command and
 * answer.
 */
public final class GnuGo extends GtpClient {
    /** Where to look besides PATH: Debian installs it outside the default PATH. */
    private static final Path DEBIAN_PATH = Path.of("/usr/games/gnugo");
    /** The message for Assumptions when GNU Go is missing. */
    public static final String MISSING = "GNU Go not found on PATH nor at " + DEBIAN_PATH
            + " (apt-get install gnugo): skipping";

    private GnuGo(List<String> command) {
        super("GNU Go", new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
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

    /** Starts GNU Go in GTP mode with a fixed seed and the given options (e.g. {@code --positional-superko}). */
    public static GnuGo start(long seed, String... options) {
        Path exe = find().orElseThrow(() -> new IllegalStateException(MISSING));
        List<String> command = new ArrayList<>(List.of(exe.toString(), "--mode", "gtp", "--seed", Long.toString(seed)));
        command.addAll(Arrays.asList(options));
        return new GnuGo(command);
    }

    public void newGame(int size) {
        ok("boardsize " + size);
        ok("clear_board");
    }

    /** Plays a GTP vertex or {@code pass} for {@code player}. */
    public void play(int player, String vertex) {
        ok("play " + Stone.name(player) + " " + vertex);
    }

    /** Vertices where {@code player} may play now, by GNU Go's rules. */
    public Set<String> allLegal(int player) {
        return vertices(ok("all_legal " + Stone.name(player)));
    }

    /** Vertices of {@code player}'s stones. */
    public Set<String> stones(int player) {
        return vertices(ok("list_stones " + Stone.name(player)));
    }

    /** The vertices of {@code fixed_handicap n} on the current (empty) board. */
    public Set<String> fixedHandicap(int stones) {
        return vertices(ok("fixed_handicap " + stones));
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
}
