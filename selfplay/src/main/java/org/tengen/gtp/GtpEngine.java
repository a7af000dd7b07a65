package org.tengen.gtp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Vertex;
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
 * {@code all_legal}, {@code list_stones} and {@code captures}, {@code final_score} (a Tromp-Taylor area count with
 * no dead-stone removal) and {@code tengen-rules [PRESET]}. Extensions: {@code boardsize WIDTH HEIGHT} for
 * rectangular boards, and passes after the game has ended are accepted and change nothing (so a controller may
 * keep passing; a stone is then illegal). Either colour may move at any time, as GTP allows.
 *
 * <p>Not thread-safe: one engine per connection.
 */
public final class GtpEngine {
    private static final Logger LOG = LogManager.getLogger(GtpEngine.class);
    /** Board side before any {@code boardsize}, as most GTP engines. */
    public static final int DEFAULT_SIZE = 19;

    /** A command's argument syntax and handler; brackets in the usage mark optional arguments. */
    private record Command(String name, String usage, int minArgs, int maxArgs, Function<String[], String> handler) {
        String usageLine() {
            return usage.isEmpty() ? name : name + " " + usage;
        }
    }

    /** A move of the record; {@code undo} and {@code komi} replay them. */
    private record Move(int player, int action) {
    }

    private final String name;
    private final String version;
    private final MoveGenerator generator;
    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final List<Move> moves = new ArrayList<>();
    private Preset preset = Preset.TROMP_TAYLOR;
    /** Komi given by {@code komi} or {@link #setKomi}, overriding the preset's; NaN while unset. */
    private double komiOverride = Double.NaN;
    private Rules rules;
    private Game game;
    /** A scratch copy of {@link #game} with the other colour to move, for legality out of turn. */
    private Game outOfTurn;
    private boolean[] mask;
    private boolean quit;

    /**
     * An engine answering {@code name} and {@code version} with those strings, choosing moves with
     * {@code generator}; it starts with Tromp-Taylor rules on a {@value #DEFAULT_SIZE}x{@value #DEFAULT_SIZE}
     * board.
     */
    public GtpEngine(String name, String version, MoveGenerator generator) {
        this.name = name;
        this.version = version;
        this.generator = generator;
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
        register("clear_board", "", a -> {
            newGame();
            return "";
        });
        register("komi", "POINTS", this::komi);
        register("play", "COLOR VERTEX", this::play);
        register("genmove", "COLOR", this::genmove);
        register("undo", "", this::undo);
        register("showboard", "", a -> BoardDiagram.render(game));
        register("final_score", "", a -> game.score().result());
        register("is_legal", "COLOR VERTEX", a -> mover(colour(a[0])).isLegal(vertex(a[1])) ? "1" : "0");
        register("all_legal", "COLOR", this::allLegal);
        register("list_stones", "COLOR", this::listStones);
        register("captures", "COLOR", a -> Integer.toString(game.board().captures(colour(a[0]))));
        register("tengen-rules", "[PRESET]", this::rulesCommand);
    }

    private void register(String command, String usage, Function<String[], String> handler) {
        String[] words = usage.isEmpty() ? new String[0] : usage.split(" ");
        int required = (int) Arrays.stream(words).filter(w -> !w.startsWith("[")).count();
        commands.put(command, new Command(command, usage, required, words.length, handler));
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
        rules = rules.withSize(width, height);
        newGame();
    }

    /** Sets komi, overriding the preset's, and keeps the game; throws {@link IllegalArgumentException} if invalid. */
    public void setKomi(double komi) {
        rules = rules.withKomi(komi);
        komiOverride = komi;
        replay();
    }

    /**
     * Reads commands until {@code quit} or the end of input, writing each response and flushing it at once.
     * Protocol errors are answered; only I/O failures escape.
     */
    public void run(Reader in, Writer out) throws IOException {
        BufferedReader reader = in instanceof BufferedReader b ? b : new BufferedReader(in);
        quit = false;
        String line;
        while (!quit && (line = reader.readLine()) != null) {
            String response = execute(line);
            if (response != null) {
                out.write(response);
                out.flush();
            }
        }
    }

    /**
     * Executes one line of input and returns the full response, blank line included, or {@code null} when the line
     * holds no command (blank or comment).
     */
    public String execute(String line) {
        String clean = preprocess(line);
        if (clean.isEmpty()) {
            return null;
        }
        LOG.debug("< {}", clean);
        String[] words = clean.split(" +");
        String id = words[0].chars().allMatch(c -> c >= '0' && c <= '9') ? words[0] : "";
        int first = id.isEmpty() ? 0 : 1;
        String response;
        if (first == words.length) {
            response = respond(false, id, "missing command");
        } else {
            Command command = commands.get(words[first].toLowerCase(Locale.ROOT));
            String[] args = Arrays.copyOfRange(words, first + 1, words.length);
            response = command == null ? respond(false, id, "unknown command") : dispatch(command, id, args);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("> {}", response.strip());
        }
        return response;
    }

    private String dispatch(Command command, String id, String[] args) {
        try {
            if (args.length < command.minArgs() || args.length > command.maxArgs()) {
                throw new GtpFailure((args.length < command.minArgs() ? "missing argument" : "too many arguments")
                        + ", usage: " + command.usageLine());
            }
            return respond(true, id, command.handler().apply(args));
        } catch (GtpFailure | IllegalArgumentException e) {
            return respond(false, id, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("internal error in '{}'", command.name(), e);
            return respond(false, id, "internal error: " + e);
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
    private static String respond(boolean success, String id, String text) {
        return (success ? "=" : "?") + id + " " + text + "\n\n";
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
        if (!acceptPassAfterEnd(player, action)) {
            Legality legality = mover(player).legality(action);
            if (!legality.isLegal()) {
                throw new GtpFailure("illegal move: " + legality.reason());
            }
            playMove(player, action);
        }
        return "";
    }

    private String genmove(String[] args) {
        int player = colour(args[0]);
        if (acceptPassAfterEnd(player, rules.passAction())) {
            return "pass";
        }
        game.setToMove(player);
        int action = generator.select(game);
        playMove(player, action);
        return format(action);
    }

    /** Records a pass made after the game has ended, which changes nothing; false if that is not the case. */
    private boolean acceptPassAfterEnd(int player, int action) {
        if (!game.isOver() || action != rules.passAction()) {
            return false;
        }
        moves.add(new Move(player, action));
        return true;
    }

    private void playMove(int player, int action) {
        game.setToMove(player);
        game.play(action);
        moves.add(new Move(player, action));
    }

    private String undo(String[] args) {
        if (moves.isEmpty()) {
            throw new GtpFailure("cannot undo");
        }
        moves.remove(moves.size() - 1);
        replay();
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

    private void newGame() {
        game = new Game(rules);
        outOfTurn = null;
        mask = new boolean[rules.actionCount()];
        moves.clear();
    }

    /** Rebuilds the game from the move record under the current rules: exact, superko history included. */
    private void replay() {
        if (game.rules().equals(rules)) {
            game.reset();
        } else {
            game = new Game(rules);
            outOfTurn = null;
        }
        for (Move move : moves) {
            if (!game.isOver()) {
                game.setToMove(move.player());
                game.play(move.action());
            }
        }
    }

    /** The game as seen by {@code player} moving next: the game itself, or a scratch copy when out of turn. */
    private Game mover(int player) {
        if (player == game.toMove()) {
            return game;
        }
        if (outOfTurn == null) {
            outOfTurn = new Game(rules);
        }
        outOfTurn.copyFrom(game);
        outOfTurn.setToMove(player);
        return outOfTurn;
    }

    private static int colour(String word) {
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
        if (action == rules.passAction()) {
            return "pass";
        }
        return Vertex.format(action % rules.width(), action / rules.width(), rules.height());
    }

    private static int integer(String word) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new GtpFailure("expected an integer, got '" + word + "'");
        }
    }
}
