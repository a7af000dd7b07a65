package org.tengen.env.game;

import java.util.ArrayList;
import java.util.List;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Rules;

/**
 * Where a game started, every move since and how it ended, as a {@link Game} records them (as KataGo's
 * {@code BoardHistory} does): the one history that records (SGF), GTP's {@code undo}, {@code komi}, {@code loadsgf}
 * and {@code printsgf}, and self-play go through. {@link #replay(int)} rebuilds the game at any move exactly,
 * superko history included.
 *
 * <p>The moves are what {@link Game#playAs} plays: either colour at any time, a stone after an end by passes
 * resumes the game, a pass after the end is recorded and changes nothing. The passes the rules insert themselves
 * (NZ handicap) are not moves.
 *
 * @param rules       the rules, board and komi
 * @param blackStones the black stones on the board at the start, as actions, ascending (a fixed handicap's
 *                    included)
 * @param whiteStones the white stones on the board at the start, as actions, ascending
 * @param firstPlayer the player to move at the start, BLACK or WHITE
 * @param moves       every move in order, passes included
 * @param ending      how the game ended where its moves do not say (a resignation, a truncation); NONE otherwise
 */
public record GameHistory(Rules rules, List<Integer> blackStones, List<Integer> whiteStones, int firstPlayer,
                          List<Move> moves, Ending ending) {

    /** One move: {@code player} (BLACK or WHITE) played {@code action} (a point, or pass = area). */
    public record Move(int player, int action) {
        /**
         * @param player BLACK or WHITE
         * @param action a point row-major, or pass; checked against a board by the history
         */
        public Move {
            if (player != Stone.BLACK && player != Stone.WHITE) {
                throw new IllegalArgumentException("a move's player must be black or white, got " + player);
            }
        }
    }

    /**
     * How a game ended beyond what its moves say. Two passes and the rules' turn cap follow from the moves; a
     * resignation is a status, not a move; {@link Game#truncate()} cuts a game that could go on.
     */
    public enum Ending {
        /** The moves say it all: the game goes on, or ended by passes or at the turn cap. */
        NONE,
        /** Black resigned. */
        BLACK_RESIGNED,
        /** White resigned. */
        WHITE_RESIGNED,
        /** Cut where it stood by {@link Game#truncate()}. */
        TRUNCATED
    }

    /**
     * Checks the history against its board, and sorts and copies the lists.
     *
     * @param rules       the rules, board and komi
     * @param blackStones points of the board, in any order
     * @param whiteStones points of the board, none of them black
     * @param firstPlayer BLACK or WHITE
     * @param moves       each a point of the board or pass
     * @param ending      not null
     * @throws IllegalArgumentException if a stone or move is not on the board, a point is set up twice, or the first
     *                                  player is not BLACK or WHITE
     */
    public GameHistory {
        if (firstPlayer != Stone.BLACK && firstPlayer != Stone.WHITE) {
            throw new IllegalArgumentException("the first player must be black or white, got " + firstPlayer);
        }
        blackStones = sortedPoints(blackStones, rules, "black");
        whiteStones = sortedPoints(whiteStones, rules, "white");
        for (int a : whiteStones) {
            if (blackStones.contains(a)) {
                throw new IllegalArgumentException("set-up point " + point(rules, a) + " is both black and white");
            }
        }
        moves = List.copyOf(moves);
        for (int i = 0; i < moves.size(); i++) {
            int a = moves.get(i).action();
            if (a < 0 || a > rules.passAction()) {
                throw new IllegalArgumentException("move " + (i + 1) + ": action " + a + " is neither a point of the "
                        + rules.width() + "x" + rules.height() + " board nor pass");
            }
        }
        if (ending == null) {
            throw new IllegalArgumentException("a history needs an ending (NONE for none)");
        }
    }

    /**
     * {@return a game under {@code rules} from the rules' own start} (fixed handicap stones included), no move played
     * yet
     *
     * @param rules the game's rules
     */
    public static GameHistory start(Rules rules) {
        boolean fixed = rules.isHandicapGame() && rules.placement() == HandicapPlacement.FIXED;
        List<Integer> black = new ArrayList<>();
        if (fixed) {
            for (int[] p : HandicapLayout.points(rules.width(), rules.height(), rules.handicap())) {
                black.add(p[1] * rules.width() + p[0]);
            }
        }
        return new GameHistory(rules, black, List.of(), fixed ? Stone.WHITE : Stone.BLACK, List.of(), Ending.NONE);
    }

    /**
     * {@return whether the game started elsewhere than the rules' own start}: other stones or another first player. A
     * set-up equal to that start is that start (a free handicap then still owes its stones).
     */
    public boolean setUp() {
        GameHistory own = start(rules);
        return !blackStones.equals(own.blackStones) || !whiteStones.isEmpty() || firstPlayer != own.firstPlayer;
    }

    /** {@return the moves played}, passes included */
    public int moveCount() {
        return moves.size();
    }

    /**
     * {@return the same history under other rules} (e.g. GTP's {@code komi} during a game)
     *
     * @param newRules rules of the same board
     */
    public GameHistory withRules(Rules newRules) {
        return new GameHistory(newRules, blackStones, whiteStones, firstPlayer, moves, ending);
    }

    /**
     * {@return the same history without its moves after the first {@code n}}; the ending goes unless all moves stay
     *
     * @param n moves kept, {@code 0..moveCount()}
     */
    public GameHistory truncated(int n) {
        checkMoveNumber(n);
        return n == moves.size() ? this
                : new GameHistory(rules, blackStones, whiteStones, firstPlayer, moves.subList(0, n), Ending.NONE);
    }

    /**
     * The same game with its first {@code n} moves as set-up stones: a random opening kept as the start position, so
     * that nothing learns from its moves. Exact, since such moves only add stones (no position before them can recur).
     *
     * @param n moves to turn into set-up stones
     * @return the history with that start
     * @throws IllegalArgumentException if one of those moves is a pass, captures or is a suicide
     */
    public GameHistory openingAsSetup(int n) {
        checkMoveNumber(n);
        Game opened = replay(n);
        if (opened.board().stoneCount() != blackStones.size() + whiteStones.size() + n) {
            throw new IllegalArgumentException("the first " + n + " moves do not only add stones: a pass, a capture "
                    + "or a suicide cannot become set-up");
        }
        List<Integer> black = new ArrayList<>(blackStones);
        List<Integer> white = new ArrayList<>(whiteStones);
        for (Move m : moves.subList(0, n)) {
            (m.player() == Stone.BLACK ? black : white).add(m.action());
        }
        return new GameHistory(rules, black, white, opened.toMove(), moves.subList(n, moves.size()), ending);
    }

    /** {@return the game after every move and its ending}: see {@link #replay(int)} */
    public Game replay() {
        return replay(moves.size());
    }

    /**
     * Rebuilds the game after its first {@code n} moves ({@code 0..moveCount()}) exactly as it was played: board,
     * player to move, passes, handicap phase and superko history; with all moves, the ending too.
     *
     * @param n moves to replay, {@code 0..moveCount()}
     * @return the game
     * @throws IllegalArgumentException naming the move (1-based) and why, if a move or the set-up is illegal
     */
    public Game replay(int n) {
        return replay(n, Game.DEFAULT_KEPT_POSITIONS, (index, move, game) -> { });
    }

    /** Sees each move of a replay just before it is played. */
    @FunctionalInterface
    public interface MoveVisitor {
        /**
         * A move is about to be played.
         *
         * @param index the move's number, from 0
         * @param move  the move
         * @param game  the game before it: the visitor may read it (e.g. encode its position for a network) but not
         *              change it
         */
        void beforeMove(int index, Move move, Game game);
    }

    /**
     * As {@link #replay()}, in a game that keeps {@code keptPositions} recent positions (as many as a feature set
     * reads), showing each move to {@code visitor} just before it is played: how training data is read from records.
     *
     * @param keptPositions recent positions the game keeps, at least 1
     * @param visitor       sees each move before it is played
     * @return the game after every move
     */
    public Game replay(int keptPositions, MoveVisitor visitor) {
        return replay(moves.size(), keptPositions, visitor);
    }

    private Game replay(int n, int keptPositions, MoveVisitor visitor) {
        checkMoveNumber(n);
        Game game = new Game(rules, keptPositions);
        if (setUp()) {
            try {
                game.setUpStones(toArray(blackStones), toArray(whiteStones), firstPlayer);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the set-up stones are not a valid position: " + e.getMessage(), e);
            }
        }
        for (int i = 0; i < n; i++) {
            Move m = moves.get(i);
            visitor.beforeMove(i, m, game);
            try {
                game.playAs(m.player(), m.action());
            } catch (IllegalMoveException e) {
                String point = m.action() == rules.passAction() ? "pass" : point(rules, m.action());
                throw new IllegalArgumentException("move " + (i + 1) + " (" + Stone.name(m.player()) + " " + point
                        + ") is illegal: " + e.legality().reason(), e);
            }
        }
        if (n == moves.size() && ending != Ending.NONE) {
            if (game.isOver()) {
                throw new IllegalArgumentException("the game ended (" + game.status() + ") before its ending "
                        + ending);
            }
            switch (ending) {
                case BLACK_RESIGNED -> game.resign(Stone.BLACK);
                case WHITE_RESIGNED -> game.resign(Stone.WHITE);
                case TRUNCATED -> game.truncate();
                case NONE -> { }
            }
        }
        return game;
    }

    private void checkMoveNumber(int n) {
        if (n < 0 || n > moves.size()) {
            throw new IllegalArgumentException("move number " + n + " is outside 0.." + moves.size());
        }
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
                throw new IllegalArgumentException(colour + " set-up stone " + point(rules, a) + " is given twice");
            }
        }
        return List.copyOf(sorted);
    }

    private static String point(Rules rules, int action) {
        return Vertex.format(action % rules.width(), action / rules.width(), rules.height());
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }
}
