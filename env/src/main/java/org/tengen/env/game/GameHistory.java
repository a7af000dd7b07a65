package org.tengen.env.game;

import java.util.List;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Rules;

/**
 * Where a game started and every move since, as a {@link Game} records them (as KataGo's {@code BoardHistory}
 * does): the one history that records, undo and loading replay. Records (SGF), GTP's {@code undo},
 * {@code loadsgf} and {@code printsgf}, and self-play all go through it.
 *
 * @param rules       the rules, board and komi
 * @param blackStones black set-up stones as actions, ascending; empty when the game started from the rules' own
 *                    start (which may hold fixed handicap stones)
 * @param whiteStones white set-up stones as actions, ascending
 * @param firstPlayer the player to move at the start
 * @param moves       every move in order: passes included, out-of-turn moves (GTP allows them) as played, passes
 *                    after the end as recorded; the passes the rules insert themselves (NZ handicap) are not moves
 */
public record GameHistory(Rules rules, List<Integer> blackStones, List<Integer> whiteStones, int firstPlayer,
                          List<Move> moves) {

    /** One move: {@code player} (BLACK or WHITE) played {@code action} (a point, or pass = area). */
    public record Move(int player, int action) {
    }

    public GameHistory {
        blackStones = List.copyOf(blackStones);
        whiteStones = List.copyOf(whiteStones);
        moves = List.copyOf(moves);
    }

    /** Whether the game started from set-up stones or another first player rather than the rules' own start. */
    public boolean setUp() {
        return !blackStones.isEmpty() || !whiteStones.isEmpty() || firstPlayer != new Game(rules, 1).toMove();
    }

    public int moveCount() {
        return moves.size();
    }

    /** The same history under other rules (e.g. GTP's {@code komi} during a game). */
    public GameHistory withRules(Rules newRules) {
        return new GameHistory(newRules, blackStones, whiteStones, firstPlayer, moves);
    }

    /** The same history without its moves after the first {@code n}. */
    public GameHistory truncated(int n) {
        return new GameHistory(rules, blackStones, whiteStones, firstPlayer, moves.subList(0, n));
    }

    /** The game after every move: see {@link #replay(int)}. */
    public Game replay() {
        return replay(moves.size());
    }

    /**
     * Rebuilds the game after its first {@code n} moves, superko history included, exactly as it was played: a move
     * by the player not to move is played as GTP plays it ({@link Game#setToMove}), a stone after two passes resumes
     * the game, a pass after the end is recorded. A white pass right after a pass the rules inserted themselves
     * (NZ handicap, as other programs write it) is that pass.
     *
     * @throws IllegalArgumentException naming the move (1-based) and why, if a move or the set-up is illegal
     */
    public Game replay(int n) {
        if (n < 0 || n > moves.size()) {
            throw new IllegalArgumentException("cannot replay " + n + " of " + moves.size() + " moves");
        }
        Game game = new Game(rules);
        if (setUp()) {
            try {
                game.setUpStones(toArray(blackStones), toArray(whiteStones), firstPlayer);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the set-up stones are not a valid position: " + e.getMessage(), e);
            }
        }
        boolean insertedPass = false;
        for (int i = 0; i < n; i++) {
            Move m = moves.get(i);
            int pass = rules.passAction();
            if (insertedPass && m.player() == Stone.WHITE && m.action() == pass) {
                insertedPass = false;
                continue;
            }
            if (game.isOver() && m.action() == pass) {
                game.passAfterEnd(m.player());
                continue;
            }
            if (m.action() != pass) {
                game.resume();
            }
            if (!game.isOver()) {
                game.setToMove(m.player());
            }
            Legality legality = game.legality(m.action());
            if (!legality.isLegal()) {
                String point = m.action() == pass ? "pass" : Vertex.format(m.action() % rules.width(),
                        m.action() / rules.width(), rules.height());
                throw new IllegalArgumentException("move " + (i + 1) + " (" + Stone.name(m.player()) + " " + point
                        + ") is illegal: " + legality.reason());
            }
            int turns = game.turns();
            game.playLegal(m.action());
            insertedPass = game.turns() == turns + 2;
        }
        return game;
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }
}
