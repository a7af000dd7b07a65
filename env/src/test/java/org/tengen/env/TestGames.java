package org.tengen.env;

import java.util.SplittableRandom;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/** Random legal games for tests: reproducible from a seed, preferring points so that boards fill and capture. */
public final class TestGames {
    private TestGames() {
    }

    /** Plays up to {@code turns} random legal actions (fewer if the game ends) and returns them. */
    public static int[] playRandom(Game game, int turns, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Rules rules = game.rules();
        boolean[] mask = new boolean[rules.actionCount()];
        int[] played = new int[turns];
        int n = 0;
        while (n < turns && !game.isOver()) {
            int legal = game.legalMask(mask, 0);
            int action = pickPreferringPoints(mask, legal, rules, random, 10);
            game.play(action);
            played[n++] = action;
        }
        return java.util.Arrays.copyOf(played, n);
    }

    /**
     * A random legal action from {@code mask} (holding {@code legal} legal actions, pass included) that passes only
     * one time in {@code passOneIn}, or when nothing else is legal, so that games fill the board and capture.
     */
    public static int pickPreferringPoints(boolean[] mask, int legal, Rules rules, SplittableRandom random,
                                           int passOneIn) {
        if (legal > 1 && random.nextInt(passOneIn) != 0) {
            int pick = random.nextInt(legal - 1);
            for (int a = 0; a < rules.area(); a++) {
                if (mask[a] && pick-- == 0) {
                    return a;
                }
            }
        }
        return rules.passAction();
    }

    /** A new game under {@code rules} after {@code turns} random turns. */
    public static Game randomGame(Rules rules, int turns, long seed) {
        Game game = new Game(rules);
        playRandom(game, turns, seed);
        return game;
    }
}
