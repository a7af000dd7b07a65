package org.tengen.search;

import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Status;

/** Exact game results as search values. */
final class GameValues {
    private GameValues() {
    }

    /**
     * +1 if {@code player} wins {@code game} as it stands, -1 if it loses, 0 for a tie: the opponent of a resigner
     * wins, otherwise the area count with komi decides (also for unfinished or truncated games). Allocates nothing.
     */
    static float outcome(Game game, int player) {
        int winner;
        if (game.status() == Status.RESIGNED) {
            winner = Stone.opponent(game.resignedPlayer());
        } else {
            double margin = game.scoreMargin();
            winner = margin > 0 ? Stone.BLACK : margin < 0 ? Stone.WHITE : Stone.EMPTY;
        }
        return winner == Stone.EMPTY ? 0f : winner == player ? 1f : -1f;
    }

    /**
     * The area margin (komi included) of {@code game} as it stands from {@code player}'s view; a resignation counts as
     * losing every point. Allocates nothing.
     */
    static float score(Game game, int player) {
        double margin = game.status() == Status.RESIGNED
                ? (game.resignedPlayer() == Stone.BLACK ? -1 : 1) * game.rules().area() : game.scoreMargin();
        return (float) (player == Stone.BLACK ? margin : -margin);
    }
}
