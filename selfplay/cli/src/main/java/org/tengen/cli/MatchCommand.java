package org.tengen.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.external.EngineCommand;
import org.tengen.external.ExternalPlayer;
import org.tengen.run.Agents;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import org.tengen.search.SearchConfig;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tengen match}: two players, each a Tengen player or an external GTP engine, with alternating colours, and
 * the score of the first with its interval. Its earlier name {@code eval} (when it played no engines) stays an alias.
 */
@Command(name = "match", aliases = "eval", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Play a match between two players with alternating colours and report the score of A, as a "
                + "whole and by colour, and how the games ended.",
            "Players: " + PlayerSpec.FORMS + ". --engine COMMAND is short for --b engine:COMMAND.",
            "Every game played at once (--parallel) has its own process of each engine. An engine learns only the "
                    + "board size and komi: give it the same rules on its command line, for tromp-taylor 'gnugo "
                    + "--mode gtp --level 0 --chinese-rules --positional-superko --allow-suicide "
                    + "--capture-all-dead'.",
            "An engine's illegal move, crash, hang or bad output forfeits its game (logged); a crashed engine is "
                    + "replaced, and " + ExternalPlayer.MAX_CONSECUTIVE_FAILURES + " failures in a row stop the "
                    + "match. A game whose legal move the engine refuses (other rules) stops and is counted as it "
                    + "stands.",
            "Also called eval, its name before it played engines."})
final class MatchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"--a", "--player"}, paramLabel = "PLAYER", defaultValue = "latest",
            description = "Player A (default: ${DEFAULT-VALUE}, with --run-dir).")
    private String a;

    @Option(names = "--b", paramLabel = "PLAYER",
            description = "Player B (default: random, or the engine of --engine).")
    private String b;

    @Option(names = "--engine", paramLabel = "COMMAND",
            description = "Player B is the engine this command line starts, such as \"gnugo --mode gtp --level 0\"; "
                    + "a program without a directory is looked up on PATH, then in /usr/games.")
    private String engine;

    @Option(names = "--engine-name", paramLabel = "NAME",
            description = "Engine B's name in results and SGF files (default: its GTP name and version).")
    private String engineName;

    @Option(names = "--run-dir", paramLabel = "DIR",
            description = "A training run directory (default: a player that is one): its config gives rules, "
                    + "features and search, and its checkpoints can be named latest, best, gen-0003 or 3.")
    private Path runDir;

    @Option(names = "--games", paramLabel = "N",
            description = "Games to play; A takes Black in even-numbered games (default: 100, or 20 when an engine "
                    + "plays).")
    private Integer games;

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
            description = "Who counts games ended by passes or stopped: area (Tengen's area count under the match "
                    + "rules, dead stones included: Tromp-Taylor) or engine (the final_score of engine B, else of "
                    + "engine A) (default: ${DEFAULT-VALUE}).")
    private String scoring;

    @Mixin
    private SearchOptions searchOptions;

    @Option(names = "--a-simulations", paramLabel = "N",
            description = "Simulations per move of A alone (default: --simulations): with --a and --b the same "
                    + "checkpoint, how much a larger search is worth.")
    private Integer aSimulations;

    @Option(names = "--b-simulations", paramLabel = "N", description = "Simulations per move of B alone.")
    private Integer bSimulations;

    @Mixin
    private BackendOption backendOption;

    @Mixin
    private OpeningOption opening;

    @Option(names = "--parallel", paramLabel = "N",
            description = "Games played at once, batching network calls, each with its own engine processes "
                    + "(default: 32, or 4 when an engine plays).")
    private Integer parallel;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Longest wait for any engine answer (default: the run's arena.engineTimeoutSeconds, 60).")
    private Double timeout;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--sgf-dir", paramLabel = "DIR", description = "Write every game as SGF into this directory.")
    private Path sgfDir;

    /** A's colour in a game and how the game ended. */
    private record Outcome(boolean aBlack, String ending) {
    }

    @Override
    public Integer call() throws Exception {
        if (games != null && games < 1 || parallel != null && parallel < 1 || aSimulations != null && aSimulations < 1
                || bSimulations != null && bSimulations < 1) {
            throw new ParameterException(spec.commandLine(), "--games, --parallel and --a/--b-simulations must be at "
                    + "least 1");
        }
        if (timeout != null && !(timeout > 0)) {
            throw new ParameterException(spec.commandLine(), "--timeout must be positive, got " + timeout);
        }
        if (!scoring.equals("area") && !scoring.equals("engine")) {
            throw new ParameterException(spec.commandLine(), "--scoring: expected area or engine, got '" + scoring
                    + "'");
        }
        if (engine != null && b != null) {
            throw new ParameterException(spec.commandLine(), "--engine COMMAND is short for --b engine:COMMAND: give "
                    + "one of them");
        }
        String textB = engine != null ? "engine:" + engine : b != null ? b : "random";
        Optional<RunDirectory> dir = runDir != null ? Optional.of(ExistingRun.directory(runDir))
                : Stream.of(a, textB).map(Path::of).filter(p -> Files.isRegularFile(p.resolve("config.yaml")))
                .findFirst().map(ExistingRun::directory);
        PlayerSpec specA = player(a, "--a", dir);
        PlayerSpec specB = player(textB, engine != null ? "--engine" : "--b", dir);
        boolean engines = specA instanceof PlayerSpec.Engine || specB instanceof PlayerSpec.Engine;
        if (engineName != null && !(specB instanceof PlayerSpec.Engine)) {
            throw new ParameterException(spec.commandLine(), "--engine-name names engine B, but B is '" + textB
                    + "'");
        }
        if (scoring.equals("engine") && !engines) {
            throw new ParameterException(spec.commandLine(), "--scoring engine: neither player is an engine");
        }
        RunConfig config = dir.map(ExistingRun::config).orElseGet(() -> bareConfig(specA, specB));
        String preset = preset(config);
        config = backendOption.apply(config.withRules(preset, rules(config, preset)));
        if (timeout != null) {
            config = config.withEngineTimeout(Duration.ofMillis(Math.max(1, Math.round(timeout * 1000))));
        }
        Rules rules = config.rules();
        NetworkRuntime.configure(config.threads());
        if (sgfDir != null) {
            Files.createDirectories(sgfDir);
        }
        int n = games != null ? games : engines ? 20 : 100;
        int slots = parallel != null ? parallel : engines ? 4 : 32;
        RunConfig run = config;
        Agents agents = dir.map(d -> Agents.keepingAutoChoiceIn(run, d.root())).orElseGet(() -> new Agents(run));
        SearchConfig search = searchOptions.apply(config.arena().search());
        List<Outcome> outcomes = new ArrayList<>();
        Map<String, Integer> firstMoves = new TreeMap<>();
        try (Agent pa = agent(agents, specA, search, aSimulations, slots, seed, Optional.empty());
             Agent pb = agent(agents, specB, search, bSimulations, slots, seed + 7919,
                     Optional.ofNullable(engineName))) {
            Referee referee = !scoring.equals("engine") ? Referee.AREA
                    : pb instanceof ExternalPlayer e ? e.engineScoring() : ((ExternalPlayer) pa).engineScoring();
            long start = System.nanoTime();
            Arena.MatchResult r = Arena.play(pa, pb, rules, config.featureSet(), n, slots, opening.opening(seed),
                    referee, record -> {
                        outcomes.add(new Outcome(record.blackPlayer().equals(pa.name()), ending(record, rules)));
                        firstMove(record, rules).ifPresent(vertex -> firstMoves.merge(vertex, 1, Integer::sum));
                        if (sgfDir != null) {
                            GoSgf.save(sgfDir.resolve(String.format(Locale.ROOT, "game-%04d.sgf",
                                    outcomes.size() - 1)), record);
                        }
                    });
            String title = String.format(Locale.ROOT, "%s vs %s on %s, counted by %s", shown(pa, aSimulations),
                    shown(pb, bSimulations), rules.describe(), scoring.equals("engine")
                            ? "the final_score of " + (pb instanceof ExternalPlayer ? pb : pa).name() : "area");
            report(title, r, outcomes, firstMoves, Stream.of(pa, pb).filter(p -> p instanceof ExternalPlayer)
                    .map(p -> (ExternalPlayer) p).toList(), (System.nanoTime() - start) / 1e9);
        }
        return 0;
    }

    /** The player {@code text} of option {@code option}, an engine's program checked; a usage error if none. */
    private PlayerSpec player(String text, String option, Optional<RunDirectory> dir) {
        return checked(option, () -> {
            PlayerSpec player = Agents.parse(text, dir);
            if (player instanceof PlayerSpec.Engine e) {
                EngineCommand.parse(e.command()).program();
            }
            return player;
        });
    }

    /** {@code value}, or a usage error naming {@code option} with the reason it is refused. */
    private <T> T checked(String option, Supplier<T> value) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /**
     * The config of a match without a run: the defaults, and when a player is a checkpoint directory its features,
     * network and board (with a cap of twice its points).
     */
    private static RunConfig bareConfig(PlayerSpec... players) {
        for (PlayerSpec player : players) {
            PlayerSpec checkpoint = player instanceof PlayerSpec.OnBackend o ? o.checkpoint() : player;
            if (checkpoint instanceof PlayerSpec.Checkpoint c) {
                RunConfig config = ExistingRun.ofCheckpoint(c.directory());
                Rules board = config.rules().withSize(config.network().width(), config.network().height());
                return config.withRules(config.rulesPreset(), board.withMaxMoves(2 * board.area()));
            }
        }
        return RunConfig.defaults();
    }

    /** The agent of {@code player}: a search with its own simulations if given, or engine B under its name. */
    private static Agent agent(Agents agents, PlayerSpec player, SearchConfig search, Integer simulations, int slots,
                               long seed, Optional<String> engineName) {
        if (player instanceof PlayerSpec.Engine e) {
            return agents.engine(engineName, EngineCommand.parse(e.command()), slots);
        }
        return agents.create(player, simulations == null ? search : search.toBuilder().simulations(simulations)
                .build(), slots, seed);
    }

    /** A player's name, with its own search budget when it has one. */
    private static String shown(Agent player, Integer simulations) {
        return simulations == null ? player.name() : player.name() + " (" + simulations + " simulations)";
    }

    private String preset(RunConfig config) {
        return rulesName == null ? config.rulesPreset() : checked("--rules", () -> Preset.byName(rulesName).id());
    }

    /**
     * The config's rules with the options applied; another {@code preset} or board starts from the preset's rules.
     */
    private Rules rules(RunConfig config, String preset) {
        Rules start = config.rules();
        int side = size != null ? size : start.width();
        Rules board = preset.equals(config.rulesPreset()) && side == start.width() && side == start.height() ? start
                : checked("--size", () -> Preset.byName(preset).rules(side, side).withMaxMoves(2 * side * side));
        Rules komied = komi == null ? board : checked("--komi", () -> board.withKomi(komi));
        return maxMoves == null ? komied : checked("--max-moves", () -> komied.withMaxMoves(maxMoves));
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

    /** Black's first move after any random opening, as a vertex or {@code pass}; empty in a game of no moves. */
    private static Optional<String> firstMove(GameRecord record, Rules rules) {
        List<GameHistory.Move> moves = record.history().moves();
        if (moves.isEmpty()) {
            return Optional.empty();
        }
        int first = moves.get(0).action();
        return Optional.of(first == rules.passAction() ? "pass"
                : Vertex.format(first % rules.width(), first / rules.width(), rules.height()));
    }

    /** The results table; outcomes are in the order of {@code r.results()}. */
    private void report(String title, Arena.MatchResult r, List<Outcome> outcomes, Map<String, Integer> firstMoves,
                        List<ExternalPlayer> engines, double seconds) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s: %d games in %.1f s%n", title, r.games(), seconds);
        out.printf(Locale.ROOT, "%-12s %6s %6s %6s %6s %7s %8s%n", "", "games", "wins", "draws", "losses", "score",
                "95% CI");
        row(out, r.a(), r);
        for (boolean black : new boolean[] {true, false}) {
            int[] wdl = new int[3];
            for (int i = 0; i < outcomes.size(); i++) {
                if (outcomes.get(i).aBlack() == black) {
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
        endings.forEach((how, n) -> ended.add(how + " " + n + (how.equals("move cap") ? " (counted as they stood)"
                : "")));
        out.println(ended);
        out.println("Black's first move: " + firstMoves);
        for (ExternalPlayer engine : engines) {
            ExternalPlayer.Problems problems = engine.problems();
            out.printf(Locale.ROOT, "%s: %d resignations, %d forfeits (%d illegal moves, %d crashes, timeouts or bad "
                            + "answers; %d engines restarted), %d games stopped by refusing a legal move%n",
                    engine.name(), problems.resignations(), problems.forfeits(), problems.illegalMoves(),
                    problems.failures(), problems.restarts(), problems.refusedMoves());
        }
        out.printf(Locale.ROOT, "match a=%s b=%s games=%d wins=%d losses=%d draws=%d score=%.4f%n", r.a(), r.b(),
                r.games(), r.winsA(), r.winsB(), r.draws(), r.scoreA());
        out.flush();
    }

    private static void row(PrintWriter out, String label, Arena.MatchResult r) {
        out.printf(Locale.ROOT, "%-12s %6d %6d %6d %6d %7.3f %8s%n", label, r.games(), r.winsA(), r.draws(),
                r.winsB(), r.scoreA(), String.format(Locale.ROOT, "+-%.3f", r.ci95()));
    }
}
