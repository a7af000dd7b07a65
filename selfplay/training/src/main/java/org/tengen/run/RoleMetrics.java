package org.tengen.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;

/**
 * A role's figures in its run store: report {@code seq} of writer {@code WRITER} is a one-row table,
 * {@code metrics/WRITER/0000000N.csv} ({@link RunLayout#metrics}), in the format of the run's other tables.
 */
final class RoleMetrics {
    private RoleMetrics() {
    }

    /**
     * Puts report {@code seq}: the names of {@code figures} are the header, their values the row. A report of the same
     * number is replaced (a role that redoes its work reports it again).
     */
    static void put(RunStore store, String writer, long seq, Map<String, String> figures) {
        String key = RunLayout.metrics(writer, seq);
        byte[] table = new CsvTable(Path.of(key), List.copyOf(figures.keySet()), List.of(List.copyOf(figures.values())))
                .format().getBytes(StandardCharsets.UTF_8);
        store.delete(key);
        store.put(key, table);
    }
}
