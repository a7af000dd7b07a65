package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.colour;
import static org.tengen.gtp.GtpArgs.integer;

import java.util.StringJoiner;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Status;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.sgf.GameRecord;

/**
 * The game the controller sets up and plays: its rules (a preset, a komi that overrides the preset's, a handicap),
 * the game under them and the SGF record it was loaded from; and the commands that read or change it directly
 * ({@code boardsize}, {@code komi}, {@code tengen-rules}, {@code play}, {@code undo}, {@code all_legal},
 * {@code list_stones}). It also turns vertices into actions and back under the current rules.
 */
final class CurrentGame {
    private static final int[] NO_STONES = new int[0];

    /** Runs at every new game, for what lasts one game only elsewhere (the resign streak, the analysed search). */
    private final Runnable onNewGame;
    private Preset preset;
    /** Komi given by {@code komi} or {@link #setKomi}, overriding the preset's; NaN while unset. */
    private double komiOverride = Double.NaN;
    private Rules rules;
    private Game game;
    /** A scratch copy of {@link #game} with the other colour to move, for legality out of turn. */
    private Game outOfTurn;
    /** The SGF record the current game was loaded from, or null. */
    private GameRecord loadedFrom;
    private boolean[] mask;

    /** An empty {@code size}x{@code size} board under {@code preset}. */
    CurrentGame(Preset preset, int size, Runnable onNewGame) {
        this.preset = preset;
        this.onNewGame = onNewGame;
        rules = preset.rules(size, size);
        newGame();
    }

    Rules rules() {
        return rules;
    }

    Preset preset() {
        return preset;
    }

    Game game() {
        return game;
    }

    /** The SGF record the game was loaded from, or null. */
    GameRecord loadedFrom() {
        return loadedFrom;
    }

    /** Switches to a rules preset on the current board size (keeping a komi that was set) and clears the board. */
    void setRules(Preset newPreset) {
        Rules next = newPreset.rules(rules.width(), rules.height());
        rules = Double.isNaN(komiOverride) ? next : next.withKomi(komiOverride);
        preset = newPreset;
        newGame();
    }

    /** Changes the board size and clears the board; throws {@link IllegalArgumentException} for a bad size. */
    void setBoardSize(int width, int height) {
        rules = withoutHandicap(rules).withSize(width, height);
        newGame();
    }

    /** Sets komi, overriding the preset's, and keeps the game; throws {@link IllegalArgumentException} if invalid. */
    void setKomi(double komi) {
        rules = rules.withKomi(komi);
        komiOverride = komi;
        replay(game.history());
    }

    /** An empty board without handicap under the current rules (the clock and its settings are kept elsewhere). */
    void newGame() {
        loadedFrom = null;
        onNewGame.run();
        rules = withoutHandicap(rules);
        game = new Game(rules);
        outOfTurn = null;
        mask = new boolean[rules.actionCount()];
    }

    /**
     * Starts the game from these black stones with White to move. The rules record the handicap, so the preset's
     * compensation applies (placed the preset's way when its layout holds that many stones, else as free stones).
     */
    void placeHandicap(int[] stones) {
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
    }

    /** Replaces the game with {@code position}, read from {@code record}, under {@code recordPreset} and its rules. */
    void load(GameRecord record, Game position, Preset recordPreset) {
        preset = recordPreset;
        komiOverride = record.rules().komi();
        newGame();
        rules = record.rules();
        game = position;
        loadedFrom = record;
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

    String boardsize(String[] args) {
        int width = integer(args[0]);
        int height = args.length > 1 ? integer(args[1]) : width;
        try {
            setBoardSize(width, height);
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("unacceptable size: " + e.getMessage());
        }
        return "";
    }

    String komi(String[] args) {
        double komi;
        try {
            komi = Double.parseDouble(args[0]);
        } catch (NumberFormatException e) {
            throw new GtpFailure("komi must be a number, got '" + args[0] + "'");
        }
        setKomi(komi);
        return "";
    }

    String rulesCommand(String[] args) {
        if (args.length == 0) {
            return preset.id() + " " + rules.describe();
        }
        setRules(Preset.byName(args[0]));
        return "";
    }

    String play(String[] args) {
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

    String undo(String[] args) {
        if (game.moveCount() == 0) {
            throw new GtpFailure("cannot undo");
        }
        GameHistory history = game.history();
        replay(history.truncated(history.moveCount() - 1));
        return "";
    }

    String allLegal(String[] args) {
        mover(colour(args[0])).legalMask(mask, 0);
        StringJoiner out = new StringJoiner(" ");
        for (int a = 0; a < rules.area(); a++) {
            if (mask[a]) {
                out.add(format(a));
            }
        }
        return out.toString();
    }

    String listStones(String[] args) {
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

    /**
     * The game as seen by {@code player} moving next: the game itself, or a scratch copy when out of turn or when
     * the game ended by passes (a stone would resume it).
     */
    Game mover(int player) {
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

    /** The position {@code player} would move in ({@link #mover}), which must not be over. */
    Game searchable(int player) {
        Game position = mover(player);
        if (position.isOver()) {
            throw new GtpFailure("the game is over");
        }
        return position;
    }

    int vertex(String word) {
        return Vertex.parse(word, rules.width(), rules.height());
    }

    String format(int action) {
        if (action == rules.passAction()) {
            return "pass";
        }
        return Vertex.format(action % rules.width(), action / rules.width(), rules.height());
    }

    /** The board size as {@code WIDTHxHEIGHT}, for messages. */
    String size() {
        return rules.width() + "x" + rules.height();
    }
}
