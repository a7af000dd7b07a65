package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.NaiveGo;
import org.tengen.env.testutil.Positions;

/** Area scoring (Tromp-Taylor rule 9), ownership and komi on diagrams. */
class ScoringTest {

    /**
     * Diagrams in one line (rows separated by '/'), the areas counted by hand and the ownership row by row
     * ({@code +} Black, {@code -} White, {@code 0} neutral).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "whole-board seki: shared liberties are neutral | X . O / X . O                 | 2 | 2 | +0-/+0-",
        "seki with an eye each                          | . X . O . / X X X O O         | 5 | 4 | ++0--/+++--",
        "dame between two walls                         | X X . O O / X X . O O / X X . O O | 6 | 6 | ++0--/++0--/++0--",
        "a stray stone spoils territory, not area       | . . X . . / . O X . . / . . X . . | 9 | 1 | 00+++/0-+++/00+++",
        "territory reaching one colour only             | . X . / X X . / . X O           | 6 | 1 | ++0/++0/++-",
        "empty board: nobody's                          | . . / . .                       | 0 | 0 | 00/00"})
    void areaCountsAndOwnership(String name, String diagram, int black, int white, String owners) {
        String[] rows = diagram.split("/");
        int width = rows[0].replace(" ", "").length();
        Rules rules = Rules.trompTaylor(width, rows.length);
        Game game = Positions.game(rules, diagram.replace('/', '\n'), Stone.BLACK);
        Score score = game.score();
        assertEquals(black, score.blackArea(), "black area");
        assertEquals(white, score.whiteArea(), "white area");
        int[] naive = NaiveGo.score(Positions.grid(game.board()), width, rows.length);
        assertEquals(black, naive[Stone.BLACK], "black area by the rule text");
        assertEquals(white, naive[Stone.WHITE], "white area by the rule text");

        float[] ownership = new float[rules.area() + 2];
        Arrays.fill(ownership, 9f);
        game.ownership(ownership, 1);
        float[] expected = new float[rules.area() + 2];
        Arrays.fill(expected, 9f);
        String marks = owners.replace("/", "");
        for (int a = 0; a < rules.area(); a++) {
            expected[1 + a] = switch (marks.charAt(a)) {
                case '+' -> 1f;
                case '-' -> -1f;
                default -> 0f;
            };
        }
        assertArrayEquals(expected, ownership, "ownership written at the offset, nothing else touched");
    }

    /** Two 6-point areas and dame: komi alone decides, including ties and negative komi. */
    @ParameterizedTest(name = "komi {0}: {1}")
    @CsvSource({"0, 0, EMPTY", "0.5, W+0.5, WHITE", "-0.5, B+0.5, BLACK", "7.5, W+7.5, WHITE", "-7, B+7, BLACK",
        "-2.5, B+2.5, BLACK"})
    void komiIsAddedToWhite(double komi, String result, String winner) {
        Rules rules = Rules.trompTaylor(5, 3).withKomi(komi);
        Game game = Positions.game(rules, """
                X X . O O
                X X . O O
                X X . O O
                """, Stone.BLACK);
        Positions.play(game, "pass pass");
        assertEquals(Status.ENDED_BY_PASSES, game.status());
        Score score = game.score();
        assertEquals(komi, score.komi());
        assertEquals(0 - komi, score.margin());
        assertEquals(0 - komi, game.scoreMargin());
        assertEquals(result, score.result());
        int expected = switch (winner) {
            case "BLACK" -> Stone.BLACK;
            case "WHITE" -> Stone.WHITE;
            default -> Stone.EMPTY;
        };
        assertEquals(expected, score.winner());
        assertEquals(expected, game.winner());
    }
}
