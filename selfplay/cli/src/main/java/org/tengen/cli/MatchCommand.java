package org.tengen.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.Optional;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.external.EngineCommand;
import org.tengen.external.ExternalPlayer;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import org.tengen.run.Agents;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tengen match}: a Tengen player against an external GTP engine, with a win rate and its interval. */
@Command(name = "match", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Play a Tengen player against an external GTP engine with alternating colours and report the "
                + "win rate.",
            "Players: random, mcts-rollout[:SIMS], a checkpoint or run directory (its latest checkpoint), or with "
                    + "--run-dir a checkpoint of that run (latest, best, gen-0003, 3).",
            "Every game played at once (--parallel) has its own engine process. The engine learns only the board "
                    + "size and komi: give it the same rules on its command line, for tromp-taylor 'gnugo --mode gtp --level 0 "
                    + "--chinese-rules --positional-superko --allow-suicide --capture-all-dead'.",
            "An engine's illegal move, crash, hang or bad output forfeits its game (logged); a crashed engine is "
                    + "replaced, and " + ExternalPlayer.MAX_CONSECUTIVE_FAILURES + " failures in a row stop the "
                    + "match. A game whose legal move the engine refuses (other rules) stops and is counted as it "
                    + "stands."})
final class MatchCommand implements Callable<Integer> {
    private static final String DEFAULT_PLAYER = "latest";

    @Spec
    private CommandSpec spec;

    @Option(names = "--engine", paramLabel = "COMMAND", required = true,
            description = "The engine's command line, such as \"gnugo --mode gtp --level 0\"; a program without a "
                    + "directory is looked up on PATH, then in /usr/games.")
    private String engine;

    @Option(names = "--engine-name", paramLabel = "NAME",
            description = "The engine's name in results and SGF files (default: its GTP name and version).")
    private String engineName;

    @Option(names = "--player", paramLabel = "PLAYER", defaultValue = DEFAULT_PLAYER,
            description = "Tengen's player (default: ${DEFAULT-VALUE}, with --run-dir).")
    private String player;

    @Option(names = "--run-dir", paramLabel = "DIR",
            description = "A training run directory: its config gives rules, features and search, and its checkpoints "
                    + "can be named latest, best, gen-0003 or 3.")
    private Path runDir;

    @Option(names = "--games", paramLabel = "N", defaultValue = "20",
            description = "Games to play; Tengen takes Black in even-numbered games (default: ${DEFAULT-VALUE}).")
    private int games;

    @Option(names = "--rules", paramLabel = "PRESET",
            description = "Rules preset: tromp-taylor, aga, nz, chinese or simple-ko (default: the run's, else "
                    + "tromp-taylor).")
    private String rulesName;

    @Option(names = "--size", paramLabel = "N",
            description = "Board side (default: the run's, else the checkpoint's, else 9).")
    private Integer size;

    @Option(names = "--komi", paramLabel = "POINTS",
            description = "Komi (default: the run's for its rules and board, else the preset's).")
    private Double komi;

    @Option(names = "--max-moves", paramLabel = "N",
            description = "Turns before a game is stopped and counted as it stands (default: the run's for its "
                    + "board, else three times the number of points).")
    private Integer maxMoves;

    @Option(names = "--scoring", paramLabel = "REFEREE", defaultValue = "area",
            description = "Who counts games ended by passes or stopped: area (Tengen's area count under the match rules, dead "
                    + "stones included: Tromp-Taylor) or engine (the engine's final_score) "
                    + "(default: ${DEFAULT-VALUE}).")
    private String scoring;

    @Mixin
    private SearchOptions searchOptions;

    @Mixin
    private BackendOption backendOption;

    @Mixin
    private OpeningOption opening;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
            description = "Games played at once, one engine process each (default: ${DEFAULT-VALUE}).")
    private int parallel;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Longest wait for any engine answer (default: the run's arena.engineTimeoutSeconds, 60).")
    private Double timeout;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--sgf-dir", paramLabel = "DIR", description = "Write every game as SGF into this directory.")
    private Path sgfDir;

    /** Tengen's colour in a game and how the game ended. */
    private record Outcome(boolean tengenBlack, String ending) {
    }

    @Override
    public Integer call() throws Exception {
        if (games < 1 || parallel < 1) {
            throw new ParameterException(spec.commandLine(), "--games and --parallel must be at least 1");
        }
        if (timeout != null && !(timeout > 0)) {
            throw new ParameterException(spec.commandLine(), "--timeout must be positive, got " + timeout);
        }
        if (!scoring.equals("area") && !scoring.equals("engine")) {
            throw new ParameterException(spec.commandLine(), "--scoring: expected area or engine, got '" + scoring
                    + "'");
        }
        EngineCommand command;
        try {
            command = EngineCommand.parse(engine);
            command.program();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--engine: " + e.getMessage());
        }
        String ref = player;
        RunDirectory dir = null;
        RunConfig config;
        Path asPath = Path.of(player);
        if (runDir != null) {
            dir = RunOptions.directory(runDir);
            config = RunOptions.config(dir);
        } else if (Files.isRegularFile(asPath.resolve("config.yaml"))) {
            dir = RunOptions.directory(asPath);
            config = RunOptions.config(dir);
            ref = DEFAULT_PLAYER;
        } else {
            config = RunConfig.defaults();
            if (Files.isRegularFile(asPath.resolve(Checkpoints.METADATA_FILE))) {
                CheckpointInfo info = Checkpoints.read(asPath);
                config = config.withNetwork(info.provenance().featureSet(), info.network());
                config = config.withRules(config.rulesPreset(), config.rules().withSize(info.network().width(),
                        info.network().height()).withMaxMoves(2 * info.network().width() * info.network().height()));
            } else if (!player.equals("random") && !player.startsWith("mcts-rollout")) {
                throw new ParameterException(spec.commandLine(), "--player: '" + player + "' is not random, "
                        + "mcts-rollout[:N], a checkpoint or a run directory (checkpoint names such as "
                        + DEFAULT_PLAYER + " need --run-dir)");
            }
        }
        config = backendOption.apply(config.withRules(preset(config), rules(config)));
        Rules rules = config.rules();
        NetworkRuntime.configure(config.threads());
        if (sgfDir != null) {
            Files.createDirectories(sgfDir);
        }
        List<Outcome> outcomes = new ArrayList<>();
        if (timeout != null) {
            config = config.withEngineTimeout(Duration.ofMillis(Math.max(1, Math.round(timeout * 1000))));
        }
        Agents agents = dir != null ? Agents.keepingAutoChoiceIn(config, dir.root()) : new Agents(config);
        PlayerSpec spec = Agents.parse(ref, Optional.ofNullable(dir));
        try (Agent ours = agents.create(spec, searchOptions.apply(config.arena().search()), parallel, seed);
             ExternalPlayer theirs = agents.engine(Optional.ofNullable(engineName), command, parallel)) {
            long start = System.nanoTime();
            Arena.MatchResult r = Arena.play(ours, theirs, rules, config.featureSet(), games, parallel,
                    opening.opening(seed), scoring.equals("engine") ? theirs.engineScoring() : Referee.AREA, record -> {
                        outcomes.add(new Outcome(record.blackPlayer().equals(ours.name()), ending(record, rules)));
                        if (sgfDir != null) {
                            GoSgf.save(sgfDir.resolve(String.format(Locale.ROOT, "game-%04d.sgf", outcomes.size() - 1)),
                                    record);
                        }
                    });
            report(r, outcomes, theirs.problems(), rules, (System.nanoTime() - start) / 1e9);
        }
        return 0;
    }

    private String preset(RunConfig config) {
        if (rulesName == null) {
            return config.rulesPreset();
        }
        try {
            return Preset.byName(rulesName).id();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rules: " + e.getMessage());
        }
    }

    /** The config's rules with the options applied; another preset or board starts from the preset's rules. */
    private Rules rules(RunConfig config) {
        Rules rules = config.rules();
        String preset = preset(config);
        int side = size != null ? size : rules.width();
        try {
            if (!preset.equals(config.rulesPreset()) || side != rules.width() || side != rules.height()) {
                rules = Preset.byName(preset).rules(side, side).withMaxMoves(2 * side * side);
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--size: " + e.getMessage());
        }
        try {
            rules = komi != null ? rules.withKomi(komi) : rules;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--komi: " + e.getMessage());
        }
        try {
            return maxMoves != null ? rules.withMaxMoves(maxMoves) : rules;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--max-moves: " + e.getMessage());
        }
    }

    /** How a game ended: by resignation or forfeit (as its result says), passes, the move cap, or else a stop. */
    private static String ending(GameRecord record, Rules rules) {
        String result = record.result();
        if (result.endsWith("+R")) {
            return "resignation";
        }
        if (result.endsWith("+F")) {
            return "forfeit";
        }
        List<GameHistory.Move> moves = record.history().moves();
        int n = moves.size();
        if (n >= 2 && moves.get(n - 1).action() == rules.passAction()
                && moves.get(n - 2).action() == rules.passAction()) {
            return "passes";
        }
        return n >= rules.maxMoves() ? "move cap" : "stop";
    }


    /** The results table; outcomes are in the order of {@code r.results()}. */
    private void report(Arena.MatchResult r, List<Outcome> outcomes, ExternalPlayer.Problems problems, Rules rules,
                        double seconds) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s vs %s on %s, counted by %s: %d games in %.1f s%n", r.a(), r.b(),
                rules.describe(), scoring.equals("engine") ? "the engine's final_score" : "area", r.games(), seconds);
        out.printf(Locale.ROOT, "%-12s %6s %6s %6s %6s %7s %8s%n", "", "games", "wins", "draws", "losses", "score",
                "95% CI");
        row(out, r.a(), r);
        for (boolean black : new boolean[] {true, false}) {
            int[] wdl = new int[3];
            for (int i = 0; i < outcomes.size(); i++) {
                if (outcomes.get(i).tengenBlack() == black) {
                    double score = r.results().get(i).scoreA();
                    wdl[score == 1 ? 0 : score == 0.5 ? 1 : 2]++;
                }
            }
            row(out, black ? "  as Black" : "  as White", new Arena.MatchResult(r.a(), r.b(),
                    wdl[0] + wdl[1] + wdl[2], wdl[0], wdl[2], wdl[1], 0, List.of()));
        }
        Map<String, Integer> endings = new TreeMap<>();
        outcomes.forEach(o -> endings.merge(o.ending(), 1, Integer::sum));
        StringJoiner ended = new StringJoiner(", ", "games ended by ", "");
        endings.forEach((how, n) -> ended.add(how + " " + n));
        out.println(ended);
        out.printf(Locale.ROOT, "%s: %d resignations, %d forfeits (%d illegal moves, %d crashes, timeouts or bad "
                        + "answers; %d engines restarted), %d games stopped by refusing a legal move%n", r.b(),
                problems.resignations(), problems.forfeits(), problems.illegalMoves(), problems.failures(),
                problems.restarts(), problems.refusedMoves());
        out.printf(Locale.ROOT, "match a=%s b=%s games=%d wins=%d losses=%d draws=%d score=%.4f%n", r.a(), r.b(),
                r.games(), r.winsA(), r.winsB(), r.draws(), r.scoreA());
        out.flush();
    }

    private static void row(PrintWriter out, String label, Arena.MatchResult r) {
        out.printf(Locale.ROOT, "%-12s %6d %6d %6d %6d %7.3f %8s%n", label, r.games(), r.winsA(), r.draws(),
                r.winsB(), r.scoreA(), String.format(Locale.ROOT, "+-%.3f", r.ci95()));
    }
}
