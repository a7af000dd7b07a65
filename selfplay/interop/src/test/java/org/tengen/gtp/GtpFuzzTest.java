package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.agent.Agent;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.SearchAgent;
import org.tengen.env.game.Vertex;
import org.tengen.fuzz.Fuzz;
import org.tengen.fuzz.Mutator;
import org.tengen.sgf.SgfRules;

/**
 * A live engine fed random and malformed lines: known commands with random, garbage, huge and negative arguments,
 * unknown commands, ids, CR, tabs, control characters, comments, empty and very long lines, and {@code loadsgf} of
 * temporary files of random content. Every command gets exactly one well-formed reply ({@code =} or {@code ?}, the
 * id, one blank line at the end and none inside, no CR), within a time bound, and none reports an internal error;
 * a line without a command gets none. Sessions of random play are replayed through {@link GtpEngine#run}, which
 * must write the same replies. 3,000 lines in the default run, 100,000 in the {@code slow} group (see {@link Fuzz}).
 */
class GtpFuzzTest {
    private static final int LINES_PER_SESSION = 100;
    private static final List<String> COMMANDS = List.of("protocol_version", "name", "version", "known_command",
            "list_commands", "quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
            "final_score", "final_status_list", "fixed_handicap", "place_free_handicap", "set_free_handicap",
            "time_settings", "time_left", "loadsgf", "printsgf", "kgs-genmove_cleanup", "kgs-time_settings",
            "is_legal", "all_legal", "list_stones", "captures", "tengen-rules", "tengen-analyze", "lz-analyze",
            "kata-analyze", "analyze", "lz-genmove_analyze", "kata-genmove_analyze", "genmove_analyze",
            "gogui-analyze_commands", "tengen-policy", "tengen-visits");
    /** Commands whose replies stream: {@code =id} alone on the first line, then lines, then the blank line. */
    private static final List<String> STREAMED = COMMANDS.stream().filter(c -> c.endsWith("analyze")
            && !c.startsWith("tengen")).toList();
    private static final Mutator SGF_MUTATOR = new Mutator(List.of("(", ")", ";", "[", "]", "\\", "B[", "W[aa]",
            "AB[aa:zz]", "SZ[52]", "SZ[0]", "SZ[7:5]", "KM[1e308]", "HA[9]", "RU[nz]", "PL[W]", "CA[x[y]"));

    private static final Pattern RU = Pattern.compile("RU\\[([^\\]]*)]");

    @TempDir
    Path tmp;

    @Test
    void everyCommandGetsOneWellFormedReplyInTime() throws Exception {
        fuzz(3_000);
    }

    @Tag("slow")
    @Test
    void everyCommandOfManyLinesGetsOneWellFormedReplyInTime() throws Exception {
        fuzz(100_000);
    }

    private void fuzz(int lines) throws Exception {
        List<byte[]> sgfs = new ArrayList<>();
        try (var files = Files.list(Path.of("src/test/resources/golden/sgf"))) {
            for (Path f : files.sorted().toList()) {
                sgfs.add(Files.readAllBytes(f));
            }
        }
        int sessions = lines / LINES_PER_SESSION;
        Fuzz.run("GTP", sessions, Duration.ofSeconds(30), (random, trial) -> {
            Session session = new Session(random, sgfs, tmp.resolve("s" + random.nextInt(1 << 30)));
            Driver driver = new Driver(session.engine(), trial);
            for (int i = 0; i < LINES_PER_SESSION; i++) {
                if (random.nextInt(25) == 0) {
                    i += roundTrip(driver, session.dir.resolve("round-trip.sgf")) - 1;
                } else {
                    driver.send(session.line());
                }
            }
            if (!session.searches) {
                // The lines up to quit through run() on a fresh engine, each line timed as it is read.
                StringWriter out = new StringWriter();
                session.engine().run(new LineReader(driver.input, trial), out);
                assertEquals(driver.untilQuit.toString(), out.toString(), "run() replies as execute()");
            }
        });
    }

    /** Sends the lines of one session to its engine, checking each reply and keeping those up to quit. */
    private static final class Driver {
        private final GtpEngine engine;
        private final Fuzz.Trial trial;
        final List<String> input = new ArrayList<>();
        final StringBuilder untilQuit = new StringBuilder();
        private boolean quit;

        Driver(GtpEngine engine, Fuzz.Trial trial) {
            this.engine = engine;
            this.trial = trial;
        }

        /** The reply to {@code line}, null when it holds no command. */
        String send(String line) {
            trial.input(line);
            String reply = engine.execute(line);
            checkReply(line, reply);
            if (!quit) {
                input.add(line);
                untilQuit.append(reply == null ? "" : reply);
                quit = reply != null && reply.startsWith("=") && isQuit(line);
            }
            return reply;
        }
    }

    /**
     * The game printed to {@code file} loads back and prints as before, whatever state the fuzzing left; returns
     * the number of lines sent.
     */
    private static int roundTrip(Driver driver, Path file) throws IOException {
        String before = driver.send("printsgf");
        if (!driver.send("printsgf " + file).startsWith("=")) {
            return 2;
        }
        Matcher ru = RU.matcher(before);
        if (ru.find() && SgfRules.preset(ru.group(1)).isEmpty()) {
            // Rules no preset gives (a free handicap where the preset has no room) are written as a description,
            // which a reader replays under the default rules, as SgfRules says.
            return 2;
        }
        String loaded = driver.send("loadsgf " + file);
        assertTrue(loaded.startsWith("="), () -> "the engine loads the SGF it printed: " + loaded + " from "
                + before);
        assertEquals(before, driver.send("printsgf"), "the loaded game prints as before");
        return 4;
    }

    /** The lines, each ended by LF, announced to the trial as the engine starts reading them. */
    private static final class LineReader extends Reader {
        private final List<String> lines;
        private final Fuzz.Trial trial;
        private int line;
        private int pos = -1;

        LineReader(List<String> lines, Fuzz.Trial trial) {
            this.lines = lines;
            this.trial = trial;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (line == lines.size()) {
                return -1;
            }
            String text = lines.get(line);
            if (pos < 0) {
                trial.input("through run(): " + text);
                pos = 0;
            }
            if (pos == text.length()) {
                buffer[offset] = '\n';
                line++;
                pos = -1;
                return 1;
            }
            int n = Math.min(length, text.length() - pos);
            text.getChars(pos, pos + n, buffer, offset);
            pos += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    private static boolean isQuit(String line) {
        String[] words = clean(line).split(" +");
        int first = words[0].matches("[0-9]+") ? 1 : 0;
        return first < words.length && words[first].equalsIgnoreCase("quit");
    }

    /** The line as GTP preprocessing leaves it: no comment, no control characters, tabs as spaces, trimmed. */
    private static String clean(String line) {
        StringBuilder sb = new StringBuilder();
        for (char c : line.toCharArray()) {
            if (c == '#') {
                break;
            }
            if (c == '\t' || c >= ' ' && c != 127) {
                sb.append(c == '\t' ? ' ' : c);
            }
        }
        return sb.toString().trim();
    }

    private static void checkReply(String line, String reply) {
        String clean = clean(line);
        if (clean.isEmpty()) {
            assertNull(reply, "no reply to a line without a command");
            return;
        }
        assertTrue(reply != null && reply.endsWith("\n\n"), "a reply ends with a blank line: " + reply);
        assertEquals(reply.length() - 2, reply.indexOf("\n\n"), "a reply holds no blank line: " + reply);
        assertFalse(reply.contains("\r"), "a reply holds no CR: " + reply);
        String[] words = clean.split(" +");
        String id = words[0].matches("[0-9]+") ? words[0] : "";
        int command = id.isEmpty() ? 0 : 1;
        boolean streamed = command < words.length
                && STREAMED.contains(words[command].toLowerCase(java.util.Locale.ROOT));
        assertTrue(reply.startsWith("=" + id + " ") || reply.startsWith("?" + id + " ")
                        || streamed && reply.startsWith("=" + id + "\n"),
                "a reply starts with = or ? and the id '" + id + "': " + reply);
        assertFalse(reply.contains("internal error"), reply);
    }

    /** One engine's session: its lines drawn from {@code random}, its files under {@code dir}. */
    private static final class Session {
        private final Random random;
        private final List<byte[]> sgfs;
        private final Path dir;
        private final long seed;
        /** Whether the engine searches (network-free MCTS, a twentieth of a second a move) rather than plays randomly. */
        final boolean searches;
        private int width;
        private int height;
        private int lines;
        private int files;

        Session(Random random, List<byte[]> sgfs, Path dir) throws IOException {
            this.random = random;
            this.sgfs = sgfs;
            this.dir = Files.createDirectories(dir);
            seed = random.nextLong();
            searches = random.nextInt(4) == 0;
        }

        /** A fresh engine, the same every time. */
        GtpEngine engine() {
            Agent agent = searches ? SearchAgent.rollouts(8, 1, seed) : new RandomAgent(seed);
            GtpEngine engine = new GtpEngine("Tengen", "1", agent, 4);
            engine.clock().setSecondsPerMove(0.05);
            return engine;
        }

        /** The next line: a boardsize first, then mostly a command with odd arguments, dressed in ids, tabs, control characters, comments. */
        String line() throws IOException {
            if (lines++ == 0) {
                // As controllers do; a small board keeps genmove and final_status_list quick.
                width = 1 + random.nextInt(9);
                height = width;
                return "boardsize " + width;
            }
            String body = switch (random.nextInt(20)) {
                case 0 -> "";
                case 1 -> pick(" ", "\t", "\r", "#", "# comment", "\u0000\u0001", "\u007f", "\u001b[2J");
                case 2 -> garbage();
                case 3 -> "x".repeat(random.nextInt(200_000));
                default -> command();
            };
            StringBuilder line = new StringBuilder();
            if (random.nextInt(4) == 0) {
                line.append(pick(Integer.toString(random.nextInt(1000)), "0", "007", "99999999999999999999", "-1",
                        "1.5")).append(' ');
            }
            line.append(body);
            // A character inside printsgf's file name could make it name any file (a '#' cuts it to "/t").
            boolean writesFile = body.startsWith("printsgf") && body.contains(dir.toString());
            for (int n = writesFile ? 0 : random.nextInt(3); n > 0 && random.nextInt(3) == 0; n--) {
                char c = "\t\r\u0000\u0007\u007f# \u00a0".charAt(random.nextInt(8));
                line.insert(random.nextInt(line.length() + 1), c);
            }
            if (random.nextInt(8) == 0) {
                line.append(pick("\r", " ", "\t", " # trailing comment"));
            }
            String text = line.toString();
            return !writesFile && random.nextInt(10) == 0 ? text.toUpperCase(java.util.Locale.ROOT) : text;
        }

        private String command() throws IOException {
            String name = COMMANDS.get(random.nextInt(COMMANDS.size()));
            List<String> args = new ArrayList<>();
            switch (name) {
                case "boardsize" -> {
                    int w = random.nextInt(10) == 0 ? random.nextInt(60) - 3 : 1 + random.nextInt(9);
                    args.add(maybe(() -> Integer.toString(w)));
                    if (random.nextInt(5) == 0) {
                        args.add(maybe(() -> Integer.toString(1 + random.nextInt(9))));
                    } else if (w >= 1 && w <= 52) {
                        width = w;
                        height = w;
                    }
                }
                case "play", "is_legal" -> {
                    args.add(maybe(this::colour));
                    args.add(maybe(this::vertex));
                }
                case "genmove", "kgs-genmove_cleanup", "all_legal", "list_stones", "captures" -> args.add(maybe(this::colour));
                case "tengen-analyze", "tengen-policy", "tengen-visits" -> {
                    if (random.nextBoolean()) {
                        args.add(maybe(this::colour));
                    }
                }
                case "lz-analyze", "kata-analyze", "analyze", "lz-genmove_analyze", "kata-genmove_analyze",
                     "genmove_analyze" -> {
                    if (random.nextBoolean()) {
                        args.add(maybe(this::colour));
                    }
                    if (random.nextBoolean()) {
                        args.add(maybe(() -> Integer.toString(random.nextInt(20))));
                    }
                    for (int n = random.nextInt(3); n > 0; n--) {
                        args.add(pick("interval", "minmoves", "maxmoves", "rootInfo", "ownership", "pvVisits",
                                "pvEdgeVisits", "avoid", "noResultValue"));
                        args.add(maybe(() -> pick("true", "false", "0", "1", "3", "b")));
                    }
                }
                case "komi", "fixed_handicap", "place_free_handicap" -> args.add(maybe(this::number));
                case "set_free_handicap" -> {
                    for (int n = random.nextInt(6); n > 0; n--) {
                        args.add(maybe(this::vertex));
                    }
                }
                case "final_status_list" -> args.add(maybe(() -> pick("alive", "dead", "seki", "ALIVE")));
                case "time_settings", "time_left" -> {
                    args.add(name.equals("time_left") ? maybe(this::colour) : maybe(this::number));
                    args.add(maybe(this::number));
                    args.add(maybe(this::number));
                }
                case "kgs-time_settings" -> {
                    args.add(maybe(() -> pick("none", "absolute", "byoyomi", "canadian")));
                    for (int n = random.nextInt(4); n > 0; n--) {
                        args.add(maybe(this::number));
                    }
                }
                case "known_command" -> args.add(maybe(() -> COMMANDS.get(random.nextInt(COMMANDS.size()))));
                case "tengen-rules" -> {
                    if (random.nextBoolean()) {
                        args.add(maybe(() -> pick("tromp-taylor", "aga", "nz", "chinese", "simple-ko", "simple_ko")));
                    }
                }
                case "loadsgf" -> {
                    args.add(sgfFile());
                    if (random.nextInt(3) == 0) {
                        args.add(maybe(this::number));
                    }
                }
                case "printsgf" -> {
                    if (random.nextBoolean()) {
                        args.add(pick(dir.resolve("out.sgf").toString(), dir.resolve("no/such/dir.sgf").toString(),
                                dir.toString()));
                    }
                }
                default -> {
                }
            }
            // Sometimes a missing or an extra argument (never printsgf's first: it would write a file anywhere).
            if (random.nextInt(10) == 0 && !args.isEmpty()) {
                args.remove(random.nextInt(args.size()));
            } else if (random.nextInt(10) == 0 && !(name.equals("printsgf") && args.isEmpty())) {
                args.add(garbage());
            }
            String separator = pick(" ", "  ", "\t", " \t ");
            return name + (args.isEmpty() ? "" : separator + String.join(separator, args));
        }

        /** A loadsgf argument: a new file of mutated, random or no SGF, or a path that is no file. */
        private String sgfFile() throws IOException {
            if (random.nextInt(8) == 0) {
                return pick(dir.toString(), dir.resolve("missing.sgf").toString(), "/dev/null", "", "\u0000x");
            }
            byte[] content = switch (random.nextInt(4)) {
                case 0 -> sgfs.get(random.nextInt(sgfs.size()));
                case 1 -> {
                    byte[] bytes = new byte[random.nextInt(300)];
                    random.nextBytes(bytes);
                    yield bytes;
                }
                default -> SGF_MUTATOR.mutate(sgfs.get(random.nextInt(sgfs.size())), random);
            };
            Path file = dir.resolve("in" + files++ + ".sgf");
            Files.write(file, content);
            return file.toString();
        }

        private String maybe(Supplier<String> valid) {
            return switch (random.nextInt(12)) {
                case 0 -> garbage();
                case 1 -> number();
                default -> valid.get();
            };
        }

        private String colour() {
            return pick("b", "w", "black", "white", "B", "WHITE", "x", "bw", "empty");
        }

        private String vertex() {
            if (random.nextInt(6) == 0) {
                return pick("pass", "PASS", "resign", "I5", "Z99", "A0", "A-1", "AA1", "ZZ52", "a99999999999", "J");
            }
            return Vertex.format(random.nextInt(width), random.nextInt(height), height);
        }

        private String number() {
            return random.nextBoolean() ? Integer.toString(random.nextInt(40) - 5)
                    : pick(Mutator.ODD_NUMBERS.toArray(String[]::new));
        }

        /** Random characters: letters, symbols, non-ASCII, once in a while many. */
        private String garbage() {
            int length = random.nextInt(50) == 0 ? 10_000 + random.nextInt(100_000) : 1 + random.nextInt(12);
            StringBuilder sb = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                sb.append((char) switch (random.nextInt(4)) {
                    case 0 -> 'a' + random.nextInt(26);
                    case 1 -> '!' + random.nextInt(94);
                    case 2 -> 0x80 + random.nextInt(0x780);
                    default -> random.nextInt(0xD800);
                });
            }
            return sb.toString().replace("\n", "");
        }

        private String pick(String... choices) {
            return choices[random.nextInt(choices.length)];
        }
    }
}
