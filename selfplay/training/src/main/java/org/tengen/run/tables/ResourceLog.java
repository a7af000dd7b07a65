package org.tengen.run.tables;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Samples the process once a minute while a run trains (resident memory, heap in use, open files, threads and the
 * self-play games of this session) into {@code logs/resources.csv}, and reports the drift per hour: the soak
 * figures of a long run. Rows of earlier sessions are kept. Linux's {@code /proc} gives RSS and open files; elsewhere
 * those cells are blank.
 */
public final class ResourceLog implements AutoCloseable {
    static final List<String> HEADER = List.of("time", "session_minutes", "rss_mib", "heap_used_mib", "open_files",
            "threads", "selfplay_games");

    private final Path file;
    private final LongSupplier games;
    private final long start = System.nanoTime();
    private final List<List<String>> rows = new ArrayList<>();
    /** This session's samples: minutes, RSS, heap, open files, games. */
    private final List<double[]> samples = new ArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tengen-resource-log");
        t.setDaemon(true);
        return t;
    });

    private ResourceLog(Path file, LongSupplier games) {
        this.file = file;
        this.games = games;
        if (Files.exists(file)) {
            try {
                rows.addAll(CsvTable.read(file).rows());
            } catch (RuntimeException damaged) {
                // Only a log of earlier sessions: this session's rows replace it.
            }
        }
    }

    /** Starts sampling every {@code periodSeconds} (and once at once). */
    public static ResourceLog start(Path file, LongSupplier games, long periodSeconds) {
        ResourceLog log = new ResourceLog(file, games);
        log.timer.scheduleAtFixedRate(log::sample, 0, periodSeconds, TimeUnit.SECONDS);
        return log;
    }

    private synchronized void sample() {
        double minutes = (System.nanoTime() - start) / 60e9;
        Runtime rt = Runtime.getRuntime();
        double heap = (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
        double rss = rssMib();
        double files = openFiles();
        long played = games.getAsLong();
        samples.add(new double[] {minutes, rss, heap, files, played});
        rows.add(List.of(Instant.now().toString(), RunTables.number(minutes), cell(rss), RunTables.number(heap),
                cell(files), Integer.toString(ManagementFactory.getThreadMXBean().getThreadCount()),
                Long.toString(played)));
        try {
            Files.createDirectories(file.getParent());
            new CsvTable(file, HEADER, List.copyOf(rows)).write();
        } catch (IOException | RuntimeException e) {
            // A full or read-only disk must not stop training for the sake of a log.
        }
    }

    /**
     * Drift per hour of this session, by least squares after a 5-minute warm-up: RSS, heap and open files, and
     * self-play throughput in the last third against the first; empty before 15 minutes of samples.
     */
    public synchronized String drift() {
        List<double[]> s = samples.stream().filter(x -> x[0] >= 5).toList();
        if (s.size() < 10) {
            return "";
        }
        double rssSlope = slope(s, 1);
        double heapSlope = slope(s, 2);
        double filesSlope = slope(s, 3);
        int third = s.size() / 3;
        double early = rate(s.get(0), s.get(third));
        double late = rate(s.get(s.size() - 1 - third), s.get(s.size() - 1));
        return String.format(Locale.ROOT, "over %.0f min: RSS %+.1f MiB/h, heap %+.1f MiB/h, open files %+.1f/h, "
                        + "self-play %.0f games/h in the first third and %.0f in the last", s.get(s.size() - 1)[0],
                rssSlope, heapSlope, filesSlope, early, late);
    }

    /** Least-squares slope of column {@code y} against minutes, per hour. */
    static double slope(List<double[]> s, int y) {
        double mx = s.stream().mapToDouble(x -> x[0]).average().orElse(0);
        double my = s.stream().mapToDouble(x -> x[y]).average().orElse(0);
        double num = 0;
        double den = 0;
        for (double[] x : s) {
            num += (x[0] - mx) * (x[y] - my);
            den += (x[0] - mx) * (x[0] - mx);
        }
        return den == 0 ? 0 : 60 * num / den;
    }

    private static double rate(double[] from, double[] to) {
        double hours = (to[0] - from[0]) / 60;
        return hours <= 0 ? 0 : (to[4] - from[4]) / hours;
    }

    private static String cell(double v) {
        return Double.isNaN(v) ? "" : RunTables.number(v);
    }

    private static double rssMib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        return Double.NaN;
    }

    private static double openFiles() {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        sample();
    }
}
