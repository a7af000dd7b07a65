package org.tengen.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tengen.config.ConfigException;
import org.tengen.config.ConfigNode;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.VecEnvConfig;
import org.tengen.external.EngineCommand;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.learn.LrSchedule;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.net.NetConfig;
import org.tengen.records.SgfImport;
import org.tengen.search.GumbelParams;
import org.tengen.search.PuctParams;
import org.tengen.search.SearchAlgorithm;
import org.tengen.search.SearchConfig;
import org.tengen.selfplay.SelfPlay;

/**
 * Everything a training run needs, read from YAML by {@link #load}. See {@code configs/*.yaml} for every field
 * with its meaning; unknown fields and out-of-range values are errors naming the field.
 *
 * @param name         run name, for logs
 * @param rulesPreset  id of the rules preset the rules derive from
 * @param rules        rules, board and komi (with the game-length cap)
 * @param features     input feature set id
 * @param network      network shape
 * @param search       search used by self-play
 * @param selfPlay     self-play settings (the seed is replaced per generation)
 * @param selfPlayKomi the komi range self-play draws from, per shard
 * @param games        self-play games per generation
 * @param gamesPerShard self-play games per shard (the unit a killed run loses at most)
 * @param replay       replay window and reuse
 * @param training     optimiser and loss settings
 * @param batchSize    training batch size
 * @param steps        training steps per generation (before the reuse bound)
 * @param arena        settings of the arena that rates each generation
 * @param generations  generations to run
 * @param seed         master seed
 * @param threads      threads inside the network library (intra-op) per worker
 * @param workers      self-play workers, each with its own searches over a share of the games
 * @param symmetry     self-play evaluates the network under board symmetries: NONE (as is), RANDOM or ALL
 * @param backend      the library that runs networks for search (self-play, arena, match, gtp)
 * @param pretrain     training of the initial network on imported games before generation 1, or off
 * @param initFrom     a checkpoint whose weights start the initial network instead of random ones (a warm start, on
 *                     any board size: the networks are fully convolutional), or null
 * @param mode         how {@code train} runs: generations in turns, or roles at the same time
 */
public record RunConfig(String name, String rulesPreset, Rules rules, String features, NetConfig network,
                        SearchConfig search, SelfPlay.Settings selfPlay, KomiRange selfPlayKomi, int games, int gamesPerShard, Replay replay,
                        TrainConfig training, int batchSize, int steps, ArenaSettings arena, int generations,
                        long seed, int threads, int workers, SymmetricEvaluator.Mode symmetry,
                        InferenceBackend backend, Pretrain pretrain, Path initFrom, Mode mode) {

    /**
     * Fields renamed since earlier versions, from the earlier dotted name to the current one. A config that uses an
     * earlier name (a run directory's or a store's {@code config.yaml}, a sweep's base, {@code --set}) reads as if
     * it used the current one, and so compares equal to it when a run resumes.
     */
    public static final Map<String, String> RENAMED = Map.of("evaluation", "arena",
            "selfplay.gamesPerPart", "selfplay.gamesPerShard");

    /**
     * How {@code tengen train} runs its generations: SYNC in turns (self-play, training, arena), reproducible from the
     * seed; ASYNC as an actor, a learner and an arena at the same time over a run store inside the run directory
     * ({@link org.tengen.run.roles.AsyncTrainingRun}), so that training and the arena overlap self-play.
     */
    public enum Mode { SYNC, ASYNC }

    /**
     * Komi randomisation (KataGo): each self-play shard draws its komi uniformly from {@code min, min + 1, ..
     * max}, so a network that sees komi (a feature set like {@code rich}) learns how the value depends on it. The
     * arena plays at the game's komi. {@code min == max} is no randomisation.
     */
    public record KomiRange(double min, double max) {
        public KomiRange {
            if (!(min <= max) || (max - min) % 1 != 0) {
                throw new IllegalArgumentException("randomKomi: max must be min plus a whole number of points, got "
                        + min + " and " + max);
            }
        }

        public boolean randomises() {
            return max > min;
        }

        /** {@code rules} with a komi drawn from the range. */
        public Rules draw(Rules rules, java.util.SplittableRandom random) {
            return randomises() ? rules.withKomi(min + random.nextInt((int) (max - min) + 1)) : rules;
        }
    }

    /**
     * Pre-training: before generation 1 the initial network trains {@code steps} batches (with the run's training
     * settings) on shards of imported games ({@code tengen import-sgf}) and is saved as {@code gen-0000}.
     *
     * @param data  the directory of shards, or null when pre-training is off
     * @param steps training steps
     */
    public record Pretrain(Path data, int steps) {
        /** No pre-training: the initial network is random. */
        public static final Pretrain OFF = new Pretrain(null, 0);

        public boolean enabled() {
            return data != null;
        }

        /** Checks, before a new run starts, that the data to pre-train on is there. */
        public void requireData() {
            if (enabled()) {
                requireShardDirectory("pretrain.data", data);
            }
        }
    }

    /**
     * Refuses, naming the config {@code field}, a {@code dir} of imported shards that is not a directory or holds none:
     * a new run checks this before it writes anything, so an empty directory is refused as early as a missing one.
     */
    static void requireShardDirectory(String field, Path dir) {
        if (!java.nio.file.Files.isDirectory(dir)) {
            throw new IllegalArgumentException(field + ": " + dir + " is not a directory (of shards written by tengen "
                    + "import-sgf)");
        }
        if (SgfImport.shards(dir).isEmpty()) {
            throw new IllegalArgumentException(field + ": " + dir + " holds no shards (.npz); write them with tengen "
                    + "import-sgf");
        }
    }

    /**
     * @param windowGenerations  shards of at most this many latest generations are sampled
     * @param windowSamples      and at most this many latest samples
     * @param symmetries         sample a random board symmetry for each training example
     * @param maxSampleReuse     a generation trains at most {@code maxSampleReuse * newSamples / batchSize} steps, so
     *                           each sample is drawn about this many times in its life
     * @param maxModelAge        a learner fed by actors keeps a game batch only while its model is at most this many
     *                           generations older than the model being trained; an older batch that arrives is
     *                           counted stale and never trained on ({@code tengen train} has no such batches)
     * @param external           a directory of imported shards ({@code tengen import-sgf}) mixed into every
     *                           generation's training, or null for none
     * @param externalFraction   the share of each batch drawn from {@code external}
     */
    public record Replay(int windowGenerations, int windowSamples, boolean symmetries, double maxSampleReuse,
                         int maxModelAge, Path external, double externalFraction) {
        /** A window of self-play data only, whose model age bound is its generation bound. */
        public Replay(int windowGenerations, int windowSamples, boolean symmetries, double maxSampleReuse) {
            this(windowGenerations, windowSamples, symmetries, maxSampleReuse, windowGenerations, null, 0);
        }
    }

    /**
     * @param gamesVsPrevious    games of each new checkpoint against the previous one
     * @param gamesVsAnchors     games against each anchor
     * @param anchorsEvery       play the anchors every this many generations (and in the last one): the games
     *                           between checkpoints still chain every generation into the ladder
     * @param anchors            fixed anchors: {@code random}, {@code mcts-rollout}
     * @param externalAnchors    more anchors: external GTP engines by name, e.g. {@code gnugo-0} for
     *                           {@code gnugo --mode gtp --level 0}
     * @param rolloutSimulations simulations of the {@code mcts-rollout} anchor
     * @param search             search of checkpoint players in the arena (no noise; the first moves sampled
     *                           by visit counts so that games differ)
     * @param gating             promote a checkpoint to play self-play only if it scores at least
     *                           {@code gateThreshold} against the current best over {@code gamesVsPrevious} games
     * @param gateThreshold      see gating
     * @param parallel           games played at once between checkpoints and network-free anchors
     * @param engineParallel     games played at once against each external anchor: one engine process each
     * @param engineTimeout      longest wait for an external engine's answer before it forfeits the game
     */
    public record ArenaSettings(int gamesVsPrevious, int gamesVsAnchors, int anchorsEvery, List<String> anchors,
                                Map<String, EngineCommand> externalAnchors, int rolloutSimulations,
                                SearchConfig search, boolean gating, double gateThreshold, int parallel,
                                int engineParallel, java.time.Duration engineTimeout) {
        public static final List<String> KNOWN_ANCHORS = List.of("random", "mcts-rollout");
    }

    /**
     * A copy playing under other rules, e.g. for a match on another board. The network keeps describing the
     * checkpoints (their fully convolutional nets play any board size).
     */
    public RunConfig withRules(String newPreset, Rules newRules) {
        return new RunConfig(name, newPreset, newRules, features, network, search, selfPlay, selfPlayKomi, games, gamesPerShard,
                replay, training, batchSize, steps, arena, generations, seed, threads, workers, symmetry, backend,
                pretrain, initFrom, mode);
    }

    /**
     * Checks, before a new run starts, that what its initial network starts from is there and fits: the weights of
     * {@code network.initFrom} and the shards of {@code pretrain.data}.
     */
    public void requireInitialInputs() {
        if (initFrom != null) {
            InitialNetwork.checkedSource(this);
        }
        pretrain.requireData();
    }

    /** A copy whose checkpoints have {@code newFeatures} and {@code newNetwork}, e.g. a checkpoint of no run. */
    public RunConfig withNetwork(String newFeatures, NetConfig newNetwork) {
        return new RunConfig(name, rulesPreset, rules, newFeatures, newNetwork, search, selfPlay, selfPlayKomi, games,
                gamesPerShard, replay, training, batchSize, steps, arena, generations, seed, threads, workers,
                symmetry, backend, pretrain, initFrom, mode);
    }

    /** A copy that runs {@code newGenerations} generations (e.g. {@code train --generations}). */
    public RunConfig withGenerations(int newGenerations) {
        if (newGenerations < 1) {
            throw new IllegalArgumentException("generations must be at least 1, got " + newGenerations);
        }
        return new RunConfig(name, rulesPreset, rules, features, network, search, selfPlay, selfPlayKomi, games, gamesPerShard, replay,
                training, batchSize, steps, arena, newGenerations, seed, threads, workers, symmetry, backend,
                pretrain, initFrom, mode);
    }

    /** A copy whose external engines get {@code timeout} to answer (e.g. {@code match --timeout}). */
    public RunConfig withEngineTimeout(java.time.Duration timeout) {
        ArenaSettings e = arena;
        ArenaSettings changed = new ArenaSettings(e.gamesVsPrevious(), e.gamesVsAnchors(), e.anchorsEvery(),
                e.anchors(), e.externalAnchors(),
                e.rolloutSimulations(), e.search(), e.gating(), e.gateThreshold(), e.parallel(), e.engineParallel(),
                timeout);
        return new RunConfig(name, rulesPreset, rules, features, network, search, selfPlay, selfPlayKomi, games, gamesPerShard, replay,
                training, batchSize, steps, changed, generations, seed, threads, workers, symmetry, backend,
                pretrain, initFrom, mode);
    }

    /** A copy whose networks run on {@code newBackend} for search (e.g. {@code --backend}). */
    public RunConfig withBackend(InferenceBackend newBackend) {
        return new RunConfig(name, rulesPreset, rules, features, network, search, selfPlay, selfPlayKomi, games,
                gamesPerShard, replay, training, batchSize, steps, arena, generations, seed, threads, workers,
                symmetry, newBackend, pretrain, initFrom, mode);
    }

    /** The feature set named by {@link #features()}. */
    public FeatureSet featureSet() {
        return FeatureSets.byId(features);
    }

    /** The config of an empty file: every default. */
    public static RunConfig defaults() {
        return from(ConfigNode.parse("defaults", new java.io.StringReader("")));
    }

    /** Reads and validates a run config file. */
    public static RunConfig load(Path file) {
        return from(ConfigNode.load(file));
    }

    /** {@code field}, a dotted path, under its current name ({@link #RENAMED}). */
    public static String currentName(String field) {
        for (Map.Entry<String, String> r : RENAMED.entrySet()) {
            if (field.equals(r.getKey()) || field.startsWith(r.getKey() + ".")) {
                return r.getValue() + field.substring(r.getKey().length());
            }
        }
        return field;
    }

    /**
     * Builds a config from parsed YAML, earlier names of fields read as the current ones, then rejects any field
     * nobody read.
     */
    public static RunConfig from(ConfigNode root) {
        root.rename(RENAMED);
        String name = root.getString("name", "run");
        ConfigNode gameNode = root.child("game");
        String preset = gameNode.getChoice("rules", "tromp-taylor",
                java.util.Arrays.stream(Preset.values()).map(Preset::id).toList());
        Rules rules = readRules(gameNode, preset);
        String features = root.getString("features", "az17");
        FeatureSet featureSet;
        try {
            featureSet = FeatureSets.byId(features);
        } catch (IllegalArgumentException e) {
            throw root.invalid("features", e.getMessage());
        }
        NetConfig network = readNetwork(root.child("network"), featureSet, rules);
        String initFromText = root.child("network").getString("initFrom", "");
        Path initFrom = initFromText.isBlank() ? null : Path.of(initFromText);
        ConfigNode selfplayNode = root.child("selfplay");
        SearchConfig search = readSearch(selfplayNode.child("search"), false);
        int games = selfplayNode.getInt("gamesPerGeneration", 128, 1, 1_000_000);
        SelfPlay.Settings selfPlay = build(selfplayNode, () -> new SelfPlay.Settings(
                selfplayNode.getInt("parallelGames", 64, 1, 4096),
                (float) selfplayNode.getDouble("resignThreshold", -0.9, -1, 0.99),
                selfplayNode.getInt("resignAfter", 3, 1, 1000),
                selfplayNode.getDouble("noResignFraction", 0.1, 0, 1), 0));
        KomiRange selfPlayKomi = new KomiRange(rules.komi(), rules.komi());
        if (selfplayNode.has("randomKomi")) {
            ConfigNode komiNode = selfplayNode.child("randomKomi");
            selfPlayKomi = build(komiNode, () -> new KomiRange(komiNode.getDouble("min", rules.komi(), -1000, 1000),
                    komiNode.getDouble("max", rules.komi(), -1000, 1000)));
            if (selfPlayKomi.randomises() && !featureSet.seesKomi()) {
                throw komiNode.invalid("feature set '" + features + "' does not show komi to the network, so a "
                        + "random komi would only blur its value: use one that does (rich)");
            }
        }
        // A killed run loses at most one shard: about a quarter of a generation, at least one batch of games.
        int gamesPerShard = selfplayNode.getInt("gamesPerShard", Math.max(selfPlay.parallelGames(), (games + 3) / 4), 1,
                1_000_000);
        ConfigNode replayNode = root.child("replay");
        int windowGenerations = replayNode.getInt("windowGenerations", 5, 1, 100_000);
        String external = replayNode.getString("external", "");
        double externalFraction = replayNode.getDouble("externalFraction", external.isBlank() ? 0 : 0.25, 0, 0.99);
        if (external.isBlank() && externalFraction > 0) {
            throw replayNode.invalid("externalFraction", "needs replay.external, the directory of imported shards");
        }
        Replay replay = new Replay(windowGenerations,
                replayNode.getInt("windowSamples", 100_000, 1, 100_000_000),
                replayNode.getBoolean("symmetries", true),
                replayNode.getDouble("maxSampleReuse", 4, 0.01, 1000),
                replayNode.getInt("maxModelAge", windowGenerations, 0, 100_000),
                external.isBlank() ? null : Path.of(external), externalFraction);
        ConfigNode trainingNode = root.child("training");
        int batchSize = trainingNode.getInt("batchSize", 256, 1, 65_536);
        int steps = trainingNode.getInt("stepsPerGeneration", 100, 1, 10_000_000);
        int generations = root.getInt("generations", 10, 1, 1_000_000);
        TrainConfig training = readTraining(trainingNode, steps * generations);
        ArenaSettings arena = readArena(root.child("arena"));
        long seed = root.getInt("seed", 1);
        int threads = root.getInt("threads", 1, 1, 1024);
        int workers = selfplayNode.getInt("workers", Runtime.getRuntime().availableProcessors(), 1, 1024);
        String symmetryName = selfplayNode.getChoice("evaluationSymmetry", "none", List.of("none", "random", "all"));
        SymmetricEvaluator.Mode symmetry = SymmetricEvaluator.Mode.valueOf(symmetryName.toUpperCase(Locale.ROOT));
        InferenceBackend backend = InferenceBackend.parse(root.getChoice("backend", "auto", InferenceBackend.NAMES));
        Pretrain pretrain = Pretrain.OFF;
        if (root.has("pretrain")) {
            ConfigNode node = root.child("pretrain");
            String data = node.getString("data", "");
            if (data.isBlank()) {
                throw node.invalid("data", "the directory of imported shards (tengen import-sgf) is required");
            }
            pretrain = new Pretrain(Path.of(data), node.getInt("steps", 1000, 1, 100_000_000));
        }
        Mode mode = Mode.valueOf(root.getChoice("mode", "sync", List.of("sync", "async")).toUpperCase(Locale.ROOT));
        if (mode == Mode.ASYNC && pretrain.enabled()) {
            // The learner creates the initial network; pre-training it is TrainingRun's, in turns.
            throw root.invalid("mode", "async does not pre-train the initial network; use mode: sync with pretrain");
        }
        root.finish();
        return new RunConfig(name, preset, rules, features, network, search, selfPlay, selfPlayKomi, games, gamesPerShard, replay,
                training, batchSize, steps, arena, generations, seed, threads, workers, symmetry, backend,
                pretrain, initFrom, mode);
    }

    private static Rules readRules(ConfigNode node, String presetName) {
        int width = node.getInt("width", node.getInt("size", 9, 1, Rules.MAX_SIZE), 1, Rules.MAX_SIZE);
        int height = node.getInt("height", width, 1, Rules.MAX_SIZE);
        Rules rules = Preset.byName(presetName).rules(width, height);
        if (node.has("komi")) {
            double komi = node.getDouble("komi", rules.komi());
            Rules even = rules;
            rules = build(node, () -> even.withKomi(komi));
        }
        int maxMoves = node.getInt("maxMoves", VecEnvConfig.defaultMaxMoves(rules), 1, 1_000_000);
        return rules.withMaxMoves(maxMoves);
    }

    private static NetConfig readNetwork(ConfigNode node, FeatureSet features, Rules rules) {
        return build(node, () -> new NetConfig(features.planes(), rules.width(), rules.height(),
                node.getInt("blocks", 4, 1, 256), node.getInt("channels", 32, 4, 4096),
                node.getBoolean("globalPooling", false), node.getBoolean("ownershipHead", true),
                node.getBoolean("scoreHead", false)));
    }

    /**
     * Reads a search section: every field defaults to the preset's value ({@link SearchConfig#selfPlayDefaults()},
     * or {@link SearchConfig#arenaDefaults()} for the arena); tree reuse defaults to on for PUCT.
     */
    static SearchConfig readSearch(ConfigNode node, boolean arena) {
        SearchConfig base = arena ? SearchConfig.arenaDefaults() : SearchConfig.selfPlayDefaults();
        PuctParams puct = base.puct();
        GumbelParams gumbel = base.gumbel();
        return build(node, () -> {
            String algorithm = node.getChoice("algorithm", base.algorithm().name().toLowerCase(Locale.ROOT),
                    List.of("puct", "gumbel"));
            SearchConfig.Builder b = base.toBuilder()
                    .algorithm(SearchAlgorithm.valueOf(algorithm.toUpperCase(Locale.ROOT)))
                    .simulations(node.getInt("simulations", base.simulations(), 1, 1_000_000))
                    .leavesPerTree(node.getInt("leavesPerTree", base.leavesPerTree(), 1, 64))
                    .cPuct((float) node.getDouble("cPuct", puct.cPuct()))
                    .fpuReduction((float) node.getDouble("fpuReduction", puct.fpuReduction()))
                    .dirichletAlphaScale((float) node.getDouble("dirichletAlphaScale", puct.dirichletAlphaScale()))
                    .dirichletEpsilon((float) node.getDouble("dirichletEpsilon", puct.dirichletEpsilon()))
                    .temperatureMoves(node.getInt("temperatureMoves", puct.temperatureMoves(), 0, 1_000_000))
                    .temperature((float) node.getDouble("temperature", puct.temperature()))
                    .forcedPlayouts((float) node.getDouble("forcedPlayouts", puct.forcedPlayouts(), 0, 100))
                    .reuseTree(node.getBoolean("reuseTree", algorithm.equals("puct")))
                    .consideredActions(node.getInt("consideredActions", gumbel.consideredActions(), 1, 100_000))
                    .gumbelScale((float) node.getDouble("gumbelScale", gumbel.gumbelScale()))
                    .cVisit((float) node.getDouble("cVisit", gumbel.cVisit()))
                    .cScale((float) node.getDouble("cScale", gumbel.cScale()))
                    .scoreUtility((float) node.getDouble("scoreUtility", base.scoreUtility(), 0, 1))
                    .passBound(node.getBoolean("passBound", base.passBound()));
            SearchConfig search = b.playoutCap(node.getDouble("fullSearchProbability",
                    base.playoutCap().fullSearchProbability(), 0, 1), node.getInt("cheapSimulations",
                    base.playoutCap().cheapSimulations(), 1, 1_000_000)).build();
            if (arena) {
                requireDistinctGames(search);
            }
            return search;
        });
    }

    /**
     * The arena counts its games as independent samples, so a search that would play every game between the same
     * two players alike is refused: greedy PUCT samples nothing, and the Gumbel root without noise neither.
     */
    private static void requireDistinctGames(SearchConfig search) {
        if (search.algorithm() == SearchAlgorithm.GUMBEL && search.gumbel().gumbelScale() == 0f) {
            throw new IllegalArgumentException("gumbel with gumbelScale 0 plays every arena game between two players "
                    + "the same way: set gumbelScale above 0, or use puct with temperatureMoves above 0");
        }
        if (search.algorithm() == SearchAlgorithm.PUCT && search.puct().temperatureMoves() == 0) {
            throw new IllegalArgumentException("puct with temperatureMoves 0 plays every arena game between two "
                    + "players the same way: sample the first turns (temperatureMoves above 0)");
        }
    }

    private static TrainConfig readTraining(ConfigNode node, int totalSteps) {
        return build(node, () -> {
            String optimizer = node.getChoice("optimizer", "sgd", List.of("sgd", "adam"));
            float lr = (float) node.getDouble("learningRate", optimizer.equals("sgd") ? 0.02 : 1e-3);
            TrainConfig base = optimizer.equals("sgd") ? TrainConfig.sgd(lr) : TrainConfig.adam(lr);
            String scheduleName = node.getChoice("schedule", "constant", List.of("constant", "cosine", "step"));
            LrSchedule schedule = switch (scheduleName) {
                case "cosine" -> new LrSchedule.Cosine(node.getInt("warmupSteps", 0, 0, 1_000_000),
                        Math.max(totalSteps, node.getInt("warmupSteps", 0) + 1),
                        (float) node.getDouble("floor", 0.1, 0, 1));
                case "step" -> new LrSchedule.Step(node.getInt("stepEvery", 1000, 1, 100_000_000),
                        (float) node.getDouble("stepFactor", 0.1, 1e-6, 1));
                default -> new LrSchedule.Constant();
            };
            return new TrainConfig(base.optimizer(), lr,
                    (float) node.getDouble("momentum", base.momentum(), 0, 0.999),
                    (float) node.getDouble("l2", base.l2(), 0, 1), schedule,
                    (float) node.getDouble("valueWeight", base.valueWeight(), 0, 1000),
                    (float) node.getDouble("ownershipWeight", base.ownershipWeight(), 0, 1000),
                    (float) node.getDouble("scoreWeight", base.scoreWeight(), 0, 1000));
        });
    }

    private static ArenaSettings readArena(ConfigNode node) {
        List<String> anchors = node.getStringList("anchors", List.of("random", "mcts-rollout"));
        for (String a : anchors) {
            if (!ArenaSettings.KNOWN_ANCHORS.contains(a)) {
                throw node.invalid("anchors", "unknown anchor '" + a + "'; known: "
                        + String.join(", ", ArenaSettings.KNOWN_ANCHORS));
            }
        }
        Map<String, EngineCommand> external = new LinkedHashMap<>();
        node.getStringMap("externalAnchors", Map.of()).forEach((name, command) -> {
            // The name goes into arena CSV files and the Elo ladder beside the checkpoints and fixed anchors.
            if (!name.matches("[A-Za-z0-9._+-]+") || ArenaSettings.KNOWN_ANCHORS.contains(name)
                    || name.matches("gen-\\d+")) {
                throw node.invalid("externalAnchors", "'" + name + "' cannot name an anchor: use letters, digits "
                        + "and ._+- and not the name of a checkpoint or fixed anchor");
            }
            try {
                external.put(name, EngineCommand.parse(command));
            } catch (IllegalArgumentException e) {
                throw node.invalid("externalAnchors", name + ": " + e.getMessage());
            }
        });
        return new ArenaSettings(node.getInt("gamesVsPrevious", 40, 0, 1_000_000),
                node.getInt("gamesVsAnchors", 20, 0, 1_000_000), node.getInt("anchorsEvery", 1, 1, 1_000_000), anchors,
                java.util.Collections.unmodifiableMap(external),
                node.getInt("rolloutSimulations", 64, 1, 1_000_000), readSearch(node.child("search"), true),
                node.getBoolean("gating", false), node.getDouble("gateThreshold", 0.55, 0, 1),
                node.getInt("parallel", 32, 1, 4096), node.getInt("engineParallel", 4, 1, 256),
                java.time.Duration.ofMillis(Math.round(1000 * node.getDouble("engineTimeoutSeconds", 60, 0.001,
                        86_400))));
    }

    /** Runs a record constructor, turning its IllegalArgumentException into a ConfigException for the section. */
    private static <T> T build(ConfigNode node, java.util.function.Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (ConfigException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw node.invalid(e.getMessage());
        }
    }
}
