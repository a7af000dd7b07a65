package org.tengen.gtp;

import java.util.Arrays;
import java.util.Set;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Rules;

/** The oracle of {@code final_score}: the area count of a game's board without the stones called dead. */
public final class AreaCount {
    private AreaCount() {
    }

    /** The result (e.g. {@code B+3.5}) of {@code game}'s board counted without the stones at {@code dead}. */
    public static String without(Game game, Set<String> dead) {
        Rules rules = game.rules();
        int[][] kept = new int[3][rules.area()];
        int[] count = new int[3];
        for (int a = 0; a < rules.area(); a++) {
            int colour = game.board().colour(game.board().locOfAction(a));
            String vertex = Vertex.format(a % rules.width(), a / rules.width(), rules.height());
            if (colour != Stone.EMPTY && !dead.contains(vertex)) {
                kept[colour][count[colour]++] = a;
            }
        }
        Game counted = new Game(rules);
        counted.setUpStones(Arrays.copyOf(kept[Stone.BLACK], count[Stone.BLACK]),
                Arrays.copyOf(kept[Stone.WHITE], count[Stone.WHITE]), game.toMove());
        return counted.score().result();
    }
}
