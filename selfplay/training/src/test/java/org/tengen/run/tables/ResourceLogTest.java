package org.tengen.run.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourceLogTest {
    @Test
    void samplesTheProcessAndKeepsEarlierSessions(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("logs/resources.csv");
        AtomicLong games = new AtomicLong();
        try (ResourceLog log = ResourceLog.start(file, games::get, 1)) {
            Thread.sleep(1500);
            games.set(7);
        }
        CsvTable first = CsvTable.read(file);
        assertEquals(ResourceLog.HEADER, first.header());
        int rows = first.rows().size();
        assertTrue(rows >= 2, rows + " samples");
        List<String> last = first.rows().get(rows - 1);
        assertEquals("7", last.get(ResourceLog.HEADER.indexOf("selfplay_games")));
        if (System.getProperty("os.name").contains("Linux")) {
            assertFalse(last.get(ResourceLog.HEADER.indexOf("rss_mib")).isEmpty(), "RSS from /proc");
            assertFalse(last.get(ResourceLog.HEADER.indexOf("open_files")).isEmpty(), "open files from /proc");
        }
        try (ResourceLog log = ResourceLog.start(file, games::get, 60)) {
            assertEquals("", log.drift(), "no drift from a few seconds");
        }
        assertTrue(CsvTable.read(file).rows().size() > rows, "a second session appends");
    }

    @Test
    void driftIsTheLeastSquaresSlopePerHour() {
        // 10 MiB more every 30 minutes is 20 MiB/h.
        List<double[]> samples = List.of(new double[] {0, 100}, new double[] {30, 110}, new double[] {60, 120},
                new double[] {90, 130});
        assertEquals(20, ResourceLog.slope(samples, 1), 1e-9);
    }
}
