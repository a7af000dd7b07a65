package org.tengen.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.tengen.arena.EloLadder.GameResult;
import org.tengen.arena.EloLadder.Rating;
import org.junit.jupiter.api.Test;

class EloLadderTest {

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
        List<Rating> ratings = EloLadder.fit(games("strong", "anchor", 760, 0, 240), "anchor");
        assertEquals(0, of(ratings, "anchor").elo());
        assertEquals(200, of(ratings, "strong").elo(), 5);
        assertTrue(of(ratings, "strong").ci95() > 10 && of(ratings, "strong").ci95() < 40);
        assertEquals("strong", ratings.get(0).player());
    }

    @Test
    void evenResultsGiveEqualRatings() {
        List<Rating> ratings = EloLadder.fit(games("a", "anchor", 20, 10, 20), "anchor");
        assertEquals(0, of(ratings, "a").elo(), 1e-6);
    }

    @Test
    void perfectScoresStayFiniteAndOrdered() {
        List<GameResult> results = new ArrayList<>(games("gen1", "random", 50, 0, 0));
        results.addAll(games("gen2", "gen1", 40, 0, 10));
        List<Rating> ratings = EloLadder.fit(results, "random");
        double g1 = of(ratings, "gen1").elo();
        double g2 = of(ratings, "gen2").elo();
        assertTrue(Double.isFinite(g1) && g1 > 300, "gen1 " + g1);
        assertTrue(g2 > g1, "gen2 " + g2 + " gen1 " + g1);
        assertTrue(of(ratings, "gen2").ci95() > of(ratings, "gen1").ci95() / 2);
        assertEquals(100, of(ratings, "gen1").games());
    }

    @Test
    void anchorAloneIsRated() {
        List<Rating> ratings = EloLadder.fit(List.of(), "random");
        assertEquals(1, ratings.size());
        assertEquals(0, ratings.get(0).elo());
    }
}
