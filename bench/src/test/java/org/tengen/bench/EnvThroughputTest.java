package org.tengen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.ObservationFormat;

class EnvThroughputTest {

    @Test
    void alternatedRoundsReportMediansAndSideBySideRatios() {
        List<EnvThroughput.Setup> setups = List.of(
                new EnvThroughput.Setup(Rules.trompTaylor(7, 5), 4, 1, FeatureSets.byId("az17"),
                        ObservationFormat.FLOATS),
                new EnvThroughput.Setup(Rules.trompTaylor(19), 4, 2, FeatureSets.byId("az17"), ObservationFormat.BITS));
        List<String> order = new ArrayList<>();
        List<EnvThroughput.Rounds> rounds = EnvThroughput.alternate(setups, 3, 0.01, 0.03,
                r -> order.add(r.rules().width() + "/" + r.threads()));
        assertEquals(List.of("7/1", "19/2", "7/1", "19/2", "7/1", "19/2"), order, "setups alternate within a round");
        EnvThroughput.Rounds floats = rounds.get(0);
        assertEquals(3, floats.results().size());
        for (EnvThroughput.Result r : floats.results()) {
            assertTrue(r.steps() > 0 && r.seconds() > 0 && r.peakHeapBytes() > 0);
            // At least the warm-up asked for; a JIT that keeps compiling extends it to ten times that at most.
            assertTrue(r.warmupSeconds() >= 0.01 && r.warmupSeconds() < 0.5, "warm-up " + r.warmupSeconds());
        }
        double[] rates = floats.results().stream().mapToDouble(EnvThroughput.Result::stepsPerSecond).sorted()
                .toArray();
        assertEquals(rates[1], floats.stepsPerSecond(), "median of three");
        assertTrue(floats.machineLine().matches("board=7x5 envs=4 threads=1 obs=az17 steps_per_s=\\d+ rounds=3"),
                floats.machineLine());
        assertEquals(Math.round(rates[1]),
                Long.parseLong(floats.machineLine().replaceAll(".*steps_per_s=(\\d+).*", "$1")));
        assertEquals(1.0, floats.ratioTo(floats), 1e-12);
        EnvThroughput.Rounds bits = rounds.get(1);
        double[] ratios = new double[3];
        for (int r = 0; r < 3; r++) {
            ratios[r] = bits.results().get(r).stepsPerSecond() / floats.results().get(r).stepsPerSecond();
        }
        java.util.Arrays.sort(ratios);
        assertEquals(ratios[1], bits.ratioTo(floats), 1e-12, "the median of per-round ratios");
        assertTrue(bits.machineLine().contains(" obs=az17:bits "), bits.machineLine());
        assertEquals(2L * 4 * 17 * 6 * Long.BYTES, bits.first().bufferBytes(),
                "17 planes of 6 words, current and final");
    }

    @Test
    void splitPlaysTheGamesAsIndependentEnvsOnThreadsOfTheirOwn() {
        EnvThroughput.Setup setup = new EnvThroughput.Setup(Rules.trompTaylor(9), 5, 2, FeatureSets.byId("az17"),
                ObservationFormat.FLOATS, true, 1);
        EnvThroughput.Result r = EnvThroughput.measure(setup, 0.01, 0.03);
        assertTrue(r.split() && r.threads() == 2 && r.envs() == 5, r.toString());
        // Envs of 2 and 3 games, each stepped 8 batches at a time: 16a + 24b steps with a, b >= 1.
        assertTrue(r.steps() >= 40 && r.steps() % 8 == 0, "steps " + r.steps());
        assertEquals(2L * 5 * 17 * 81 * Float.BYTES, r.bufferBytes(), "the same buffers as one env of 5 games");
        EnvThroughput.Rounds rounds = new EnvThroughput.Rounds(List.of(r));
        assertTrue(rounds.machineLine().startsWith("board=9x9 envs=5 threads=2 split=true obs=az17 steps_per_s="),
                rounds.machineLine());
        assertThrows(IllegalArgumentException.class, () -> EnvThroughput.measure(
                new EnvThroughput.Setup(Rules.trompTaylor(9), 1, 2, FeatureSets.byId("none"),
                        ObservationFormat.FLOATS, true, 1), 0.01, 0.01));
    }

    @Test
    void groupsStepTheGamesAsynchronouslyAndCountEveryGroupHandedBack() {
        EnvThroughput.Setup setup = new EnvThroughput.Setup(Rules.trompTaylor(9), 10, 2, FeatureSets.byId("az17"),
                ObservationFormat.FLOATS, false, 4);
        EnvThroughput.Result r = EnvThroughput.measure(setup, 0.01, 0.03);
        assertTrue(!r.split() && r.groups() == 4 && r.threads() == 2 && r.envs() == 10, r.toString());
        // Groups of 2, 3, 2 and 3 games, each handed back at least once (the last ones when the time is up).
        assertTrue(r.steps() >= 10, "steps " + r.steps());
        EnvThroughput.Rounds rounds = new EnvThroughput.Rounds(List.of(r));
        assertTrue(rounds.machineLine().startsWith("board=9x9 envs=10 threads=2 groups=4 obs=az17 steps_per_s="),
                rounds.machineLine());
    }
}
