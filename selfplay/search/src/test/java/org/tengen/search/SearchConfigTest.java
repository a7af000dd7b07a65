package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SearchConfigTest {

    @Test
    void defaultsAreAlphaZeroLike() {
        SearchConfig c = SearchConfig.builder().build();
        assertEquals(SearchAlgorithm.PUCT, c.algorithm());
        assertEquals(800, c.simulations());
        assertEquals(0.03f * 361, c.puct().dirichletAlphaScale(), 1e-4);
        assertTrue(c.puct().reuseTree());
        assertEquals(c, c.toBuilder().build());
    }

    @Test
    void choosingGumbelTurnsTreeReuseOff() {
        SearchConfig c = SearchConfig.builder().algorithm(SearchAlgorithm.GUMBEL).build();
        assertFalse(c.puct().reuseTree());
    }

    @Test
    void presetsDifferFromAlphaZeroWhereTheySay() {
        SearchConfig selfPlay = SearchConfig.selfPlayDefaults();
        assertEquals(SearchAlgorithm.GUMBEL, selfPlay.algorithm());
        assertFalse(selfPlay.puct().reuseTree());
        assertEquals(1f, selfPlay.gumbel().gumbelScale());
        SearchConfig arena = SearchConfig.arenaDefaults();
        assertEquals(SearchAlgorithm.PUCT, arena.algorithm());
        assertEquals(0f, arena.puct().dirichletEpsilon(), "no noise when measuring strength");
        assertEquals(4, arena.puct().temperatureMoves(), "but sampled openings, so games differ");
        assertEquals(SearchConfig.builder().build().puct().cPuct(), arena.puct().cPuct());
        assertEquals(0f, SearchConfig.rolloutAnchor(10).puct().fpuReduction());
    }

    static Stream<Arguments> badConfigs() {
        return Stream.of(
                bad(b -> b.simulations(0), "simulations must be at least 1, got 0"),
                bad(b -> b.leavesPerTree(0), "leavesPerTree must be at least 1"),
                bad(b -> b.cPuct(0f), "cPuct must be a positive finite number, got 0.0"),
                bad(b -> b.cPuct(Float.NaN), "cPuct must be a positive finite number, got NaN"),
                bad(b -> b.fpuReduction(-1f), "fpuReduction must be a finite number >= 0"),
                bad(b -> b.dirichletEpsilon(1.5f), "dirichletEpsilon must be in [0, 1], got 1.5"),
                bad(b -> b.temperatureMoves(-1), "temperatureMoves must be at least 0"),
                bad(b -> b.consideredActions(0), "consideredActions must be at least 1"),
                bad(b -> b.algorithm(SearchAlgorithm.GUMBEL).reuseTree(true), "reuseTree is not supported with GUMBEL"),
                bad(b -> b.playoutCap(1.5, 10), "fullSearchProbability must be in [0, 1], got 1.5"),
                bad(b -> b.simulations(100).playoutCap(0.25, 0), "cheapSimulations must be at least 1"),
                bad(b -> b.simulations(100).playoutCap(0.25, 101), "cheapSimulations must be in 1..100"),
                bad(b -> b.algorithm(null), "algorithm, playoutCap, puct and gumbel are required"));
    }

    private static Arguments bad(UnaryOperator<SearchConfig.Builder> change, String message) {
        return Arguments.of(change, message);
    }

    @ParameterizedTest
    @MethodSource("badConfigs")
    void badValuesAreRejectedByName(UnaryOperator<SearchConfig.Builder> change, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> change.apply(SearchConfig.builder()).build());
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }
}
