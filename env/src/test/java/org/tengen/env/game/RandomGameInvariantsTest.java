package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.tengen.env.TestGames;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.NaiveGo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Long random games on several sizes and presets, checking the board's invariants after every move. */
class RandomGameInvariantsTest {

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({
        "tromp-taylor, 1, 1", "tromp-taylor, 2, 2", "tromp-taylor, 5, 5", "tromp-taylor, 9, 9",
        "tromp-taylor, 19, 19", "tromp-taylor, 7, 3", "tromp-taylor, 25, 25", "aga, 9, 9", "nz, 9, 9",
        "chinese, 13, 13", "simple-ko, 9, 9", "tromp-taylor, 1, 9"})
    void invariantsHoldAfterEveryMove(String preset, int width, int height) {
        Rules rules = Preset.byName(preset).rules(width, height).withMaxMoves(3 * width * height + 10);
        Game game = new Game(rules);
        SplittableRandom random = new SplittableRandom(width * 31L + height);
        boolean[] mask = new boolean[rules.actionCount()];
        for (int g = 0; g < 20; g++) {
            game.reset();
            while (!game.isOver()) {
                int legal = game.legalMask(mask, 0);
                int count = 0;
                for (int a = 0; a < mask.length; a++) {
                    assertEquals(mask[a], game.isLegal(a), "mask disagrees with isLegal at " + a);
                    if (mask[a]) {
                        count++;
                    }
                }
                assertEquals(count, legal);
                game.play(TestGames.pickPreferringPoints(mask, legal, rules, random, 20));
                game.board().checkConsistency();
            }
            // The winner is the naive reference's area count with komi (truncated games are counted as they stand).
            byte[] grid = new byte[rules.area()];
            for (int a = 0; a < grid.length; a++) {
                grid[a] = (byte) game.board().colour(game.board().locOfAction(a));
            }
            int[] area = NaiveGo.score(grid, width, height);
            Score s = game.score();
            assertEquals(area[Stone.BLACK], s.blackArea());
            assertEquals(area[Stone.WHITE], s.whiteArea());
            double margin = area[Stone.BLACK] - area[Stone.WHITE] - rules.effectiveKomi();
            int expected = margin > 0 ? Stone.BLACK : margin < 0 ? Stone.WHITE : Stone.EMPTY;
            assertEquals(expected, game.winner(), () -> "winner of " + game);
        }
    }
}
