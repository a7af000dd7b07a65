package org.tengen.sgf;

import java.util.SplittableRandom;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;

/** Test fixture: random legal games recorded the way self-play will record them. */
final class RandomRecords {

    /** A finished game and its record. */
    record Played(Game game, GameRecord record) {
    }

    private RandomRecords() {
    }

    /**
     * Plays random legal moves from {@code game}'s current start (passing rarely, so stones get captured) until the
     * game ends or {@code maxTurns} turns, then passes until it ends, with a comment holding SGF special characters on every tenth move.
     */
    static Played play(Game game, long seed, int maxTurns) {
        SplittableRandom random = new SplittableRandom(seed);
        int pass = game.passAction();
        boolean[] mask = new boolean[pass + 1];
        java.util.Map<Integer, String> comments = new java.util.HashMap<>();
        while (!game.isOver() && game.turns() < maxTurns) {
            int legal = game.legalMask(mask, 0);
            int action = pass;
            if (legal > 1 && random.nextInt(30) != 0) {
                int pick = random.nextInt(legal - 1);
                for (int a = 0; a < pass; a++) {
                    if (mask[a] && pick-- == 0) {
                        action = a;
                        break;
                    }
                }
            }
            if (game.turns() % 10 == 3) {
                comments.put(game.moveCount(), "v=" + random.nextInt(100) + " [q\\] ] \\\\ x\nnext:line");
            }
            game.play(action);
        }
        while (!game.isOver()) {
            game.play(pass);
        }
        // Built at the end from the finished game, as self-play builds its records.
        GameRecord.Builder builder = GameRecord.builder(game.history());
        comments.forEach(builder::optMoveComment);
        builder.optResult(GameResult.of(game)).optPlayers("tengen-b", "tengen-w").optDate("2025-06-01")
                .optGameName("random " + seed);
        return new Played(game, builder.build());
    }
}
