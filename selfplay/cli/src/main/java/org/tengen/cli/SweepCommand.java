package org.tengen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.AtomicFiles;
import org.tengen.report.RunComparison;
import org.tengen.report.RunData;
import org.tengen.run.RunDirectory;
import org.tengen.sweep.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tengen sweep}: a base config, its variants and seeds, trained one after another, then compared. */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Train a base config with variants and seeds, then compare them in one report.",
            "Each run is `tengen train` in its own process, on OUT/runs/VARIANT-sN with the config "
                    + "OUT/configs/VARIANT-sN.yaml; every config is checked before the first run starts. Runs go one "
                    + "after another (their hours compare), or --parallel at once. Run the same command again to "
                    + "resume: finished runs are skipped and a stopped one resumes.",
            "At the end OUT/report/compare.html shows every run's Elo against hours and games, and a row per "
                    + "variant with intervals over the seeds.",
            "Fields are dotted paths in the config (selfplay.search.simulations); values are YAML (32, true, "
                    + "cosine, [random]); ~ removes a field."})
final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE", description = "The base run config (YAML, as in configs/).")
    private Path base;

    @Option(names = "--vary", paramLabel = "FIELD=V1,V2,...",
            description = "Values to try for a field; several --vary make a grid of every combination.")
    private List<String> vary = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "NAME:FIELD=V[;FIELD=V...]",
            description = "A named variant: the base with these fields changed (e.g. puct:selfplay.search.algorithm="
                    + "puct). The base runs too unless --vary is given.")
    private List<String> variants = new ArrayList<>();

    @Option(names = "--variants", paramLabel = "FILE",
            description = "More variants from a YAML file: `variants:` (NAME: {FIELD: VALUE, ...}) and `set:` "
                    + "({FIELD: VALUE} for every run), e.g. bench/learning-efficiency-5x5.yaml.")
    private Path variantFile;

    @Option(names = "--set", paramLabel = "FIELD=VALUE",
            description = "Change a field in every run, the base included (e.g. arena.anchorsEvery=3).")
    private List<String> common = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1",
            description = "Run each variant with seeds 1..N (default: ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Directory of the sweep: configs/, runs/ (with a log per run) and report/.")
    private Path out;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "1",
            description = "Runs at once, each its own process (default: ${DEFAULT-VALUE}; hours then overlap).")
    private int parallel;

    @Option(names = "--backend", paramLabel = "NAME", description = "Passed to every run's train command.")
    private String backend;

    @Option(names = "--configs-only", description = "Write the runs' configs and stop.")
    private boolean configsOnly;

    @Override
    public Integer call() throws Exception {
        if (seeds < 1 || parallel < 1) {
            throw new IllegalArgumentException("--seeds and --parallel must be at least 1");
        }
        SweepPlan plan = new SweepPlan(base, ConfigNode.readText(base), planVariants(),
                IntStream.rangeClosed(1, seeds).boxed().toList());
        List<SweepPlan.Run> runs = plan.runs(); // every config checked before anything is written
        PrintWriter stdout = spec.commandLine().getOut();
        for (SweepPlan.Run run : runs) {
            Path config = configFile(run);
            if (!run.config().equals(RunDirectory.readIfExists(config))) {
                Files.createDirectories(config.getParent());
                AtomicFiles.write(config, run.config().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        stdout.printf("sweep: %d runs (%d variants x %d seeds) in %s%n", runs.size(), runs.size() / seeds, seeds,
                out.toAbsolutePath().normalize());
        if (configsOnly) {
            return 0;
        }
        List<String> failed = train(runs, stdout);
        List<RunData> finished = new ArrayList<>();
        for (SweepPlan.Run run : runs) {
            Path dir = runDir(run);
            if (Files.isRegularFile(new RunDirectory(dir).metricsFile())) {
                finished.add(RunData.read(dir));
            }
        }
        if (!finished.isEmpty()) {
            Path page = RunComparison.write(finished, out.resolve("report")).page();
            stdout.printf("sweep: report %s%n", page.toAbsolutePath().normalize());
        }
        if (!failed.isEmpty()) {
            throw new IllegalStateException(failed.size() + " of " + runs.size() + " runs failed: "
                    + String.join("; ", failed));
        }
        return 0;
    }

    /** The grid of --vary (or the base without one), then the named variants, each with the --set edits first. */
    private List<SweepPlan.Variant> planVariants() {
        SweepPlan.VariantFile file = variantFile == null ? new SweepPlan.VariantFile(Map.of(), List.of())
                : SweepPlan.VariantFile.read(variantFile);
        Map<String, Object> shared = new LinkedHashMap<>(file.set());
        shared.putAll(edits("--set", common));
        Map<String, List<Object>> grid = new LinkedHashMap<>();
        for (String v : vary) {
            String[] field = field("--vary", v, "FIELD=V1,V2,...");
            grid.put(field[0], java.util.Arrays.stream(field[1].split(",")).map(SweepPlan::value).toList());
        }
        List<SweepPlan.Variant> all = new ArrayList<>();
        for (SweepPlan.Variant v : grid.isEmpty() ? List.of(SweepPlan.Variant.base()) : SweepPlan.grid(grid)) {
            all.add(v.after(shared));
        }
        for (String v : variants) {
            int colon = v.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("--variant '" + v + "': expected NAME:FIELD=V[;FIELD=V...]");
            }
            String name = v.substring(0, colon);
            all.add(new SweepPlan.Variant(name, edits("--variant " + name, List.of(v.substring(colon + 1).split(";"))))
                    .after(shared));
        }
        file.variants().forEach(v -> all.add(v.after(shared)));
        return all;
    }

    private static Map<String, Object> edits(String option, List<String> texts) {
        Map<String, Object> edits = new LinkedHashMap<>();
        for (String text : texts) {
            String[] field = field(option, text, "FIELD=VALUE");
            edits.put(field[0], SweepPlan.value(field[1]));
        }
        return edits;
    }

    /** {@code FIELD=VALUE} split at its first {@code =}, stripped; a one-line error naming {@code option} else. */
    private static String[] field(String option, String text, String form) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException(option + " '" + text + "': expected " + form);
        }
        return new String[] {text.substring(0, eq).strip(), text.substring(eq + 1).strip()};
    }

    /**
     * Trains every run, {@code parallel} at once, each as {@code tengen train} in a child process of this JVM's
     * Java and class path with its output in {@code runs/NAME.log}. Returns a line per run that failed; stopping
     * the sweep stops its runs, which resume when it is run again.
     */
    private List<String> train(List<SweepPlan.Run> runs, PrintWriter stdout) throws InterruptedException {
        Set<Process> live = ConcurrentHashMap.newKeySet();
        Thread stopRuns = new Thread(() -> live.forEach(Process::destroy));
        Runtime.getRuntime().addShutdownHook(stopRuns);
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (SweepPlan.Run run : runs) {
                results.add(pool.submit(() -> trainOne(run, live, stdout)));
            }
            List<String> failed = new ArrayList<>();
            for (Future<String> r : results) {
                try {
                    String failure = r.get();
                    if (failure != null) {
                        failed.add(failure);
                    }
                } catch (java.util.concurrent.ExecutionException e) {
                    failed.add(String.valueOf(e.getCause().getMessage()));
                }
            }
            return failed;
        } finally {
            pool.shutdownNow();
            Runtime.getRuntime().removeShutdownHook(stopRuns);
        }
    }

    /** Trains {@code run} to its end; null when it did, else a line saying where to look. */
    private String trainOne(SweepPlan.Run run, Set<Process> live, PrintWriter stdout)
            throws IOException, InterruptedException {
        Path log = out.resolve("runs").resolve(run.name() + ".log");
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "train", "--config", configFile(run).toString(), "--run-dir", runDir(run).toString(), "--no-progress"));
        if (backend != null) {
            command.addAll(List.of("--backend", backend));
        }
        synchronized (stdout) {
            stdout.printf("sweep: %s (%tT)%n", run.name(), System.currentTimeMillis());
            stdout.flush();
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        live.add(process);
        try {
            int code = process.waitFor();
            return code == 0 ? null : run.name() + " exited with " + code + ", see " + log;
        } finally {
            live.remove(process);
        }
    }

    private Path configFile(SweepPlan.Run run) {
        return out.resolve("configs").resolve(run.name() + ".yaml");
    }

    private Path runDir(SweepPlan.Run run) {
        return out.resolve("runs").resolve(run.name());
    }
}
