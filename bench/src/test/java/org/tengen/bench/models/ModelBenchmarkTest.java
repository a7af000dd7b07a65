package org.tengen.bench.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.net.NetConfig;

/** Smoke test: the benchmark runs end to end on a tiny net and reports every row. Speeds are not checked. */
class ModelBenchmarkTest {
    @Test
    void runsAndReports() {
        ModelBenchmark bench = new ModelBenchmark(
                new ModelBenchmark.Options(1, Duration.ofMillis(20), 1, new int[] {1, 4}, 4));
        NetConfig tiny = new NetConfig(3, 5, 5, 1, 8, true, true, true);
        ModelBenchmark.Report report = bench.run(List.of(tiny));
        assertEquals(6, report.forward().size(), "three backends at two batch sizes");
        assertEquals(List.of(InferenceBackend.LIBTORCH, InferenceBackend.ONNX, InferenceBackend.INT8,
                InferenceBackend.LIBTORCH, InferenceBackend.ONNX, InferenceBackend.INT8), report.forward().stream().map(ModelBenchmark.ForwardResult::backend).toList());
        assertEquals(1, report.train().size());
        assertTrue(report.forward().get(0).evaluatorPositionsPerSecond() > 0);
        assertTrue(report.machine().peakGigaflops() > 0);
        List<ModelBenchmark.BatchingResult> batching = bench.batching(tiny, new int[] {3}, 4,
                new Duration[] {Duration.ZERO});
        assertEquals(1, batching.size());
        String table = new ModelBenchmark.Report(1, report.machine(), report.forward(), report.train(), batching)
                .table();
        assertTrue(table.contains("bare/s") && table.contains("of peak") && table.contains("onnx")
                && table.contains("train steps/s") && table.contains("batched/s"), table);
    }

    /** The operation count of the standard nets, by hand: 4x32 on 9x9 is dominated by its eight 3x3 convolutions. */
    @Test
    void flopsCountTheConvolutionsAndDenseLayers() {
        double blocks = 4 * 2 * 81.0 * 32 * 32 * 9;
        double stem = 81.0 * 17 * 32 * 9;
        double heads = 2 * 81.0 * 32 * 16 + 81 * 16 + 3 * 16 + 3 * 16 * 32 + 32;
        assertEquals(2 * (blocks + stem + heads), Flops.perPosition(ModelBenchmark.SMALL), 1e-6);
    }
}
