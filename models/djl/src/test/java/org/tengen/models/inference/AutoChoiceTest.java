package org.tengen.models.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** auto's speed decision is made once per run and read back by every later process on the same CPU. */
class AutoChoiceTest {
    @TempDir
    Path tmp;

    private static final DoubleSupplier NO_PROBE = () -> {
        throw new AssertionError("probed although the decision was made");
    };

    @Test
    void decidedOnceAndKeptForTheRun() throws Exception {
        Path file = tmp.resolve(AutoChoice.FILE);
        AtomicInteger probes = new AtomicInteger();
        AutoChoice first = AutoChoice.recordedIn(file);
        AutoChoice.Decision d = first.decide("gen-0000", () -> {
            probes.incrementAndGet();
            return 1.5;
        });
        assertTrue(d.int8());
        assertEquals(1.5, d.speedup(), 1e-9);
        assertEquals(CpuFeatures.detect().describe(), d.cpu());
        assertEquals(d, first.decide("gen-0001", NO_PROBE));
        assertEquals(1, probes.get());
        assertTrue(Files.readString(file).contains("int8: true"), Files.readString(file));
        // A later process (resume, another generation): the same decision, no probe.
        AutoChoice.Decision again = AutoChoice.recordedIn(file).decide("gen-0007", NO_PROBE);
        assertTrue(again.int8());
        assertEquals("gen-0000", again.checkpoint());
        assertEquals(1.5, again.speedup(), 1e-9);
    }

    @Test
    void tooSmallASpeedUpKeepsFp32() {
        Path file = tmp.resolve(AutoChoice.FILE);
        assertFalse(AutoChoice.recordedIn(file).decide("gen-0000", () -> 1.1).int8());
        assertFalse(AutoChoice.recordedIn(file).decide("gen-0001", NO_PROBE).int8());
    }

    @Test
    void anotherCpusOrADamagedRecordIsDecidedAgain() throws Exception {
        Path file = tmp.resolve(AutoChoice.FILE);
        Files.writeString(file, "int8: false\nspeedup: 1.0\ncheckpoint: gen-0000\ncpu: another CPU, 64 cores\n"
                + "decided: '2026-11-26T00:00:00Z'\n");
        assertTrue(AutoChoice.recordedIn(file).decide("gen-0003", () -> 2.0).int8());
        assertTrue(Files.readString(file).contains("cpu: " + CpuFeatures.detect().describe()), Files.readString(file));
        for (String damaged : new String[] {"int8: [", "int8: yes please\n", "decided: never\nint8: true\n"}) {
            Files.writeString(file, damaged);
            assertFalse(AutoChoice.recordedIn(file).decide("gen-0004", () -> 1.0).int8(), damaged);
            assertFalse(AutoChoice.recordedIn(file).decide("gen-0005", NO_PROBE).int8(), damaged);
        }
    }
}
