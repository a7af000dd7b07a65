package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.NaiveGo;
import org.tengen.env.testutil.RandomMoves;
import org.tengen.env.testutil.RulesAssertions;

/**
 * The engine against {@link NaiveGo}, the logical rules implemented literally: the verdict on every action, the
 * colouring and, at the end, the area counts must agree for every ko rule with suicide allowed or not.
 */
class ReferenceRulesTest {
    /** Plies explored exhaustively on 2x2 in the default suite; every sequence of legal actions up to it. */
    private static final int DEPTH_2X2 = 12;

    static Stream<Arguments> koAndSuicide() {
        return Stream.of(KoRule.values())
                .flatMap(ko -> Stream.of(Arguments.of(ko, true), Arguments.of(ko, false)));
    }

    private static Rules rules(int width, int height, KoRule ko, boolean suicide) {
        return Rules.trompTaylor(width, height).withKoRule(ko).withSuicideAllowed(suicide);
    }

    @ParameterizedTest(name = "2x2 {0} suicide={1}")
    @MethodSource("koAndSuicide")
    void everySequenceOnTwoByTwoAgrees(KoRule ko, boolean suicide) {
        assertTrue(explore(rules(2, 2, ko, suicide), DEPTH_2X2) > 1000);
    }

    @Tag("slow")
    @ParameterizedTest(name = "2x2 deep {0} suicide={1}")
    @MethodSource("koAndSuicide")
    void everyLongerSequenceOnTwoByTwoAgrees(KoRule ko, boolean suicide) {
        explore(rules(2, 2, ko, suicide), 16);
    }

    /** Walks every sequence of legal actions up to {@code depth} plies; returns the number of positions visited. */
    private static long explore(Rules rules, int depth) {
        Game[] games = new Game[depth + 1];
        for (int i = 0; i <= depth; i++) {
            games[i] = new Game(rules);
        }
        return explore(games, depth, NaiveGo.start(rules.width(), rules.height(), rules.koRule(),
                rules.suicideAllowed()),
                new boolean[rules.actionCount()], "");
    }

    private static long explore(Game[] games, int depth, NaiveGo naive, boolean[] mask, String path) {
        Game game = games[depth];
        RulesAssertions.assertAgrees(game, naive, mask, "after [" + path + "]");
        long visited = 1;
        if (depth == 0 || naive.isOver()) {
            return visited;
        }
        Game child = games[depth - 1];
        for (int a = 0; a <= game.passAction(); a++) {
            if (naive.verdict(a) == NaiveGo.Verdict.LEGAL) {
                child.copyFrom(game);
                child.play(a);
                visited += explore(games, depth - 1, naive.play(a), mask, path + " " + game.describeAction(a));
            }
        }
        return visited;
    }

    static Stream<Arguments> shapes() {
        int[][] shapes = {{3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {5, 3}, {2, 6}};
        return koAndSuicide().flatMap(args -> Stream.of(shapes)
                .map(s -> Arguments.of(s[0], s[1], args.get()[0], args.get()[1])));
    }

    @ParameterizedTest(name = "{0}x{1} {2} suicide={3}")
    @MethodSource("shapes")
    void randomGamesAgree(int width, int height, KoRule ko, boolean suicide) {
        playRandomGames(width, height, ko, suicide, 8);
    }

    @Tag("slow")
    @ParameterizedTest(name = "many {0}x{1} {2} suicide={3}")
    @MethodSource("shapes")
    void manyRandomGamesAgree(int width, int height, KoRule ko, boolean suicide) {
        playRandomGames(width, height, ko, suicide, 200);
    }

    private static void playRandomGames(int width, int height, KoRule ko, boolean suicide, int games) {
        Rules rules = rules(width, height, ko, suicide);
        Game game = new Game(rules);
        boolean[] mask = new boolean[rules.actionCount()];
        boolean[] scratch = new boolean[rules.actionCount()];
        int cap = 6 * rules.area();
        long captures = 0;
        for (int g = 0; g < games; g++) {
            SplittableRandom random = new SplittableRandom(1000L * width + 10L * height + g);
            game.reset();
            NaiveGo naive = NaiveGo.start(width, height, ko, suicide);
            for (int turn = 0; !naive.isOver() && turn < cap; turn++) {
                RulesAssertions.assertAgrees(game, naive, mask, "game " + g + " turn " + turn);
                int action = RandomMoves.pick(game, random, scratch, 0.02);
                game.play(action);
                naive = naive.play(action);
            }
            RulesAssertions.assertAgrees(game, naive, mask, "game " + g + " at the end");
            captures += game.board().captures(Stone.BLACK) + game.board().captures(Stone.WHITE);
        }
        assertTrue(captures > 0, "random games should capture");
    }
}
