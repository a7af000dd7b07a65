package org.tengen.search;

import java.util.SplittableRandom;
import org.tengen.env.game.Game;

/** The weakest anchor: a uniformly random legal action, pass included. */
public final class RandomPlayer implements Player {
    private final SplittableRandom random;
    private boolean[] legal = new boolean[0];

    public RandomPlayer(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public int selectAction(Game game) {
        if (game.isOver()) {
            throw new IllegalArgumentException("the game is over (" + game.status() + ")");
        }
        int actions = game.rules().actionCount();
        if (legal.length != actions) {
            legal = new boolean[actions];
        }
        int pick = random.nextInt(game.legalMask(legal, 0));
        for (int a = 0; a < actions; a++) {
            if (legal[a] && pick-- == 0) {
                return a;
            }
        }
        throw new IllegalStateException("legal mask and count disagree");
    }
}
