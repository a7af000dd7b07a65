package org.tengen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.ObservationFormat;

class EnvThroughputTest {

    @Test
    void aShortMeasurementReportsStepsAndTheMachineLine() {
        EnvThroughput.Result r = EnvThroughput.measure(Rules.trompTaylor(7, 5), 4, 2, FeatureSets.byId("az17"),
                ObservationFormat.FLOATS, 0.01, 0.05);
        assertTrue(r.steps() > 0 && r.seconds() > 0 && r.peakHeapBytes() > 0);
        assertTrue(r.machineLine().matches("board=7x5 envs=4 threads=2 obs=az17 steps_per_s=\\d+"), r.machineLine());
        assertEquals(Math.round(r.stepsPerSecond()),
                Long.parseLong(r.machineLine().replaceAll(".*steps_per_s=", "")));
        EnvThroughput.Result bits = EnvThroughput.measure(Rules.trompTaylor(19), 4, 1, FeatureSets.byId("az17"),
                ObservationFormat.BITS, 0.01, 0.05);
        assertTrue(bits.machineLine().contains(" obs=az17:bits "), bits.machineLine());
        assertEquals(2L * 4 * 17 * 6 * Long.BYTES, bits.bufferBytes(), "17 planes of 6 words, current and final");
    }
}
