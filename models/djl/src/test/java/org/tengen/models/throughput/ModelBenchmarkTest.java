package org.tengen.models.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.models.net.NetConfig;

/** Smoke test: the benchmark runs end to end on a tiny net and reports every row. Speeds are not checked. */
class ModelBenchmarkTest {
    @Test
    void runsAndReports() {
        ModelBenchmark bench = new ModelBenchmark(
                new ModelBenchmark.Options(1, Duration.ofMillis(20), 1, new int[] {1, 4}, 4));
        NetConfig tiny = new NetConfig(3, 5, 5, 1, 8, true, true, true);
        ModelBenchmark.Report report = bench.run(List.of(tiny));
        assertEquals(2, report.forward().size());
        assertEquals(1, report.train().size());
        assertTrue(report.forward().get(0).evaluatorPositionsPerSecond() > 0);
        List<ModelBenchmark.BatchingResult> batching = bench.batching(tiny, new int[] {3}, 4,
                new Duration[] {Duration.ZERO});
        assertEquals(1, batching.size());
        String table = new ModelBenchmark.Report(1, report.forward(), report.train(), batching).table();
        assertTrue(table.contains("bare DJL/s") && table.contains("train steps/s") && table.contains("batched/s"),
                table);
    }
}
