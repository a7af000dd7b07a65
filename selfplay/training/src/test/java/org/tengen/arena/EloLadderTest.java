package org.tengen.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.tengen.arena.EloLadder.GameResult;
import org.tengen.arena.EloLadder.Rating;
import org.junit.jupiter.api.Test;

class EloLadderTest {
    /** A simulated run: GENERATIONS generations, each playing GAMES games against its predecessor and each anchor. */
    private static final int GENERATIONS = 20;
    private static final int GAMES = 20;

    private static List<GameResult> games(String a, String b, int winsA, int draws, int winsB) {
        List<GameResult> out = new ArrayList<>();
        for (int i = 0; i < winsA; i++) {
            out.add(new GameResult(a, b, 1));
        }
        for (int i = 0; i < draws; i++) {
            out.add(new GameResult(a, b, 0.5));
        }
        for (int i = 0; i < winsB; i++) {
            out.add(new GameResult(b, a, 1));
        }
        return out;
    }

    private static Rating of(List<Rating> ratings, String player) {
        return ratings.stream().filter(r -> r.player().equals(player)).findFirst().orElseThrow();
    }

    @Test
    void seventySixPercentIsAboutTwoHundredElo() {
        List<Rating> ratings = EloLadder.fit(games("strong", "anchor", 760, 0, 240), "anchor", List.of());
        assertEquals(0, of(ratings, "anchor").elo());
        assertEquals(200, of(ratings, "strong").elo(), 5);
        assertTrue(of(ratings, "strong").ci95() > 10 && of(ratings, "strong").ci95() < 40);
        assertEquals("strong", ratings.get(0).player());
    }

    @Test
    void evenResultsGiveEqualRatings() {
        List<Rating> ratings = EloLadder.fit(games("a", "anchor", 20, 10, 20), "anchor", List.of());
        assertEquals(0, of(ratings, "a").elo(), 1e-6);
    }

    @Test
    void perfectScoresStayFiniteAndOrdered() {
        List<GameResult> results = new ArrayList<>(games("gen1", "random", 50, 0, 0));
        results.addAll(games("gen2", "gen1", 40, 0, 10));
        List<Rating> ratings = EloLadder.fit(results, "random", List.of("gen1", "gen2"));
        double g1 = of(ratings, "gen1").elo();
        double g2 = of(ratings, "gen2").elo();
        assertTrue(Double.isFinite(g1) && g1 > 300, "gen1 " + g1);
        assertTrue(g2 > g1, "gen2 " + g2 + " gen1 " + g1);
        assertTrue(of(ratings, "gen2").ci95() > of(ratings, "gen1").ci95() / 2);
        assertEquals(100, of(ratings, "gen1").games());
    }

    @Test
    void anchorAloneIsRated() {
        List<Rating> ratings = EloLadder.fit(List.of(), "random", List.of());
        assertEquals(1, ratings.size());
        assertEquals(0, ratings.get(0).elo());
    }

    /**
     * True ratings of a run that climbs about 110 Elo a generation to 2150: {@code random} at 0, a rollout anchor at
     * 300 and an untrained {@code gen-0000} at -50.
     */
    private static Map<String, Double> truth() {
        Map<String, Double> elo = new TreeMap<>();
        elo.put("random", 0.0);
        elo.put("mcts-rollout", 300.0);
        for (int g = 0; g <= GENERATIONS; g++) {
            elo.put(gen(g), -50.0 + g * 110);
        }
        return elo;
    }

    private static String gen(int g) {
        return String.format(Locale.ROOT, "gen-%04d", g);
    }

    /** Outcomes drawn from the Elo logistic model with the true ratings. */
    private static List<GameResult> simulate(Map<String, Double> truth, long seed) {
        Random random = new Random(seed);
        List<GameResult> results = new ArrayList<>();
        for (int g = 1; g <= GENERATIONS; g++) {
            for (String opponent : List.of(gen(g - 1), "random", "mcts-rollout")) {
                double p = 1 / (1 + Math.pow(10, (truth.get(opponent) - truth.get(gen(g))) / 400));
                for (int i = 0; i < GAMES; i++) {
                    results.add(new GameResult(gen(g), opponent, random.nextDouble() < p ? 1 : 0));
                }
            }
        }
        return results;
    }

    /** Fits with the checkpoints chained, one more than simulated for a test that adds a generation. */
    private static List<Rating> fitRun(List<GameResult> results) {
        List<String> chain = new ArrayList<>();
        for (int g = 0; g <= GENERATIONS + 1; g++) {
            chain.add(gen(g));
        }
        return EloLadder.fit(results, "random", chain);
    }

    /**
     * Over many seeded runs the top generation is fitted without bias. Its error has a standard deviation of a few
     * hundred Elo (20 links of 20 games each, about 80 Elo per link), so the mean of 20 runs is within about 3
     * standard errors of the truth; a prior that pulls players to the anchor misses it by hundreds.
     */
    @Test
    void simulatedLaddersAreNotCompressed() {
        Map<String, Double> truth = truth();
        int runs = 20;
        double error = 0;
        double variance = 0;
        for (int seed = 1; seed <= runs; seed++) {
            Rating top = of(fitRun(simulate(truth, seed)), gen(GENERATIONS));
            error += top.elo() - truth.get(gen(GENERATIONS));
            variance += Math.pow(top.ci95() / 1.96, 2);
        }
        double mean = error / runs;
        double standardError = Math.sqrt(variance / runs) / Math.sqrt(runs);
        assertTrue(Math.abs(mean) < 3 * standardError,
                "mean error of the top generation " + mean + " Elo, standard error " + standardError);
    }

    /** The 95% intervals cover the true ratings about 95% of the time; 85% leaves room for chance. */
    @Test
    void simulatedIntervalsCoverTheTruth() {
        Map<String, Double> truth = truth();
        int covered = 0;
        int rated = 0;
        for (int seed = 1; seed <= 20; seed++) {
            for (Rating r : fitRun(simulate(truth, seed))) {
                if (!r.player().equals("random")) {
                    rated++;
                    covered += Math.abs(r.elo() - truth.get(r.player())) <= r.ci95() ? 1 : 0;
                }
            }
        }
        assertTrue(covered >= 0.85 * rated, covered + " of " + rated + " intervals cover the truth");
    }

    /** Each fitted rating is within two 95% half-widths of the truth, and the half-widths are what 20 games give. */
    @Test
    void oneSimulatedLadderIsCloseToTheTruth() {
        Map<String, Double> truth = truth();
        for (Rating r : fitRun(simulate(truth, 7))) {
            double error = r.elo() - truth.get(r.player());
            assertTrue(Math.abs(error) <= 2 * r.ci95() + 1e-9, r + " true " + truth.get(r.player()));
            assertTrue(r.player().equals("random") || r.ci95() < 900, r.toString());
        }
    }

    /**
     * A generation 1200 Elo above its predecessor wins all 60 of its games. Its rating stays finite, at least the
     * 300 Elo above its predecessor that 20 straight wins show at 95%, and its interval is wide enough to hold the
     * truth rather than claiming the lower rating the prior settles on.
     */
    @Test
    void aPlayerWhoWinsEveryGameIsFiniteWithAnHonestInterval() {
        Map<String, Double> truth = truth();
        String top = gen(GENERATIONS + 1);
        truth.put(top, truth.get(gen(GENERATIONS)) + 1200);
        List<GameResult> results = simulate(truth, 3);
        for (String opponent : List.of(gen(GENERATIONS), "random", "mcts-rollout")) {
            results.addAll(games(top, opponent, GAMES, 0, 0));
        }
        List<Rating> ratings = fitRun(results);
        Rating perfect = of(ratings, top);
        assertEquals(top, ratings.get(0).player());
        assertTrue(Double.isFinite(perfect.elo()) && perfect.elo() > of(ratings, gen(GENERATIONS)).elo() + 300,
                perfect.toString());
        assertTrue(Math.abs(perfect.elo() - truth.get(top)) <= perfect.ci95(), perfect + " true " + truth.get(top));
    }
}
