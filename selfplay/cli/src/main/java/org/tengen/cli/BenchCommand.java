package org.tengen.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;
import org.tengen.bench.EnvThroughput;
import org.tengen.bench.models.ModelBenchmark;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.ObservationFormat;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.net.NetConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tengen bench}: environment throughput (random legal play with legal masks, with and without
 * observations) over board sizes, batch sizes and thread counts, in alternated rounds; a table for people, one
 * {@code board=9x9 envs=256 threads=2 obs=az17 steps_per_s=1234567 rounds=3} line per configuration (medians) and one
 * {@code scaling ... over_one=1.93} line per multi-thread configuration for scripts.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measures vectorized-environment throughput: game steps per second over all threads, random "
                + "legal play with legal masks, with and without observation encoding.",
            "Prints a table, then one machine-readable line per configuration. --models and --learner measure the "
                + "networks instead."})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--boards", split = ",", paramLabel = "SIZE",
            description = "Board sizes, such as 9,19 or 7x5, also of --models (default: 9,19; --models --quick: 9).")
    private List<String> boards;

    @Option(names = "--envs", split = ",", paramLabel = "N",
            description = "Games stepped together (batch sizes) (default: 16,256,1024; quick: 256); with --models, "
                    + "the forward batch sizes (default: 1,8,64,256).")
    private List<Integer> envs;

    @Option(names = "--threads", split = ",", paramLabel = "T",
            description = "Stepping threads (default: 1,2).")
    private List<Integer> threads;

    @Option(names = "--obs", split = ",", paramLabel = "ID",
            description = "Observation feature sets (default: az17,none); 'none' measures rules and masks alone. "
                    + "Known: " + FeatureSets.KNOWN + ". A suffix :bits packs binary planes into bits.")
    private List<String> obs;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Measured seconds per configuration (default: 2; quick: 0.3).")
    private Double seconds;

    @Option(names = "--warmup", paramLabel = "S",
            description = "Warm-up seconds per configuration, not measured; it goes on while the JIT compiles, up to "
                    + "ten times this (default: 1; quick: 0.2).")
    private Double warmup;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "1",
            description = "Measure every configuration R times, all of them in turn each round, and report medians "
                    + "and each thread count's median ratio to one thread in the same rounds (default: "
                    + "${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--split", description = "Also measure each configuration on T > 1 threads as T independent envs "
            + "of one thread each, stepped on threads of their own (no step waits for another thread), and print their "
            + "median ratio to the one env in the same rounds.")
    private boolean split;

    @Option(names = "--groups", split = ",", paramLabel = "G",
            description = "Also step each configuration asynchronously in G groups, all in flight, each sent again as "
                    + "soon as it is handed back (VecEnv send/recv), and print its median ratio to the synchronous "
                    + "step in the same rounds (default: none).")
    private List<Integer> groups;

    @Option(names = "--quick", description = "A short run for README and CI: 256 envs, 0.3 s per configuration; "
            + "explicit options still apply.")
    private boolean quick;

    @Option(names = "--rules", paramLabel = "PRESET", defaultValue = "tromp-taylor",
            description = "Rules preset: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = PresetNames.class)
    private String rules;

    /** Preset ids for the help text. */
    static final class PresetNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        PresetNames() {
            for (Preset p : Preset.values()) {
                add(p.id());
            }
        }
    }

    @Option(names = "--models",
            description = "Benchmark the networks instead: forward positions/s on libtorch, ONNX Runtime fp32 and int8 "
                    + "at the --envs batch sizes (1, 8, 64, 256) through the evaluator and the bare library, also as "
                    + "a share of a measured fp32 peak, for 4x32, 6x64 and 10x128 nets on the --boards; and "
                    + "training steps/s at batch 256 of the first two on 9x9.")
    private boolean models;

    @Option(names = "--learner",
            description = "Benchmark the learner alone: optimiser steps/s at batch 256 (SGD with momentum, L2 and "
                    + "every loss term, as training) of the --nets on the --boards (default 9), median of 3 rounds "
                    + "of --seconds (default: 5; quick: 0.3); one line per net with every setting a peer needs to "
                    + "train the same network the same way, as the PyTorch peer of bench/learner-vs-pytorch.sh does.")
    private boolean learner;

    @Option(names = "--nets", split = ",", paramLabel = "BxC",
            description = "Nets of --learner as BLOCKSxCHANNELS (default: 4x32 and 6x64, those of --models).")
    private List<String> learnerNets;

    /** The --net-options: global pooling, ownership head, score head ({@link NetConfig}). */
    private static final List<String> NET_OPTIONS = List.of("gpool", "own", "score");

    @Option(names = "--net-options", split = ",", paramLabel = "OPT",
            description = "Options of the --learner nets: gpool, own, score (default: none, as --models).")
    private List<String> netOptions;

    @Option(names = "--model-threads", paramLabel = "T", defaultValue = "1",
            description = "Intra-op threads of every backend for --models and --learner (default: ${DEFAULT-VALUE}).")
    private int modelThreads;

    @Override
    public Integer call() {
        if (models && learner) {
            throw new ParameterException(spec.commandLine(), "--models and --learner are separate benchmarks");
        }
        if (models) {
            return benchModels();
        }
        if (learner) {
            return benchLearner();
        }
        Preset preset = parse(() -> Preset.byName(rules));
        List<Rules> sizes = boards(List.of("9", "19"));
        List<Integer> batchSizes = orDefault(envs, quick ? List.of(256) : List.of(16, 256, 1024));
        List<Integer> threadCounts = orDefault(threads, List.of(1, 2));
        List<FeatureSet> featureSets = new ArrayList<>();
        List<ObservationFormat> formats = new ArrayList<>();
        for (String id : orDefault(obs, List.of("az17", "none"))) {
            String suffix = ObservationFormat.BITS_SUFFIX;
            ObservationFormat format = id.endsWith(suffix) ? ObservationFormat.BITS : ObservationFormat.FLOATS;
            FeatureSet set = parse(() -> FeatureSets.byId(format == ObservationFormat.BITS
                    ? id.substring(0, id.length() - suffix.length()) : id));
            parse(() -> {
                format.requireFits(set);
                return set;
            });
            featureSets.add(set);
            formats.add(format);
        }
        double measure = seconds != null ? seconds : quick ? 0.3 : 2.0;
        double warm = warmup != null ? warmup : quick ? 0.2 : 1.0;
        for (int n : batchSizes) {
            positive(n, "--envs");
        }
        for (int t : threadCounts) {
            positive(t, "--threads");
        }
        List<Integer> groupCounts = orDefault(groups, List.of());
        for (int g : groupCounts) {
            positive(g, "--groups");
        }
        if (!(measure > 0) || !(warm >= 0)) {
            throw new ParameterException(spec.commandLine(), "--seconds must be positive and --warmup not negative");
        }

        positive(rounds, "--rounds");
        List<EnvThroughput.Setup> setups = new ArrayList<>();
        for (Rules r : sizes) {
            for (int n : batchSizes) {
                for (int t : threadCounts) {
                    for (int k = 0; k < featureSets.size(); k++) {
                        setups.add(new EnvThroughput.Setup(r, n, t, featureSets.get(k), formats.get(k)));
                        if (split && t > 1 && n >= t) {
                            setups.add(new EnvThroughput.Setup(r, n, t, featureSets.get(k), formats.get(k), true, 1));
                        }
                        for (int g : groupCounts) {
                            if (g > 1 && g <= n) {
                                setups.add(new EnvThroughput.Setup(r, n, t, featureSets.get(k), formats.get(k), false,
                                        g));
                            }
                        }
                    }
                }
            }
        }

        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "Env throughput, rules %s, %.1f s per configuration after at least %.1f s warm-up, "
                + "%d round%s, %d cores%n", preset.id(), measure, warm, rounds, rounds == 1 ? "" : "s (in turn)",
                Runtime.getRuntime().availableProcessors());
        out.printf(Locale.ROOT, "%-7s %6s %7s %6s %9s %14s %8s %10s %10s%n", "board", "envs", "threads", "groups",
                "obs", "steps/s", "warm-up", "peak heap", "obs bufs");
        out.flush();
        List<EnvThroughput.Rounds> results = EnvThroughput.alternate(setups, rounds, warm, measure, res -> {
            out.printf(Locale.ROOT, "%-7s %6d %7s %6s %9s %,14d %6.1f s %6d MiB %6d MiB%n",
                    res.rules().width() + "x" + res.rules().height(), res.envs(),
                    res.threads() + (res.split() ? "x1" : ""), res.groups() > 1 ? res.groups() : "-", res.obs(),
                    Math.round(res.stepsPerSecond()), res.warmupSeconds(), res.peakHeapBytes() >> 20,
                    res.bufferBytes() >> 20);
            out.flush();
        });
        out.println();
        results.forEach(r -> out.println(r.machineLine()));
        // Each thread count against one thread; with --split, independent envs against the one env; with --groups,
        // asynchronous steps against synchronous ones (on as many threads, or, scaling, against one thread).
        printRatios(out, results, "scaling", "over_one",
                (m, b) -> m.threads() > 1 && !m.split() && b.threads() == 1 && b.groups() == m.groups());
        printRatios(out, results, "split", "over_shared",
                (m, b) -> m.split() && sync(b) && b.threads() == m.threads());
        printRatios(out, results, "async", "over_sync",
                (m, b) -> m.groups() > 1 && sync(b) && b.threads() == m.threads());
        out.flush();
        return 0;
    }

    /** One env stepped synchronously. */
    private static boolean sync(EnvThroughput.Result r) {
        return !r.split() && r.groups() == 1;
    }

    /**
     * One line per pair of configurations measured in the same rounds that {@code pair} accepts (the first measured
     * against the second, same board, games and observations), with the median of the rounds' ratios, such as
     * {@code scaling board=9x9 envs=256 obs=az17 threads=2 over_one=1.93}.
     */
    private static void printRatios(PrintWriter out, List<EnvThroughput.Rounds> results, String name, String ratio,
                                    BiPredicate<EnvThroughput.Result, EnvThroughput.Result> pair) {
        for (EnvThroughput.Rounds measured : results) {
            EnvThroughput.Result m = measured.first();
            for (EnvThroughput.Rounds base : results) {
                EnvThroughput.Result b = base.first();
                if (m.rules().equals(b.rules()) && m.envs() == b.envs() && m.obs().equals(b.obs()) && pair.test(m, b)) {
                    out.printf(Locale.ROOT, "%s board=%dx%d envs=%d obs=%s threads=%d%s %s=%.2f%n", name,
                            m.rules().width(), m.rules().height(), m.envs(), m.obs(), m.threads(),
                            m.groups() > 1 ? " groups=" + m.groups() : "", ratio, measured.ratioTo(base));
                }
            }
        }
    }

    private int benchModels() {
        positive(modelThreads, "--model-threads");
        NetworkRuntime.configure(modelThreads);
        java.time.Duration round = java.time.Duration.ofMillis(quick ? 200 : 500);
        List<NetConfig> nets = new ArrayList<>();
        for (Rules r : boards(quick ? List.of("9") : List.of("9", "19"))) {
            nets.addAll(ModelBenchmark.standardNets(r.width(), r.height()));
        }
        int[] batches = envs == null || envs.isEmpty() ? ModelBenchmark.STANDARD_BATCHES
                : envs.stream().mapToInt(Integer::intValue).toArray();
        for (int b : batches) {
            positive(b, "--envs");
        }
        ModelBenchmark.Report report = new ModelBenchmark(ModelBenchmark.Options.standard(modelThreads, round,
                batches))
                .run(nets, List.of(ModelBenchmark.SMALL, ModelBenchmark.MEDIUM));
        PrintWriter out = spec.commandLine().getOut();
        out.print(report.table());
        out.println();
        for (ModelBenchmark.ForwardResult r : report.forward()) {
            out.printf(Locale.ROOT, "net=%s backend=%s batch=%d threads=%d evaluator_pos_per_s=%.0f "
                    + "bare_pos_per_s=%.0f ratio=%.3f evaluator_pos_per_cpu_s=%.0f gflops_per_cpu_s=%.2f "
                    + "peak_fraction=%.4f%n", r.net().replace(' ', '_'), r.backend().id(), r.batch(), modelThreads,
                    r.evaluatorPositionsPerSecond(), r.barePositionsPerSecond(), r.ratio(),
                    r.evaluatorPositionsPerCpuSecond(), r.gigaflops(),
                    r.gigaflops() / report.machine().peakGigaflops());
        }
        for (ModelBenchmark.TrainResult r : report.train()) {
            out.printf(Locale.ROOT, "net=%s train_batch=%d threads=%d train_steps_per_s=%.2f%n",
                    r.net().replace(' ', '_'), r.batch(), modelThreads, r.stepsPerSecond());
        }
        out.flush();
        return 0;
    }

    private int benchLearner() {
        positive(modelThreads, "--model-threads");
        double measure = seconds != null ? seconds : quick ? 0.3 : 5.0;
        if (!(measure > 0)) {
            throw new ParameterException(spec.commandLine(), "--seconds must be positive");
        }
        List<NetConfig> configs = new ArrayList<>();
        for (Rules r : boards(List.of("9"))) {
            for (String net : orDefault(learnerNets, List.of(shape(ModelBenchmark.SMALL),
                    shape(ModelBenchmark.MEDIUM)))) {
                configs.add(learnerNet(net, r));
            }
        }
        NetworkRuntime.configure(modelThreads);
        ModelBenchmark.Options timing = ModelBenchmark.Options.standard(modelThreads,
                java.time.Duration.ofNanos(Math.round(measure * 1e9)));
        List<ModelBenchmark.TrainResult> results = new ModelBenchmark(timing).train(configs);
        PrintWriter out = spec.commandLine().getOut();
        TrainConfig t = ModelBenchmark.TRAINING;
        for (ModelBenchmark.TrainResult r : results) {
            NetConfig c = r.config();
            // Every key between net= and params= is an option of bench/pytorch-learner-peer.py (--KEY VALUE).
            out.printf(Locale.ROOT, "learner net=%s blocks=%d channels=%d planes=%d width=%d height=%d gpool=%b "
                    + "own=%b score=%b batch=%d threads=%d optimizer=%s lr=%s momentum=%s l2=%s value_weight=%s "
                    + "ownership_weight=%s score_weight=%s seconds=%s rounds=%d params=%d train_steps_per_s=%.3f%n",
                    shape(c), c.blocks(), c.channels(), c.inputPlanes(), c.width(), c.height(), c.globalPooling(),
                    c.ownershipHead(), c.scoreHead(), r.batch(), modelThreads,
                    t.optimizer().name().toLowerCase(Locale.ROOT), t.learningRate(), t.momentum(), t.l2(),
                    t.valueWeight(), t.ownershipWeight(), t.scoreWeight(), measure, timing.rounds(), r.parameters(),
                    r.stepsPerSecond());
        }
        out.flush();
        return 0;
    }

    /** The --learner net {@code BLOCKSxCHANNELS} with the --net-options on board {@code r}, checked. */
    private NetConfig learnerNet(String net, Rules r) {
        List<String> options = orDefault(netOptions, List.of());
        for (String o : options) {
            if (!NET_OPTIONS.contains(o)) {
                throw new ParameterException(spec.commandLine(), "unknown --net-options value '" + o + "' (known: "
                        + String.join(", ", NET_OPTIONS) + ")");
            }
        }
        String[] parts = net.toLowerCase(Locale.ROOT).split("x");
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            return new NetConfig(ModelBenchmark.SMALL.inputPlanes(), r.width(), r.height(),
                    Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()), options.contains("gpool"),
                    options.contains("own"), options.contains("score"));
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--nets value '" + net
                    + "' is not BLOCKSxCHANNELS, e.g. 6x64");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String shape(NetConfig c) {
        return c.blocks() + "x" + c.channels();
    }

    /** The --boards (or {@code fallback}) under the --rules, checked. */
    private List<Rules> boards(List<String> fallback) {
        Preset preset = parse(() -> Preset.byName(rules));
        List<Rules> sizes = new ArrayList<>();
        for (String b : orDefault(boards, fallback)) {
            sizes.add(parse(() -> preset.rules(width(b), height(b))));
        }
        return sizes;
    }

    private void positive(int value, String option) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), option + " values must be at least 1, got " + value);
        }
    }

    private static <T> List<T> orDefault(List<T> given, List<T> fallback) {
        return given == null || given.isEmpty() ? fallback : given;
    }

    private static int width(String board) {
        return Integer.parseInt(board.toLowerCase(Locale.ROOT).split("x")[0].trim());
    }

    private static int height(String board) {
        String[] parts = board.toLowerCase(Locale.ROOT).split("x");
        if (parts.length > 2) {
            throw new IllegalArgumentException("board '" + board + "' is not SIZE or WIDTHxHEIGHT");
        }
        return Integer.parseInt(parts[parts.length - 1].trim());
    }

    /** Turns a bad value into a usage error naming it, not a stack trace. */
    private <T> T parse(java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "not a board size: " + e.getMessage()
                    + " (use SIZE or WIDTHxHEIGHT, e.g. 9 or 7x5)");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
