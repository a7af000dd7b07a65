package org.tengen.gtp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.io.IoErrors;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Status;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.search.BatchedSearch;
import org.tengen.search.SearchObserver;
import org.tengen.search.SearchResult;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import org.tengen.sgf.SgfException;
import org.tengen.sgf.SgfRules;

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
 * <p>Not thread-safe: one engine per connection.
 */
public final class GtpEngine {
    private static final Logger LOG = LogManager.getLogger(GtpEngine.class);
    /** Board side before any {@code boardsize}, as most GTP engines. */
    public static final int DEFAULT_SIZE = 19;

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


    private static final int[] NO_STONES = new int[0];
    /** Candidate moves {@code tengen-analyze} lists at most. */
    static final int ANALYSIS_MOVES = 10;

    private final String name;
    private final String version;
    private final Agent agent;
    /** Simulations of a move without a time limit. */
    private final int simulations;
    /** Default of {@link #setResignThreshold}: a search value of -0.9 is a winrate of 5%. */
    public static final float DEFAULT_RESIGN_THRESHOLD = -0.9f;
    static final int RESIGN_AFTER = 3;
    private final Game[] one = new Game[1];
    /** Resign after {@value #RESIGN_AFTER} own moves in a row whose search value is below this; -1 never. */
    private float resignThreshold = DEFAULT_RESIGN_THRESHOLD;
    /** Per colour: own moves in a row with the search value below the threshold. */
    private final int[] lowValueStreak = new int[3];
    private final int[] chosen = new int[1];
    private final Map<String, Command> commands = new LinkedHashMap<>();
    private Preset preset = Preset.TROMP_TAYLOR;
    /** Komi given by {@code komi} or {@link #setKomi}, overriding the preset's; NaN while unset. */
    private double komiOverride = Double.NaN;
    private Rules rules;
    private Game game;
    /** A scratch copy of {@link #game} with the other colour to move, for legality out of turn. */
    private Game outOfTurn;
    /** The SGF record the current game was loaded from, or null. */
    private GameRecord loadedFrom;
    private boolean[] mask;
    private boolean quit;
    private final TimeControl clock = new TimeControl();
    private StoneStatus stoneStatus;
    private DeadStoneJudge deadStoneJudge = DeadStoneJudge.byName(DeadStoneJudge.DEFAULT_NAME);
    /** The player whose search {@link Agent#lastSearch} holds, EMPTY when there is none for this game. */
    private int analysed = Stone.EMPTY;
    /** The position {@link #finalStatus} judged last, and its answer. */
    private PositionKey judgedPosition;
    private StoneStatus.Life[] judged;

    /** A position as final status and score see it: the stones, the player to move and the rules. */
    private record PositionKey(long hash, int toMove, int turns, Rules rules) {
        static PositionKey of(Game game) {
            return new PositionKey(game.board().hash(), game.toMove(), game.turns(), game.rules());
        }
    }

    /**
     * An engine answering {@code name} and {@code version} with those strings, choosing moves with {@code agent}
     * (one slot), which searches {@code simulations} per move when there is no time limit; it starts with
     * Tromp-Taylor rules on a {@value #DEFAULT_SIZE}x{@value #DEFAULT_SIZE} board.
     */
    public GtpEngine(String name, String version, Agent agent, int simulations) {
        if (simulations < 1) {
            throw new IllegalArgumentException("simulations must be at least 1, got " + simulations);
        }
        this.name = name;
        this.version = version;
        this.agent = agent;
        this.simulations = simulations;
        rules = preset.rules(DEFAULT_SIZE, DEFAULT_SIZE);
        newGame();
        register("protocol_version", "", a -> "2");
        register("name", "", a -> this.name);
        register("version", "", a -> this.version);
        register("known_command", "COMMAND",
                a -> Boolean.toString(commands.containsKey(a[0].toLowerCase(Locale.ROOT))));
        register("list_commands", "", a -> String.join("\n", commands.keySet()));
        register("quit", "", a -> {
            quit = true;
            return "";
        });
        register("boardsize", "SIZE [HEIGHT]", this::boardsize);
        // Sabaki's command for non-square boards.
        register("rectangular_boardsize", "WIDTH HEIGHT", this::boardsize);
        register("clear_board", "", a -> {
            newGame();
            return "";
        });
        register("komi", "POINTS", this::komi);
        register("play", "COLOR VERTEX", this::play);
        register("genmove", "COLOR", this::genmove);
        register("undo", "", this::undo);
        register("showboard", "", a -> BoardDiagram.render(game));
        register("final_score", "", this::finalScore);
        register("final_status_list", "alive|dead|seki", this::finalStatusList);
        register("fixed_handicap", "NUMBER_OF_STONES", this::fixedHandicap);
        register("place_free_handicap", "NUMBER_OF_STONES", this::placeFreeHandicap);
        register("set_free_handicap", "VERTEX...", this::setFreeHandicap);
        register("time_settings", "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES", this::timeSettings);
        register("time_left", "COLOR TIME STONES", this::timeLeft);
        register("loadsgf", "FILE [MOVE_NUMBER]", this::loadSgf);
        register("printsgf", "[FILE]", this::printSgf);
        register("kgs-genmove_cleanup", "COLOR", a -> generate(colour(a[0]), true));
        register("kgs-time_settings", "none|absolute|byoyomi|canadian [MAIN_TIME] [PERIOD_TIME] [PERIODS|STONES]",
                this::kgsTimeSettings);
        register("is_legal", "COLOR VERTEX", a -> mover(colour(a[0])).isLegal(vertex(a[1])) ? "1" : "0");
        register("all_legal", "COLOR", this::allLegal);
        register("list_stones", "COLOR", this::listStones);
        register("captures", "COLOR", a -> Integer.toString(game.board().captures(colour(a[0]))));
        register("tengen-rules", "[PRESET]", this::rulesCommand);
        register("tengen-analyze", "[COLOR]", this::analyze);
        String analyzeUsage = "[COLOR] [INTERVAL] [KEY_VALUE]...";
        registerStream("lz-analyze", analyzeUsage, a -> analyzeLive(LiveAnalysis.Format.LZ, a));
        registerStream("kata-analyze", analyzeUsage, a -> analyzeLive(LiveAnalysis.Format.KATA, a));
        // KataGo's names for Sabaki, in KataGo's format (whose floats always have a decimal point here).
        registerStream("analyze", analyzeUsage, a -> analyzeLive(LiveAnalysis.Format.KATA, a));
        registerStream("lz-genmove_analyze", analyzeUsage, a -> genmoveAnalyze(LiveAnalysis.Format.LZ, a));
        registerStream("kata-genmove_analyze", analyzeUsage, a -> genmoveAnalyze(LiveAnalysis.Format.KATA, a));
        registerStream("genmove_analyze", analyzeUsage, a -> genmoveAnalyze(LiveAnalysis.Format.KATA, a));
        register("gogui-analyze_commands", "", a -> GoGuiAnalysis.COMMANDS);
        register("tengen-policy", "[COLOR]", this::policyMap);
        register("tengen-visits", "[COLOR]", this::visitBoard);
        register("tengen-ownership", "[COLOR]", this::ownershipMap);
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
        return rules;
    }

    /** Switches to a rules preset on the current board size (keeping a komi that was set) and clears the board. */
    public void setRules(Preset newPreset) {
        Rules next = newPreset.rules(rules.width(), rules.height());
        rules = Double.isNaN(komiOverride) ? next : next.withKomi(komiOverride);
        preset = newPreset;
        newGame();
    }

    /** Changes the board size and clears the board; throws {@link IllegalArgumentException} for a bad size. */
    public void setBoardSize(int width, int height) {
        rules = withoutHandicap(rules).withSize(width, height);
        newGame();
    }

    /** Sets komi, overriding the preset's, and keeps the game; throws {@link IllegalArgumentException} if invalid. */
    public void setKomi(double komi) {
        rules = rules.withKomi(komi);
        komiOverride = komi;
        replay(game.history());
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

    /** {@code =id text} or {@code ?id text} and the terminating blank line, spaced like GNU Go. */
    /**
     * A response, always one well-formed GTP answer: a blank line ends it, so the text never holds one. A failure's
     * message (which may echo the controller's input, e.g. an SGF value) is folded onto one line.
     */
    private static String respond(boolean success, String id, String text) {
        String body = success ? text.replace("\r", "").replaceAll("\n[ \t]*(?=\n)", "").replaceAll("\n+$", "")
                : text.replaceAll("\\s*[\r\n]+\\s*", " ");
        return (success ? "=" : "?") + id + " " + body + "\n\n";
    }

    private String boardsize(String[] args) {
        int width = integer(args[0]);
        int height = args.length > 1 ? integer(args[1]) : width;
        try {
            setBoardSize(width, height);
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("unacceptable size: " + e.getMessage());
        }
        return "";
    }

    private String komi(String[] args) {
        double komi;
        try {
            komi = Double.parseDouble(args[0]);
        } catch (NumberFormatException e) {
            throw new GtpFailure("komi must be a number, got '" + args[0] + "'");
        }
        setKomi(komi);
        return "";
    }

    private String play(String[] args) {
        int player = colour(args[0]);
        int action = vertex(args[1]);
        // A pass after the end is always accepted (and changes nothing); anything else must be legal.
        if (!(game.isOver() && action == rules.passAction())) {
            Legality legality = mover(player).legality(action);
            if (!legality.isLegal()) {
                throw new GtpFailure("illegal move: " + legality.reason());
            }
        }
        game.playAs(player, action);
        return "";
    }

    private String genmove(String[] args) {
        return generate(colour(args[0]), false);
    }

    private String generate(int player, boolean cleanup) {
        return generate(player, cleanup, SearchObserver.NONE);
    }

    /**
     * A move by {@code player} within the clock's budget, played. In {@code cleanup} (KGS's cleanup phase) a pass
     * is replaced by an attack on dead opponent stones while there are any, so that they get captured.
     */
    private String generate(int player, boolean cleanup, SearchObserver observer) {
        // After the end only cleanup plays on (KGS asks for it once the players disagree about dead stones).
        boolean resume = cleanup && game.status() == Status.ENDED_BY_PASSES;
        if (!resume && game.isOver()) {
            // A pass after two passes changes nothing; after a resignation nothing can be played at all.
            if (game.status() != Status.RESIGNED) {
                game.playAs(player, rules.passAction());
            }
            return "pass";
        }
        Game position = mover(player);
        double seconds = clock.budget(player, position.turns(), rules.area());
        long start = System.nanoTime();
        int action = think(position, seconds, observer);
        double elapsed = (System.nanoTime() - start) / 1e9;
        clock.spent(player, elapsed);
        noteSearch(player, elapsed);
        if (cleanup && action == rules.passAction()) {
            int attack = StoneStatus.cleanupMove(position, finalStatus());
            action = attack >= 0 ? attack : action;
        }
        if (!cleanup && hopeless(player)) {
            game.resign(player);
            return "resign";
        }
        game.playAs(player, action);
        return format(action);
    }

    /** Whether {@code player}'s search has valued its position below the resign threshold for several moves. */
    private boolean hopeless(int player) {
        if (resignThreshold <= -1 || agent.lastSearch(0).isEmpty()) {
            return false;
        }
        boolean low = agent.lastSearch(0).get().rootValue() < resignThreshold;
        lowValueStreak[player] = low ? lowValueStreak[player] + 1 : 0;
        return lowValueStreak[player] >= RESIGN_AFTER;
    }

    /**
     * Resigns once the search's value (from -1, lost, to 1, won) stays below {@code threshold} for
     * {@value #RESIGN_AFTER} own moves in a row, as KataGo and Leela Zero do; -1 never resigns.
     */
    public void setResignThreshold(float threshold) {
        if (!(threshold >= -1 && threshold < 1)) {
            throw new IllegalArgumentException("the resign threshold must be in [-1, 1), got " + threshold);
        }
        resignThreshold = threshold;
    }

    /**
     * The agent's action for {@code position} within {@code seconds} (infinite: the fixed number of simulations), and
     * never longer than the clock's longest move.
     */
    private int think(Game position, double seconds, SearchObserver observer) {
        one[0] = position;
        Budget capped = Budget.seconds(Math.min(seconds, clock.maxMoveSeconds()));
        agent.act(one, chosen, Double.isInfinite(seconds) ? new Budget(simulations, capped.deadlineNanos()) : capped,
                observer);
        return chosen[0];
    }

    /** Remembers whose search the agent holds and logs its gist. */
    private void noteSearch(int player, double elapsed) {
        if (agent.lastSearch(0).isEmpty()) {
            return;
        }
        SearchResult search = agent.lastSearch(0).get();
        analysed = player;
        if (LOG.isInfoEnabled()) {
            LOG.info(String.format(Locale.ROOT, "%s %s: %d simulations in %.2f s, winrate %.3f", Stone.name(player),
                    format(search.action()), search.simulations(), elapsed, (1 + search.rootValue()) / 2));
        }
    }

    private String undo(String[] args) {
        if (game.moveCount() == 0) {
            throw new GtpFailure("cannot undo");
        }
        GameHistory history = game.history();
        replay(history.truncated(history.moveCount() - 1));
        return "";
    }

    private String allLegal(String[] args) {
        mover(colour(args[0])).legalMask(mask, 0);
        StringJoiner out = new StringJoiner(" ");
        for (int a = 0; a < rules.area(); a++) {
            if (mask[a]) {
                out.add(format(a));
            }
        }
        return out.toString();
    }

    private String listStones(String[] args) {
        int player = colour(args[0]);
        Board board = game.board();
        StringJoiner out = new StringJoiner(" ");
        for (int a = 0; a < rules.area(); a++) {
            if (board.colour(board.locOfAction(a)) == player) {
                out.add(format(a));
            }
        }
        return out.toString();
    }

    private String rulesCommand(String[] args) {
        if (args.length == 0) {
            return preset.id() + " " + rules.describe();
        }
        setRules(Preset.byName(args[0]));
        return "";
    }

    /** An empty board without handicap under the current rules (the clock and its settings are kept). */
    private void newGame() {
        loadedFrom = null;
        java.util.Arrays.fill(lowValueStreak, 0);
        rules = withoutHandicap(rules);
        analysed = Stone.EMPTY;
        game = new Game(rules);
        outOfTurn = null;
        mask = new boolean[rules.actionCount()];
    }

    /** {@code r} without handicap, placed the preset's way again (a free handicap may have replaced it). */
    private Rules withoutHandicap(Rules r) {
        return r.handicap() == 0 ? r : r.withHandicap(0, preset.rules(r.width(), r.height()).placement());
    }

    /** Makes the game {@code history} replayed under the current rules: exact, superko included. */
    private void replay(GameHistory history) {
        game = history.withRules(rules).replay();
        outOfTurn = null;
    }

    // ---- final status and cleanup

    private StoneStatus stoneStatus() {
        if (stoneStatus == null || !stoneStatus.fits(rules.width(), rules.height())) {
            stoneStatus = new StoneStatus(rules.width(), rules.height());
        }
        return stoneStatus;
    }

    /** The chains with the requested status, one per line, each as its vertices in action order. */
    private String finalStatusList(String[] args) {
        StoneStatus.Life wanted = switch (args[0].toLowerCase(Locale.ROOT)) {
            case "alive" -> StoneStatus.Life.ALIVE;
            case "dead" -> StoneStatus.Life.DEAD;
            case "seki" -> StoneStatus.Life.SEKI;
            default -> throw new GtpFailure("invalid status '" + args[0] + "' (expected alive, dead or seki)");
        };
        StoneStatus.Life[] status = finalStatus();
        Board board = game.board();
        boolean[] listed = new boolean[rules.area()];
        StringJoiner lines = new StringJoiner("\n");
        for (int a = 0; a < rules.area(); a++) {
            if (status[a] != wanted || listed[a]) {
                continue;
            }
            int chain = board.chainId(board.locOfAction(a));
            StringJoiner line = new StringJoiner(" ");
            for (int b = a; b < rules.area(); b++) {
                int loc = board.locOfAction(b);
                if (board.colour(loc) != Stone.EMPTY && board.chainId(loc) == chain) {
                    listed[b] = true;
                    line.add(format(b));
                }
            }
            lines.add(line.toString());
        }
        return lines.toString();
    }

    /**
     * Every stone's status by the {@link DeadStoneJudge}: the network's search-averaged ownership when it is the judge
     * and has ownership, else playouts. Remembered per position, so {@code final_status_list} and a {@code final_score}
     * that removes dead stones agree.
     */
    private StoneStatus.Life[] finalStatus() {
        PositionKey key = PositionKey.of(game);
        if (!key.equals(judgedPosition)) {
            float[] owned = deadStoneJudge == DeadStoneJudge.NETWORK ? searchOwnership(game.toMove()) : null;
            judged = owned != null ? StoneStatus.fromOwnership(game.board(), owned) : stoneStatus().estimate(game);
            judgedPosition = key;
        }
        return judged;
    }

    /** Chooses what judges dead stones for final_status_list, kgs-genmove_cleanup and a final_score removing them. */
    public void setDeadStoneJudge(DeadStoneJudge judge) {
        deadStoneJudge = judge;
        judgedPosition = null;
    }

    /**
     * The area count (komi and handicap compensation included): of the board as it stands when the preset counts it
     * so (Tromp-Taylor: what self-play and the referee count), else after removing the stones {@link #finalStatus}
     * calls dead, as GNU Go's {@code final_score} does under Chinese rules.
     */
    private String finalScore(String[] args) {
        if (!preset.removesDeadStones()) {
            return game.score().result();
        }
        StoneStatus.Life[] status = finalStatus();
        Board board = game.board();
        int[][] alive = new int[3][rules.area()];
        int[] count = new int[3];
        for (int a = 0; a < rules.area(); a++) {
            int colour = board.colour(board.locOfAction(a));
            if (colour != Stone.EMPTY && status[a] != StoneStatus.Life.DEAD) {
                alive[colour][count[colour]++] = a;
            }
        }
        Game counted = new Game(rules);
        counted.setUpStones(Arrays.copyOf(alive[Stone.BLACK], count[Stone.BLACK]),
                Arrays.copyOf(alive[Stone.WHITE], count[Stone.WHITE]), game.toMove());
        return counted.score().result();
    }

    /**
     * A search for {@code player} with genmove's simulations that averages the root's ownership, turned to Black's
     * view (every point, as actions); a game ended by passes is resumed for it, so that the search can play on to
     * capture dead stones. Null without ownership (it then stops after its first batch) or a position that is over.
     */
    private float[] searchOwnership(int player) {
        if (!agent.searches()) {
            return null;
        }
        Game position = mover(player);
        if (position.isOver()) {
            return null;
        }
        BatchedSearch[] searched = new BatchedSearch[1];
        SearchObserver observer = new SearchObserver() {
            @Override
            public boolean afterBatch(BatchedSearch search, boolean finished) {
                searched[0] = search;
                return search.tracksOwnership();
            }

            @Override
            public boolean wantsOwnership() {
                return true;
            }
        };
        think(position, Double.POSITIVE_INFINITY, observer);
        analysed = player;
        float[] owned = new float[rules.area()];
        if (searched[0] == null || !searched[0].ownership(0, owned)) {
            return null;
        }
        if (player == Stone.WHITE) {
            for (int a = 0; a < owned.length; a++) {
                owned[a] = 0f - owned[a];
            }
        }
        return owned;
    }

    // ---- handicap

    private String fixedHandicap(String[] args) {
        int stones = integer(args[0]);
        requireEmptyBoard();
        int max = HandicapLayout.maxStones(rules.width(), rules.height());
        if (stones < 2 || stones > max) {
            throw new GtpFailure("invalid number of stones: " + (max < 2 ? "no fixed handicap on " + size()
                    : "fixed handicap takes 2.." + max + " stones on " + size()));
        }
        return placeHandicap(Handicaps.fixed(rules.width(), rules.height(), stones));
    }

    private String placeFreeHandicap(String[] args) {
        int stones = integer(args[0]);
        requireEmptyBoard();
        if (stones < 2 || stones >= rules.area()) {
            throw new GtpFailure("invalid number of stones: a free handicap takes 2.." + (rules.area() - 1)
                    + " stones on " + size());
        }
        return placeHandicap(Handicaps.free(rules.width(), rules.height(), stones));
    }

    private String setFreeHandicap(String[] args) {
        requireEmptyBoard();
        if (args.length < 2 || args.length >= rules.area()) {
            throw new GtpFailure("invalid number of stones: a free handicap takes 2.." + (rules.area() - 1)
                    + " stones on " + size() + ", got " + args.length);
        }
        int[] stones = new int[args.length];
        boolean[] seen = new boolean[rules.area()];
        for (int i = 0; i < args.length; i++) {
            int a = vertex(args[i]);
            if (a == rules.passAction()) {
                throw new GtpFailure("bad vertex list: pass is not a handicap stone");
            }
            if (seen[a]) {
                throw new GtpFailure("bad vertex list: " + format(a) + " is given twice");
            }
            seen[a] = true;
            stones[i] = a;
        }
        placeHandicap(stones);
        return "";
    }

    private void requireEmptyBoard() {
        if (game.board().stoneCount() > 0 || game.moveCount() > 0) {
            throw new GtpFailure("board not empty");
        }
    }

    /**
     * Starts the game from these black stones with White to move. The rules record the handicap, so the preset's
     * compensation applies (placed the preset's way when its layout holds that many stones, else as free stones).
     */
    private String placeHandicap(int[] stones) {
        Rules handicapped;
        try {
            handicapped = rules.withHandicap(stones.length, rules.placement());
        } catch (IllegalArgumentException e) {
            handicapped = rules.withHandicap(stones.length, HandicapPlacement.FREE);
        }
        rules = handicapped;
        game = new Game(rules);
        game.setUpStones(stones, NO_STONES, Stone.WHITE);
        outOfTurn = null;
        StringJoiner out = new StringJoiner(" ");
        for (int a : stones) {
            out.add(format(a));
        }
        return out.toString();
    }

    // ---- time

    private String timeSettings(String[] args) {
        clock.setGtp(number(args[0]), number(args[1]), integer(args[2]));
        LOG.info("time settings: {}", clock.describe());
        return "";
    }

    private String kgsTimeSettings(String[] args) {
        String kind = args[0].toLowerCase(Locale.ROOT);
        int expected = switch (kind) {
            case "none" -> 1;
            case "absolute" -> 2;
            case "byoyomi", "canadian" -> 4;
            default -> throw new GtpFailure("invalid time system '" + args[0]
                    + "' (expected none, absolute, byoyomi or canadian)");
        };
        if (args.length != expected) {
            throw new GtpFailure(kind + " takes " + (expected - 1) + " number" + (expected == 2 ? "" : "s")
                    + ", got " + (args.length - 1));
        }
        switch (kind) {
            case "none" -> clock.setNone();
            case "absolute" -> clock.setAbsolute(number(args[1]));
            case "byoyomi" -> clock.setByoyomi(number(args[1]), number(args[2]), integer(args[3]));
            default -> clock.setCanadian(number(args[1]), number(args[2]), integer(args[3]));
        }
        LOG.info("time settings: {}", clock.describe());
        return "";
    }

    private String timeLeft(String[] args) {
        clock.timeLeft(colour(args[0]), number(args[1]), integer(args[2]));
        return "";
    }

    // ---- SGF

    /**
     * Replaces the game with the main line of an SGF file up to the position before move {@code MOVE_NUMBER}
     * (1-based; all moves when absent or beyond the end): board, rules (by {@code RU}, else Tromp-Taylor), komi,
     * handicap and set-up stones. Moves may come in any colour order, as with {@code play}. On any error nothing
     * changes.
     */
    private String loadSgf(String[] args) {
        int limit = args.length > 1 ? integer(args[1]) - 1 : Integer.MAX_VALUE;
        if (limit < 0) {
            throw new GtpFailure("move number must be at least 1, got " + args[1]);
        }
        String file = args[0];
        GameRecord record;
        try {
            record = GoSgf.read(Path.of(file));
        } catch (SgfException | IllegalArgumentException e) {
            throw new GtpFailure("cannot load file " + file + ": " + e.getMessage());
        }
        Rules loaded = record.rules();
        GameHistory history = record.history();
        Game loadedGame;
        try {
            loadedGame = history.replay(Math.min(limit, history.moveCount()));
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("cannot load file " + file + ": " + e.getMessage());
        }
        preset = SgfRules.preset(record.rulesName()).orElse(SgfRules.DEFAULT);
        komiOverride = loaded.komi();
        newGame();
        rules = loaded;
        game = loadedGame;
        loadedFrom = record;
        mask = new boolean[rules.actionCount()];
        return "";
    }

    /** The game as SGF, written to FILE or, without one, returned (blank lines dropped: they would end the reply). */
    private String printSgf(String[] args) {
        GameRecord.Builder builder = GameRecord.builder(game.history()).optResult(GameResult.of(game));
        if (loadedFrom != null) {
            // What only the file knew (players, date, name, root comment) stays with the game it was loaded from.
            builder.optPlayers(loadedFrom.blackPlayer(), loadedFrom.whitePlayer()).optDate(loadedFrom.date())
                    .optGameName(loadedFrom.gameName()).optComment(loadedFrom.comment());
        }
        GameRecord record = builder.build();
        String sgf = GoSgf.format(record);
        if (args.length == 0) {
            return sgf.strip().replaceAll("\n\\s*\n", "\n");
        }
        try {
            Files.writeString(Path.of(args[0]), sgf, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GtpFailure("cannot write " + args[0] + ": " + IoErrors.reason(e));
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("cannot write " + args[0] + ": " + e.getMessage());
        }
        return "";
    }

    // ---- analysis

    /**
     * The candidates of the last search, or of a new search for COLOR that plays nothing: up to
     * {@value #ANALYSIS_MOVES} lines {@code VERTEX visits N winrate W prior P}, most visited first, the winrate in
     * [0, 1] for the player who moves.
     */
    private String analyze(String[] args) {
        int player = args.length == 1 ? colour(args[0]) : Stone.EMPTY;
        requireSearch();
        if (player != Stone.EMPTY) {
            Game position = searchable(player);
            think(position, clock.budget(player, position.turns(), rules.area()), SearchObserver.NONE);
            analysed = player;
        }
        if (agent.lastSearch(0).isEmpty() || analysed == Stone.EMPTY) {
            throw new GtpFailure("no search yet in this game: genmove first, or tengen-analyze COLOR");
        }
        SearchResult search = agent.lastSearch(0).get();
        int[] visits = search.visits();
        float[] priors = search.priors();
        float[] values = search.values();
        StringJoiner lines = new StringJoiner("\n");
        IntStream.range(0, visits.length).filter(a -> visits[a] > 0).boxed()
                .sorted(Comparator.<Integer>comparingInt(a -> -visits[a]).thenComparing(a -> -priors[a]))
                .limit(ANALYSIS_MOVES)
                .forEach(a -> lines.add(String.format(Locale.ROOT, "%s visits %d winrate %.4f prior %.4f", format(a),
                        visits[a], (1 + values[a]) / 2, priors[a])));
        return lines.toString();
    }

    /**
     * lz-analyze and kata-analyze: a search for COLOR (the player to move by default) that plays nothing, reporting
     * at the interval until stopped, or until the agent's simulation cap or the longest move time ends it.
     */
    private StreamedReply analyzeLive(LiveAnalysis.Format format, String[] args) {
        LiveAnalysis.Request request = LiveAnalysis.parse(format, args);
        requireSearch();
        int player = request.player() == Stone.EMPTY ? game.toMove() : request.player();
        Game position = searchable(player);
        return new StreamedReply(true, (lines, stop) -> {
            one[0] = position;
            agent.act(one, chosen, Budget.seconds(clock.maxMoveSeconds()),
                    LiveAnalysis.reporter(request, this::format, lines, stop));
            analysed = player;
        });
    }

    /** lz-genmove_analyze and kata-genmove_analyze: genmove for COLOR (the player to move), reporting as it thinks. */
    private StreamedReply genmoveAnalyze(LiveAnalysis.Format format, String[] args) {
        LiveAnalysis.Request request = LiveAnalysis.parse(format, args);
        int player = request.player() == Stone.EMPTY ? game.toMove() : request.player();
        return new StreamedReply(false, (lines, stop) -> lines.accept("play "
                + generate(player, false, LiveAnalysis.reporter(request, this::format, lines, stop))));
    }

    /** GoGui's policy heat map (gfx) of the root priors of a one-simulation search for COLOR (the player to move). */
    private String policyMap(String[] args) {
        int player = args.length == 1 ? colour(args[0]) : game.toMove();
        requireSearch();
        one[0] = searchable(player);
        agent.act(one, chosen, Budget.simulations(1));
        analysed = player;
        return GoGuiAnalysis.policy(agent.lastSearch(0).orElseThrow().priors(), rules, this::format);
    }

    /**
     * GoGui's ownership map (gfx INFLUENCE, +1 Black's): the search-averaged ownership of a search for COLOR (the
     * player to move) with genmove's simulations.
     */
    private String ownershipMap(String[] args) {
        int player = args.length == 1 ? colour(args[0]) : game.toMove();
        requireSearch();
        searchable(player);
        float[] owned = searchOwnership(player);
        if (owned == null) {
            throw new GtpFailure("no ownership to show: the engine's network has no ownership head (start it with "
                    + "--model and a network that has one)");
        }
        return GoGuiAnalysis.ownership(owned, rules, this::format);
    }

    /** GoGui's visit counts (dboard) of a search for COLOR (the player to move) with genmove's budget. */
    private String visitBoard(String[] args) {
        int player = args.length == 1 ? colour(args[0]) : game.toMove();
        requireSearch();
        Game position = searchable(player);
        think(position, clock.budget(player, position.turns(), rules.area()), SearchObserver.NONE);
        analysed = player;
        return GoGuiAnalysis.board(agent.lastSearch(0).orElseThrow().visits(), rules);
    }

    private void requireSearch() {
        if (!agent.searches()) {
            throw new GtpFailure("no search to show: this engine plays without one (start it with --model or "
                    + "--player mcts-rollout)");
        }
    }

    /** The position {@code player} would move in ({@link #mover}), which must not be over. */
    private Game searchable(int player) {
        Game position = mover(player);
        if (position.isOver()) {
            throw new GtpFailure("the game is over");
        }
        return position;
    }

    /**
     * The game as seen by {@code player} moving next: the game itself, or a scratch copy when out of turn or when
     * the game ended by passes (a stone would resume it).
     */
    private Game mover(int player) {
        boolean ended = game.status() == Status.ENDED_BY_PASSES;
        if (player == game.toMove() && !ended) {
            return game;
        }
        if (outOfTurn == null) {
            outOfTurn = new Game(rules);
        }
        outOfTurn.copyFrom(game);
        outOfTurn.resume();
        outOfTurn.setToMove(player);
        return outOfTurn;
    }

    static int colour(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "b", "black" -> Stone.BLACK;
            case "w", "white" -> Stone.WHITE;
            default -> throw new GtpFailure("invalid color '" + word + "' (expected b, w, black or white)");
        };
    }

    private int vertex(String word) {
        return Vertex.parse(word, rules.width(), rules.height());
    }

    private String format(int action) {
        return format(action, rules);
    }

    private static String format(int action, Rules r) {
        if (action == r.passAction()) {
            return "pass";
        }
        return Vertex.format(action % r.width(), action / r.width(), r.height());
    }

    private String size() {
        return rules.width() + "x" + rules.height();
    }

    private static int integer(String word) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("expected an integer, got '" + word + "'");
        }
    }

    private static double number(String word) {
        try {
            return Double.parseDouble(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("expected a number, got '" + word + "'");
        }
    }
}
