package org.tengen.sgf;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.IllegalMoveException;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Rules;

/**
 * The record of one Go game: rules, starting position, moves with comments, result and game information. It is what
 * {@link GoSgf} reads from and writes to SGF: a {@link GameHistory} plus what only SGF keeps. {@link #replay()} checks
 * it as a game played in turn by the rules; build one from a game's history with {@link #builder(GameHistory)}.
 * Strings are never null; an empty string means absent.
 *
 * @param rules       the rules, board, komi and handicap; {@code maxMoves} is always 0 here, as SGF has no place
 *                    for it (a truncated game's result is {@code Void})
 * @param rulesName   the {@code RU} value, e.g. {@code Tromp-Taylor}; an unknown name is kept as read
 * @param blackStones black set-up stones as actions, ascending (handicap stones; for a fixed handicap the rules'
 *                    star points when none are given)
 * @param whiteStones white set-up stones as actions, ascending
 * @param firstPlayer the player to move in the starting position ({@code PL}), BLACK or WHITE
 * @param moves       the moves in order, passes included
 * @param result      the {@code RE} value as written, see {@link GameResult}
 * @param blackPlayer {@code PB}
 * @param whitePlayer {@code PW}
 * @param date        {@code DT}, e.g. {@code 2025-01-31}
 * @param gameName    {@code GN}
 * @param comment     the root node's {@code C}
 * @param extra       other root properties, kept as read and written back
 */
public record GameRecord(Rules rules, String rulesName, List<Integer> blackStones, List<Integer> whiteStones,
                         int firstPlayer, List<Move> moves, String result, String blackPlayer, String whitePlayer,
                         String date, String gameName, String comment, List<SgfProperty> extra) {

    /** Root properties {@link GoSgf} derives from the record's fields; they may not appear in {@code extra}. */
    static final Set<String> ROOT_PROPERTIES = Set.of("FF", "GM", "CA", "AP", "SZ", "KM", "RU", "HA", "PL", "AB",
            "AW", "AE", "RE", "PB", "PW", "DT", "GN", "C", "B", "W");
    /** Move-node properties derived from a {@link Move}'s fields, or set-up that may only precede the moves. */
    static final Set<String> MOVE_PROPERTIES = Set.of("B", "W", "C", "AB", "AW", "AE", "PL");

    /**
     * One move.
     *
     * @param player  BLACK or WHITE
     * @param action  a point {@code y * width + x}, or pass ({@code width * height})
     * @param comment the node's {@code C}, e.g. the search value; empty for none
     * @param extra   other properties of the move's node, kept as read and written back
     */
    public record Move(int player, int action, String comment, List<SgfProperty> extra) {
        public Move {
            if (player != Stone.BLACK && player != Stone.WHITE) {
                throw new IllegalArgumentException("a move's player must be black or white, got " + player);
            }
            comment = comment == null ? "" : comment;
            extra = List.copyOf(extra);
            for (SgfProperty p : extra) {
                if (MOVE_PROPERTIES.contains(p.id())) {
                    throw new IllegalArgumentException("property " + p.id() + " cannot be an extra move property");
                }
            }
        }

        public static Move of(int player, int action) {
            return new Move(player, action, "", List.of());
        }

        public static Move of(int player, int action, String comment) {
            return new Move(player, action, comment, List.of());
        }
    }

    public GameRecord {
        if (rules == null) {
            throw new IllegalArgumentException("a game record needs rules");
        }
        rules = rules.withMaxMoves(0);
        rulesName = rulesName == null || rulesName.isEmpty() ? SgfRules.name(rules) : rulesName;
        if (blackStones.isEmpty() && whiteStones.isEmpty() && rules.isHandicapGame()
                && rules.placement() == HandicapPlacement.FIXED) {
            blackStones = fixedHandicap(rules);
        }
        blackStones = sortedPoints(blackStones, rules, "black");
        whiteStones = sortedPoints(whiteStones, rules, "white");
        for (int a : whiteStones) {
            if (blackStones.contains(a)) {
                throw new IllegalArgumentException("set-up point " + SgfPoints.format(a, rules.width())
                        + " is both black and white");
            }
        }
        if (firstPlayer != Stone.BLACK && firstPlayer != Stone.WHITE) {
            throw new IllegalArgumentException("the first player must be black or white, got " + firstPlayer);
        }
        moves = List.copyOf(moves);
        for (Move m : moves) {
            if (m.action() < 0 || m.action() > rules.passAction()) {
                throw new IllegalArgumentException("move action " + m.action() + " is not a point of the "
                        + rules.width() + "x" + rules.height() + " board nor pass");
            }
        }
        result = orEmpty(result);
        blackPlayer = orEmpty(blackPlayer);
        whitePlayer = orEmpty(whitePlayer);
        date = orEmpty(date);
        gameName = orEmpty(gameName);
        comment = orEmpty(comment);
        extra = List.copyOf(extra);
        for (SgfProperty p : extra) {
            if (ROOT_PROPERTIES.contains(p.id())) {
                throw new IllegalArgumentException("property " + p.id() + " cannot be an extra root property");
            }
        }
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static List<Integer> fixedHandicap(Rules rules) {
        List<Integer> stones = new ArrayList<>();
        for (int[] p : HandicapLayout.points(rules.width(), rules.height(), rules.handicap())) {
            stones.add(p[1] * rules.width() + p[0]);
        }
        return stones;
    }

    private static List<Integer> sortedPoints(List<Integer> actions, Rules rules, String colour) {
        List<Integer> sorted = new ArrayList<>(actions);
        sorted.sort(null);
        for (int i = 0; i < sorted.size(); i++) {
            int a = sorted.get(i);
            if (a < 0 || a >= rules.area()) {
                throw new IllegalArgumentException(colour + " set-up stone " + a + " is not a point of the "
                        + rules.width() + "x" + rules.height() + " board");
            }
            if (i > 0 && sorted.get(i - 1) == a) {
                throw new IllegalArgumentException(colour + " set-up stone " + SgfPoints.format(a, rules.width())
                        + " is given twice");
            }
        }
        return List.copyOf(sorted);
    }

    /**
     * A builder for the record of a game with {@code history}: its rules, start and moves so far (more may be added);
     * moves get comments with {@link Builder#optMoveComment}.
     */
    public static Builder builder(GameHistory history) {
        return new Builder(history);
    }

    /** A builder for a game under {@code rules} from the rules' own start. */
    public static Builder builder(Rules rules) {
        return builder(new Game(rules, 1).history());
    }

    /** The game as a {@link GameHistory}: rules, start and moves, without the SGF-only information. */
    public GameHistory history() {
        List<GameHistory.Move> played = new ArrayList<>(moves.size());
        for (Move m : moves) {
            played.add(new GameHistory.Move(m.player(), m.action()));
        }
        return new GameHistory(rules, blackStones, whiteStones, firstPlayer, played);
    }

    /** The game after every move, as {@link #replay(int)}. */
    public Game replay() {
        return replay(moves.size());
    }

    /**
     * Plays the starting position and the first {@code moveCount} moves through {@link Game#play}. A white pass
     * right after a pass the rules insert themselves (NZ handicap) is that pass.
     *
     * @throws SgfException naming the move number (1-based) and why, if a move is illegal or by the wrong player
     */
    public Game replay(int moveCount) {
        if (moveCount < 0 || moveCount > moves.size()) {
            throw new IllegalArgumentException("cannot replay " + moveCount + " of " + moves.size() + " moves");
        }
        Game game = new Game(rules);
        if (!blackStones.isEmpty() || !whiteStones.isEmpty() || firstPlayer != game.toMove()) {
            try {
                game.setUpStones(toArray(blackStones), toArray(whiteStones), firstPlayer);
            } catch (IllegalArgumentException e) {
                throw new SgfException("the set-up stones are not a valid position: " + e.getMessage());
            }
        }
        boolean insertedPass = false;
        for (int i = 0; i < moveCount; i++) {
            Move m = moves.get(i);
            if (insertedPass && m.player() == Stone.WHITE && m.action() == rules.passAction()) {
                insertedPass = false;
                continue;
            }
            if (m.player() != game.toMove() && !game.isOver()) {
                throw new SgfException(describe(i) + Stone.name(m.player()) + " moves but it is "
                        + Stone.name(game.toMove()) + "'s turn");
            }
            int turns = game.turns();
            try {
                game.play(m.action());
            } catch (IllegalMoveException e) {
                throw new SgfException(describe(i) + e.getMessage());
            }
            insertedPass = game.turns() == turns + 2;
        }
        return game;
    }

    /** {@code move 12 (B[dd]): } for error messages. */
    private String describe(int index) {
        Move m = moves.get(index);
        String point = m.action() == rules.passAction() ? "" : SgfPoints.format(m.action(), rules.width());
        return "move " + (index + 1) + " (" + (m.player() == Stone.BLACK ? "B" : "W") + "[" + point + "]): ";
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Collects a record while a game is played; {@code set*} for the required, {@code opt*} for the optional. */
    public static final class Builder {
        private final Rules rules;
        private final List<Integer> blackStones = new ArrayList<>();
        private final List<Integer> whiteStones = new ArrayList<>();
        private final int firstPlayer;
        private final List<Move> moves = new ArrayList<>();
        private final List<SgfProperty> extra = new ArrayList<>();
        private final Set<String> extraIds = new HashSet<>();
        private String rulesName = "";
        private String result = "";
        private String blackPlayer = "";
        private String whitePlayer = "";
        private String date = "";
        private String gameName = "";
        private String comment = "";

        private Builder(GameHistory history) {
            rules = history.rules();
            firstPlayer = history.firstPlayer();
            blackStones.addAll(history.blackStones());
            whiteStones.addAll(history.whiteStones());
            for (GameHistory.Move m : history.moves()) {
                moves.add(Move.of(m.player(), m.action()));
            }
        }

        /** Appends a move by {@code player}; call it with the player to move before playing the action. */
        public Builder addMove(int player, int action) {
            return addMove(Move.of(player, action));
        }

        /** Appends a move with a comment (e.g. the search value). */
        public Builder addMove(int player, int action, String comment) {
            return addMove(Move.of(player, action, comment));
        }

        public Builder addMove(Move move) {
            moves.add(move);
            return this;
        }

        /** Gives move {@code index} (from 0) the comment {@code text}, e.g. the search's value. */
        public Builder optMoveComment(int index, String text) {
            Move m = moves.get(index);
            moves.set(index, new Move(m.player(), m.action(), text, m.extra()));
            return this;
        }

        /** The {@code RU} value when the default ({@link SgfRules#name(Rules)}) will not do. */
        public Builder optRulesName(String name) {
            rulesName = name;
            return this;
        }

        /** The {@code RE} value, e.g. {@code GameResult.of(game)}. */
        public Builder optResult(String re) {
            result = re;
            return this;
        }

        public Builder optPlayers(String black, String white) {
            blackPlayer = black;
            whitePlayer = white;
            return this;
        }

        public Builder optDate(String dt) {
            date = dt;
            return this;
        }

        public Builder optGameName(String name) {
            gameName = name;
            return this;
        }

        /** The root comment. */
        public Builder optComment(String text) {
            comment = text;
            return this;
        }

        /** An extra root property, e.g. a private {@code XX[...]}; one per identifier. */
        public Builder optExtra(SgfProperty property) {
            if (!extraIds.add(property.id())) {
                throw new IllegalArgumentException("extra root property " + property.id() + " given twice");
            }
            extra.add(property);
            return this;
        }

        public GameRecord build() {
            return new GameRecord(rules, rulesName, blackStones, whiteStones, firstPlayer, moves, result,
                    blackPlayer, whitePlayer, date, gameName, comment, extra);
        }
    }
}
