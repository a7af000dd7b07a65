package org.tengen.external;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * An external engine's command line, e.g. {@code gnugo --mode gtp --level 0}: a program and its arguments. A
 * program named without a directory is looked up on {@code PATH}, then in {@code /usr/games}, where Debian installs
 * GNU Go (not on every shell's {@code PATH}).
 *
 * @param words the program, then its arguments
 */
public record EngineCommand(List<String> words) {
    private static final Path GAMES_DIR = Path.of("/usr/games");

    public EngineCommand {
        words = List.copyOf(words);
        if (words.isEmpty() || words.get(0).isBlank()) {
            throw new IllegalArgumentException("an engine command needs a program");
        }
    }

    /**
     * Splits a command line into words at spaces; single or double quotes group words (no other shell syntax).
     *
     * @throws IllegalArgumentException for an empty command or an unclosed quote
     */
    public static EngineCommand parse(String commandLine) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : commandLine.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed " + quote + " in engine command '" + commandLine + "'");
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("the engine command is empty");
        }
        return new EngineCommand(words);
    }

    /**
     * The program's executable file.
     *
     * @throws IllegalArgumentException if there is none
     */
    public Path program() {
        String name = words.get(0);
        if (name.contains(File.separator)) {
            Path path = Path.of(name);
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                throw new IllegalArgumentException("engine program " + name + " is not an executable file");
            }
            return path;
        }
        String searchPath = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(searchPath.split(File.pathSeparator)).filter(d -> !d.isEmpty()).map(Path::of),
                        Stream.of(GAMES_DIR))
                .map(dir -> dir.resolve(name))
                .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("engine program '" + name
                        + "' not found on PATH nor in " + GAMES_DIR));
    }

    /** Starts the engine with the program found by {@link #program}; see {@link GtpClient#start}. */
    public GtpClient start(Duration timeout) {
        List<String> argv = new ArrayList<>(words);
        argv.set(0, program().toString());
        return GtpClient.start(argv, timeout);
    }

    @Override
    public String toString() {
        return String.join(" ", words);
    }
}
