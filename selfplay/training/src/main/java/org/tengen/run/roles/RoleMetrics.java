package org.tengen.run.roles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tengen.run.tables.CsvTable;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import org.tengen.store.StoreStats;

/**
 * A role's figures in its run store: report {@code seq} of writer {@code WRITER} is a one-row table,
 * {@code metrics/WRITER/0000000N.csv} ({@link RunLayout#metrics}), in the format of the run's other tables.
 */
final class RoleMetrics {
    private RoleMetrics() {
    }

    /** The store's requests, errors, retries and damaged reads between two snapshots of its counters. */
    static Map<String, String> storeFigures(StoreStats before, StoreStats after) {
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("store_requests", Long.toString(after.requests() - before.requests()));
        figures.put("store_errors", Long.toString(after.errors() - before.errors()));
        figures.put("store_retries", Long.toString(after.retries() - before.retries()));
        figures.put("store_damaged", Long.toString(after.damaged() - before.damaged()));
        return figures;
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

    /** Report {@code seq} of writer {@code WRITER} as figures by name, or empty if it is missing or unreadable. */
    static Optional<Map<String, String>> get(RunStore store, String writer, long seq) {
        String key = RunLayout.metrics(writer, seq);
        return store.get(key).flatMap(bytes -> {
            try {
                CsvTable table = CsvTable.parse(Path.of(key), bytes);
                if (table.rows().size() != 1) {
                    return Optional.empty();
                }
                Map<String, String> figures = new LinkedHashMap<>();
                for (int c = 0; c < table.header().size(); c++) {
                    figures.put(table.header().get(c), table.rows().get(0).get(c));
                }
                return Optional.of(figures);
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        });
    }
}
