package org.tengen.run.tables;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.tengen.env.io.AtomicFiles;

/**
 * A comma-separated file with a header line, the one format of a run's tables ({@code metrics.csv}, {@code elo.csv},
 * {@code arena/gen-NNNN.csv}): read and written through Apache Commons CSV (RFC 4180 quoting where a cell needs it,
 * {@code \n} line ends), written atomically. The training run writes them and {@code report} reads them with this
 * class. Missing trailing cells read as blank; blank lines are skipped.
 *
 * @param file   where the table is (for messages)
 * @param header the column names
 * @param rows   the cells of each row, as many as the header
 */
public record CsvTable(Path file, List<String> header, List<List<String>> rows) {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n")
            .setIgnoreEmptyLines(true).get();

    public CsvTable {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Reads {@code file}; a missing header line is an error naming the file. */
    public static CsvTable read(Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file, in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a table from {@code bytes} (an object of a run store), named {@code file} in messages. */
    public static CsvTable parse(Path file, byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            return read(file, new java.io.StringReader(text));
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not a CSV table: not UTF-8 text", e);
        }
    }

    private static CsvTable read(Path file, Reader in) {
        try (CSVParser parser = CSVParser.parse(in, FORMAT)) {
            List<CSVRecord> records = parser.getRecords();
            if (records.isEmpty()) {
                throw new IllegalArgumentException(file + " is empty (no header line)");
            }
            List<String> header = cells(records.get(0), records.get(0).size());
            List<List<String>> rows = new ArrayList<>();
            for (CSVRecord r : records.subList(1, records.size())) {
                rows.add(cells(r, header.size()));
            }
            return new CsvTable(file, header, rows);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not a CSV table: not UTF-8 text", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (UncheckedIOException | IllegalStateException e) {
            boolean binary = e.getCause() instanceof java.nio.charset.CharacterCodingException;
            throw new IllegalArgumentException(file + " is not a CSV table: "
                    + (binary ? "not UTF-8 text" : e.getMessage()), e);
        }
    }

    private static List<String> cells(CSVRecord record, int size) {
        List<String> cells = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            cells.add(i < record.size() ? record.get(i).strip() : "");
        }
        return cells;
    }

    /** The table as CSV text. */
    public String format() {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, FORMAT)) {
            printer.printRecord(header);
            for (List<String> row : rows) {
                printer.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes the table to its file atomically (temporary file, then rename). */
    public void write() {
        AtomicFiles.writeString(file, format());
    }

    /** The index of a column, or -1 when the table has no such column. */
    public int column(String name) {
        return header.indexOf(name);
    }

    /** Like {@link #column} but the column must exist. */
    public int requireColumn(String name) {
        int c = column(name);
        if (c < 0) {
            throw new IllegalArgumentException(file + " has no column '" + name + "' (columns: "
                    + String.join(",", header) + ")");
        }
        return c;
    }

    /** The text of a cell; blank when the column is absent. */
    public String text(int row, int column) {
        return column < 0 ? "" : rows.get(row).get(column);
    }

    /** A number cell; NaN when blank or the column is absent. */
    public double number(int row, int column) {
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
