package org.tengen.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A comma-separated file with a header line, as the training run writes them (no quoting: no cell holds a comma).
 * Missing trailing cells read as blank.
 */
record Csv(Path file, List<String> header, List<String[]> rows) {

    static Csv read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        lines.removeIf(String::isBlank);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + " is empty (no header line)");
        }
        List<String> header = Arrays.stream(lines.get(0).split(",", -1)).map(String::strip).toList();
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = Arrays.copyOf(line.split(",", -1), header.size());
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i] == null ? "" : cells[i].strip();
            }
            rows.add(cells);
        }
        return new Csv(file, header, rows);
    }

    /** The index of a column, or -1 when the file has no such column. */
    int column(String name) {
        return header.indexOf(name);
    }

    /** Like {@link #column} but the column must exist. */
    int requireColumn(String name) {
        int c = column(name);
        if (c < 0) {
            throw new IllegalArgumentException(file + " has no column '" + name + "' (columns: "
                    + String.join(",", header) + ")");
        }
        return c;
    }

    /** The text of a cell; blank when the column is absent. */
    String text(int row, int column) {
        return column < 0 ? "" : rows.get(row)[column];
    }

    /** A number cell; NaN when blank or the column is absent. */
    double number(int row, int column) {
        String cell = text(row, column);
        if (cell.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(cell);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " line " + (row + 2) + ", column '" + header.get(column)
                    + "': not a number: '" + cell + "'");
        }
    }
}
