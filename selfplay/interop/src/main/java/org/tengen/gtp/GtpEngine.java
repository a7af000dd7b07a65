package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.colour;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.agent.Agent;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

/**
 * A GTP v2 engine over any {@link Reader} and {@link Writer}: one command per line, an optional numeric id echoed
 * in the response ({@code =12 ...} / {@code ?12 ...}), {@code #} comments, blank lines and control characters
 * ignored, command names case-insensitive, every response ended by a blank line. A failing command answers
 * {@code ? message} and never stops the engine.
 *
 * <p>Besides the required commands it implements {@code undo} (any number of times, restoring the full state with
 * the superko history, by replaying the remaining moves), GNU Go's {@code showboard}, {@code is_legal},
 * {@code all_legal}, {@code list_stones} and {@code captures}, {@code final_score} and {@code tengen-rules [PRESET]}. Extensions: {@code boardsize WIDTH HEIGHT} for
 * rectangular boards, and passes after the game has ended are accepted and change nothing (so a controller may
 * keep passing), while a stone resumes the game (the controller decides when a game is over: a KGS cleanup phase
 * plays on after two passes; two more passes end it again). Either colour may move at any time, as GTP allows.
 *
 * <p>Tournament and server commands: {@code time_settings}, {@code kgs-time_settings} and {@code time_left} set the
 * {@link TimeControl clock} that gives each {@code genmove} its thinking time; {@code final_status_list} and
 * {@code kgs-genmove_cleanup} judge stones by the {@link DeadStoneJudge}'s ownership ({@link StoneStatus}): random
 * playouts by default, or the search-averaged ownership of the network (a search of genmove's simulations for the
 * player to move), the answer remembered for the position; {@code final_score} is the area count
 * (komi included): of the board as it stands under rules that count it so (Tromp-Taylor), else after removing the
 * stones {@code final_status_list} calls dead (rules that remove dead stones by agreement: AGA, NZ, Chinese);
 * {@code fixed_handicap},
 * {@code place_free_handicap} and {@code set_free_handicap} put handicap stones on an empty board (White moves
 * next, and the rules preset's handicap compensation, if any, joins the komi); {@code loadsgf} and {@code printsgf}
 * read and write the game as SGF; {@code tengen-analyze [COLOR]} lists the candidate moves of the last search, or
 * of a new search for COLOR that plays nothing.
 *
 * <p>Live analysis for GUIs ({@link LiveAnalysis}): {@code lz-analyze} and {@code kata-analyze} (with Sabaki's name
 * {@code analyze}) answer {@code =id} on a line of its own at once, then search for the given colour on a thread of
 * their own and write an {@code info} line at every interval, until the next input line arrives (even a blank one):
 * the search stops after its current batch of leaves, a blank line ends the reply, and that next line is executed.
 * The search also stops by itself at the agent's simulation cap or after the longest move time
 * ({@link TimeControl#maxMoveSeconds()}), and the reply then stays open until the next line, as KataGo's does.
 * {@code lz-genmove_analyze} and {@code kata-genmove_analyze} ({@code genmove_analyze}) report the same way while
 * genmove thinks, then answer {@code play VERTEX}; like KataGo's they are not interrupted. Through {@link #execute},
 * which has no input to watch, a streamed reply runs until its search ends by itself. For GoGui,
 * {@code gogui-analyze_commands} lists {@code tengen-policy} (a heat map of the network's priors) and
 * {@code tengen-visits} (the visit counts of a search) and {@code tengen-ownership} (the search-averaged ownership)
 * besides {@code tengen-analyze}.
 *
 * <p>This class frames the protocol and holds the command table, one {@code register} line per command; the
 * commands live with what they work on: {@link CurrentGame} (board, rules, moves and legality), {@link MoveGenerator}
 * (genmove, with the {@link ResignPolicy}), {@link FinalStatus} (final status and score), {@link AnalysisCommands},
 * {@link HandicapCommands}, {@link TimeCommands} and {@link SgfCommands}; {@link EngineSearch} is the agent they
 * share.
 *
 * <p>Not thread-safe: one engine per connection.
 */
public final class GtpEngine {
    private static final Logger LOG = LogManager.getLogger(GtpEngine.class);
    /** Board side before any {@code boardsize}, as most GTP engines. */
    public static final int DEFAULT_SIZE = 19;
    /** Default of {@link #setResignThreshold}: a search value of -0.9 is a winrate of 5%. */
    public static final float DEFAULT_RESIGN_THRESHOLD = -0.9f;

    /**
     * A command's argument syntax and handler; brackets in the usage mark optional arguments. Exactly one of
     * {@code handler} (the reply's text) and {@code streamer} (a {@link StreamedReply}) is set.
     */
    private record Command(String name, String usage, int minArgs, int maxArgs, Function<String[], String> handler,
                           Function<String[], StreamedReply> streamer) {
        String usageLine() {
            return usage.isEmpty() ? name : name + " " + usage;
        }
    }

    /** A reply as far as it is known before anything streams: the whole text, or a header and the body to stream. */
    private record Reply(String text, StreamedReply stream) {
    }

    private final Map<String, Command> commands = new LinkedHashMap<>();
    private boolean quit;
    private final TimeControl clock = new TimeControl();
    private final ResignPolicy resign = new ResignPolicy(DEFAULT_RESIGN_THRESHOLD);
    private final CurrentGame current;
    private final FinalStatus finalStatus;

    /**
     * An engine answering {@code name} and {@code version} with those strings, choosing moves with {@code agent}
     * (one slot), which searches {@code simulations} per move when there is no time limit; it starts with
     * Tromp-Taylor rules on a {@value #DEFAULT_SIZE}x{@value #DEFAULT_SIZE} board.
     */
    public GtpEngine(String name, String version, Agent agent, int simulations) {
        EngineSearch search = new EngineSearch(agent, simulations, clock);
        current = new CurrentGame(Preset.TROMP_TAYLOR, DEFAULT_SIZE, () -> {
            resign.reset();
            search.forget();
        });
        finalStatus = new FinalStatus(current, search);
        MoveGenerator moves = new MoveGenerator(current, search, clock, resign, finalStatus);
        AnalysisCommands analysis = new AnalysisCommands(current, search, clock, moves);
        HandicapCommands handicap = new HandicapCommands(current);
        TimeCommands time = new TimeCommands(clock);
        SgfCommands sgf = new SgfCommands(current);
        register("protocol_version", "", a -> "2");
        register("name", "", a -> name);
        register("version", "", a -> version);
        register("known_command", "COMMAND",
                a -> Boolean.toString(commands.containsKey(a[0].toLowerCase(Locale.ROOT))));
        register("list_commands", "", a -> String.join("\n", commands.keySet()));
        register("quit", "", a -> {
            quit = true;
            return "";
        });
        register("boardsize", "SIZE [HEIGHT]", current::boardsize);
        // Sabaki's command for non-square boards.
        register("rectangular_boardsize", "WIDTH HEIGHT", current::boardsize);
        register("clear_board", "", a -> {
            current.newGame();
            return "";
        });
        register("komi", "POINTS", current::komi);
        register("play", "COLOR VERTEX", current::play);
        register("genmove", "COLOR", moves::genmove);
        register("undo", "", current::undo);
        register("showboard", "", a -> BoardDiagram.render(current.game()));
        register("final_score", "", finalStatus::finalScore);
        register("final_status_list", "alive|dead|seki", finalStatus::finalStatusList);
        register("fixed_handicap", "NUMBER_OF_STONES", handicap::fixedHandicap);
        register("place_free_handicap", "NUMBER_OF_STONES", handicap::placeFreeHandicap);
        register("set_free_handicap", "VERTEX...", handicap::setFreeHandicap);
        register("time_settings", "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES", time::timeSettings);
        register("time_left", "COLOR TIME STONES", time::timeLeft);
        register("loadsgf", "FILE [MOVE_NUMBER]", sgf::loadSgf);
        register("printsgf", "[FILE]", sgf::printSgf);
        register("kgs-genmove_cleanup", "COLOR", moves::genmoveCleanup);
        register("kgs-time_settings", "none|absolute|byoyomi|canadian [MAIN_TIME] [PERIOD_TIME] [PERIODS|STONES]",
                time::kgsTimeSettings);
        register("is_legal", "COLOR VERTEX",
                a -> current.mover(colour(a[0])).isLegal(current.vertex(a[1])) ? "1" : "0");
        register("all_legal", "COLOR", current::allLegal);
        register("list_stones", "COLOR", current::listStones);
        register("captures", "COLOR", a -> Integer.toString(current.game().board().captures(colour(a[0]))));
        register("tengen-rules", "[PRESET]", current::rulesCommand);
        register("tengen-analyze", "[COLOR]", analysis::analyze);
        String analyzeUsage = "[COLOR] [INTERVAL] [KEY_VALUE]...";
        registerStream("lz-analyze", analyzeUsage, a -> analysis.analyzeLive(LiveAnalysis.Format.LZ, a));
        registerStream("kata-analyze", analyzeUsage, a -> analysis.analyzeLive(LiveAnalysis.Format.KATA, a));
        // KataGo's names for Sabaki, in KataGo's format (whose floats always have a decimal point here).
        registerStream("analyze", analyzeUsage, a -> analysis.analyzeLive(LiveAnalysis.Format.KATA, a));
        registerStream("lz-genmove_analyze", analyzeUsage, a -> analysis.genmoveAnalyze(LiveAnalysis.Format.LZ, a));
        registerStream("kata-genmove_analyze", analyzeUsage,
                a -> analysis.genmoveAnalyze(LiveAnalysis.Format.KATA, a));
        registerStream("genmove_analyze", analyzeUsage, a -> analysis.genmoveAnalyze(LiveAnalysis.Format.KATA, a));
        register("gogui-analyze_commands", "", a -> GoGuiAnalysis.COMMANDS);
        register("tengen-policy", "[COLOR]", analysis::policyMap);
        register("tengen-visits", "[COLOR]", analysis::visitBoard);
        register("tengen-ownership", "[COLOR]", analysis::ownershipMap);
    }

    /** Registers a command; in the usage, {@code [WORD]} is optional and a last {@code WORD...} takes the rest. */
    private void register(String command, String usage, Function<String[], String> handler) {
        register(command, usage, handler, null);
    }

    /** Registers a command whose reply streams: {@code streamer} checks the arguments and returns the body. */
    private void registerStream(String command, String usage, Function<String[], StreamedReply> streamer) {
        register(command, usage, null, streamer);
    }

    private void register(String command, String usage, Function<String[], String> handler,
                          Function<String[], StreamedReply> streamer) {
        String[] words = usage.isEmpty() ? new String[0] : usage.split(" ");
        int required = (int) Arrays.stream(words).filter(w -> !w.startsWith("[")).count();
        int max = words.length > 0 && words[words.length - 1].endsWith("...") ? Integer.MAX_VALUE : words.length;
        commands.put(command, new Command(command, usage, required, max, handler, streamer));
    }

    /** The clock that limits genmove's thinking time; GTP's time commands set it, a front end may cap it. */
    public TimeControl clock() {
        return clock;
    }

    /** The rules of the current game. */
    public Rules rules() {
        return current.rules();
    }

    /** Switches to a rules preset on the current board size (keeping a komi that was set) and clears the board. */
    public void setRules(Preset newPreset) {
        current.setRules(newPreset);
    }

    /** Changes the board size and clears the board; throws {@link IllegalArgumentException} for a bad size. */
    public void setBoardSize(int width, int height) {
        current.setBoardSize(width, height);
    }

    /** Sets komi, overriding the preset's, and keeps the game; throws {@link IllegalArgumentException} if invalid. */
    public void setKomi(double komi) {
        current.setKomi(komi);
    }

    /**
     * Resigns once the search's value (from -1, lost, to 1, won) stays below {@code threshold} for
     * {@value ResignPolicy#RESIGN_AFTER} own moves in a row, as KataGo and Leela Zero do; -1 never resigns.
     */
    public void setResignThreshold(float threshold) {
        resign.setThreshold(threshold);
    }

    /** Chooses what judges dead stones for final_status_list, kgs-genmove_cleanup and a final_score removing them. */
    public void setDeadStoneJudge(DeadStoneJudge judge) {
        finalStatus.setJudge(judge);
    }

    /**
     * Reads commands until {@code quit} or the end of input, writing each response and flushing it at once (a
     * streamed reply line by line). Protocol errors are answered; only I/O failures escape.
     */
    public void run(Reader in, Writer out) throws IOException {
        BufferedReader reader = in instanceof BufferedReader b ? b : new BufferedReader(in);
        quit = false;
        String line = readLine(reader);
        while (line != null) {
            Reply reply = start(line);
            String next = null;
            boolean nextRead = false;
            if (reply != null) {
                out.write(reply.text());
                out.flush();
            }
            if (reply != null && reply.stream() != null) {
                Consumer<String> lines = text -> {
                    try {
                        out.write(text + "\n");
                        out.flush();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
                try {
                    if (reply.stream().interruptible()) {
                        next = reply.stream().writeUntilNextLine(lines, () -> readLine(reader));
                        nextRead = true;
                    } else {
                        reply.stream().write(lines, () -> false);
                    }
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                out.write("\n");
                out.flush();
            }
            if (quit) {
                return;
            }
            line = nextRead ? next : readLine(reader);
        }
    }


    /**
     * The next command line: up to a line feed, or the end of input. GTP ends lines with LF only and has carriage
     * returns removed, so a lone CR does not end a line (as {@link BufferedReader#readLine} would make it).
     */
    private static String readLine(BufferedReader reader) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = reader.read()) != -1 && c != '\n') {
            line.append((char) c);
        }
        return c == -1 && line.length() == 0 ? null : line.toString();
    }

    /**
     * Executes one line of input and returns the full response, blank line included, or {@code null} when the line
     * holds no command (blank or comment). A streamed reply (the analysis commands) runs until its search ends by
     * itself, as if no further input came meanwhile.
     */
    public String execute(String line) {
        Reply reply = start(line);
        if (reply == null || reply.stream() == null) {
            return reply == null ? null : reply.text();
        }
        StringBuilder text = new StringBuilder(reply.text());
        reply.stream().write(l -> text.append(l).append('\n'), () -> false);
        return text.append('\n').toString();
    }

    /** Parses one line of input and runs its command, except the body of a streamed reply; null without a command. */
    private Reply start(String line) {
        String clean = preprocess(line);
        if (clean.isEmpty()) {
            return null;
        }
        LOG.debug("< {}", clean);
        String[] words = clean.split(" +");
        String id = words[0].chars().allMatch(c -> c >= '0' && c <= '9') ? words[0] : "";
        int first = id.isEmpty() ? 0 : 1;
        Reply reply;
        if (first == words.length) {
            reply = new Reply(respond(false, id, "missing command"), null);
        } else {
            Command command = commands.get(words[first].toLowerCase(Locale.ROOT));
            String[] args = Arrays.copyOfRange(words, first + 1, words.length);
            reply = command == null ? new Reply(respond(false, id, "unknown command"), null)
                    : dispatch(command, id, args);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("> {}", reply.text().strip());
        }
        return reply;
    }

    private Reply dispatch(Command command, String id, String[] args) {
        try {
            if (args.length < command.minArgs() || args.length > command.maxArgs()) {
                throw new GtpFailure((args.length < command.minArgs() ? "missing argument" : "too many arguments")
                        + ", usage: " + command.usageLine());
            }
            if (command.streamer() != null) {
                // As KataGo and Leela Zero: "=id" alone on the first line, then the streamed lines.
                return new Reply("=" + id + "\n", command.streamer().apply(args));
            }
            return new Reply(respond(true, id, command.handler().apply(args)), null);
        } catch (GtpFailure | IllegalArgumentException e) {
            return new Reply(respond(false, id, e.getMessage()), null);
        } catch (RuntimeException e) {
            LOG.error("internal error in '{}'", command.name(), e);
            return new Reply(respond(false, id, "internal error: " + e), null);
        }
    }

    /** GTP preprocessing: drop the comment and control characters, turn tabs into spaces, trim. */
    private static String preprocess(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '#') {
                break;
            } else if (c == '\t') {
                sb.append(' ');
            } else if (c >= ' ' && c != 127) {
                sb.append(c);
            }
        }
        return sb.toString().trim();
    }

    /**
     * {@code =id text} or {@code ?id text} and the terminating blank line, spaced like GNU Go: a response, always one well-formed GTP answer: a blank line ends it, so the text never holds one. A failure's
     * message (which may echo the controller's input, e.g. an SGF value) is folded onto one line.
     */
    private static String respond(boolean success, String id, String text) {
        String body = success ? text.replace("\r", "").replaceAll("\n[ \t]*(?=\n)", "").replaceAll("\n+$", "")
                : text.replaceAll("\\s*[\r\n]+\\s*", " ");
        return (success ? "=" : "?") + id + " " + body + "\n\n";
    }
}
