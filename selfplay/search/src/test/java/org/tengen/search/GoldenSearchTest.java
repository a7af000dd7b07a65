package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * Pins the search: for a fixed position, evaluator and seed, the root statistics of PUCT (with noise, virtual loss
 * and tree reuse) and Gumbel searches must equal the committed dumps exactly. Java float arithmetic is the same on
 * every CPU, so any difference is a change in behaviour. To re-make the files on purpose, run this test with
 * {@code -Dtengen.golden.regenerate=true} and review the diff.
 */
class GoldenSearchTest {
    private static final Rules RULES = Rules.trompTaylor(5);

    @ParameterizedTest
    @ValueSource(strings = {"puct", "puct-virtual-loss", "puct-reuse", "gumbel", "gumbel-playout-cap"})
    void rootStatisticsMatchTheGoldenDump(String name) throws IOException {
        String dump = dump(name);
        Path file = Path.of("src/test/resources/golden/search-" + name + ".txt");
        if (Boolean.getBoolean("tengen.golden.regenerate")) {
            Files.writeString(file, dump);
        }
        try (InputStream in = GoldenSearchTest.class.getResourceAsStream("/golden/search-" + name + ".txt")) {
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), dump, name);
        }
    }

    private static String dump(String name) {
        Game game = TestEvaluators.randomPosition(RULES, 6, 7);
        SearchConfig puct = SearchConfig.builder().simulations(64).build();
        SearchConfig gumbel = SearchConfig.builder().algorithm(SearchAlgorithm.GUMBEL).simulations(32)
                .consideredActions(8).build();
        StringBuilder out = new StringBuilder();
        switch (name) {
            case "puct" -> append(out, searchOne(puct, 1, game));
            case "puct-virtual-loss" -> {
                BatchedSearch search = TestEvaluators.search(puct.toBuilder().leavesPerTree(4).build(), RULES, 2,
                        TestEvaluators.hashed(RULES), 11);
                Game other = TestEvaluators.randomPosition(RULES, 5, 8);
                search.search(new Game[] {game, other});
                append(out, search.result(0));
                append(out, search.result(1));
            }
            case "puct-reuse" -> {
                BatchedSearch search = TestEvaluators.search(puct, RULES, 1, TestEvaluators.hashed(RULES), 11);
                Game g = game.copy();
                for (int move = 0; move < 3; move++) {
                    SearchResult result = TestEvaluators.searchOne(search, g);
                    append(out, result);
                    g.play(result.action());
                    g.play(firstLegal(g));
                }
            }
            case "gumbel" -> append(out, searchOne(gumbel, 1, game));
            case "gumbel-playout-cap" -> {
                BatchedSearch search = TestEvaluators.search(gumbel.toBuilder().playoutCap(0.5, 8).build(), RULES,
                        1, TestEvaluators.hashed(RULES), 11);
                for (int i = 0; i < 4; i++) {
                    append(out, TestEvaluators.searchOne(search, game));
                }
            }
            default -> throw new IllegalArgumentException(name);
        }
        return out.toString();
    }

    private static SearchResult searchOne(SearchConfig config, int trees, Game game) {
        return TestEvaluators.searchOne(TestEvaluators.search(config, RULES, trees, TestEvaluators.hashed(RULES), 11),
                game);
    }

    private static int firstLegal(Game g) {
        for (int a = 0; ; a++) {
            if (g.isLegal(a)) {
                return a;
            }
        }
    }

    private static void append(StringBuilder out, SearchResult r) {
        out.append(String.format(Locale.ROOT, "action %d rootValue %s policyTarget %b simulations %d%n", r.action(),
                Float.toString(r.rootValue()), r.isPolicyTarget(), r.simulations()));
        for (int a = 0; a < r.visits().length; a++) {
            if (r.priors()[a] > 0 || r.visits()[a] > 0) {
                out.append(String.format(Locale.ROOT, "  %d visits %d prior %s value %s target %s%n", a,
                        r.visits()[a], Float.toString(r.priors()[a]), Float.toString(r.values()[a]),
                        Float.toString(r.policy()[a])));
            }
        }
    }
}
