package org.tengen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.Optional;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.env.game.Vertex;
import org.tengen.search.SearchConfig;
import org.tengen.sgf.GoSgf;
import org.tengen.run.Agents;
import org.tengen.run.RunConfig;
import org.tengen.run.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tengen eval}: a match between two players of a run, with a win rate and its interval. */
@Command(name = "eval", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Play a match between two players with alternating colours and report the score.",
            "Players: " + PlayerSpec.FORMS + "."})
final class EvalCommand implements Callable<Integer> {
    @Mixin
    private RunOptions run;

    @Option(names = "--a", paramLabel = "PLAYER", defaultValue = "latest",
            description = "First player (default: ${DEFAULT-VALUE}).")
    private String a;

    @Option(names = "--b", paramLabel = "PLAYER", defaultValue = "random",
            description = "Second player (default: ${DEFAULT-VALUE}).")
    private String b;

    @Option(names = "--games", paramLabel = "N", defaultValue = "100",
            description = "Games to play; A takes Black in even-numbered games (default: ${DEFAULT-VALUE}).")
    private int games;

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

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "32",
            description = "Games played at once, batching network evaluations (default: ${DEFAULT-VALUE}).")
    private int parallel;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--sgf-dir", paramLabel = "DIR", description = "Write every game as SGF into this directory.")
    private Path sgfDir;

    @Override
    public Integer call() throws Exception {
        if (games < 1 || parallel < 1 || aSimulations != null && aSimulations < 1
                || bSimulations != null && bSimulations < 1) {
            throw new IllegalArgumentException("--games, --parallel and --a/--b-simulations must be at least 1");
        }
        RunDirectory dir = run.directory();
        RunConfig config = backendOption.apply(RunOptions.config(dir));
        NetworkRuntime.configure(config.threads());
        SearchConfig search = searchOptions.apply(config.arena().search());
        Agents agents = Agents.keepingAutoChoiceIn(config, dir.root());
        PlayerSpec specA = Agents.parse(a, Optional.of(dir));
        PlayerSpec specB = Agents.parse(b, Optional.of(dir));
        if (sgfDir != null) {
            Files.createDirectories(sgfDir);
        }
        int[] n = {0};
        java.util.Map<String, Integer> firstMoves = new java.util.TreeMap<>();
        SearchConfig searchA = aSimulations == null ? search : search.toBuilder().simulations(aSimulations).build();
        SearchConfig searchB = bSimulations == null ? search : search.toBuilder().simulations(bSimulations).build();
        try (Agent pa = agents.create(specA, searchA, parallel, seed);
             Agent pb = agents.create(specB, searchB, parallel, seed + 7919)) {
            long start = System.nanoTime();
            Arena.MatchResult r = Arena.play(pa, pb, config.rules(), config.featureSet(), games, parallel,
                    opening.opening(seed), Referee.AREA, record -> {
                if (!record.history().moves().isEmpty()) {
                    int first = record.history().moves().get(0).action();
                    String vertex = first == config.rules().passAction() ? "pass" : Vertex.format(
                            first % config.rules().width(), first / config.rules().width(), config.rules().height());
                    firstMoves.merge(vertex, 1, Integer::sum);
                }
                if (sgfDir != null) {
                    GoSgf.save(sgfDir.resolve(String.format(Locale.ROOT, "game-%04d.sgf", n[0]++)), record);
                }
            });
            double seconds = (System.nanoTime() - start) / 1e9;
            String nameA = aSimulations == null ? pa.name() : pa.name() + " (" + aSimulations + " simulations)";
            String nameB = bSimulations == null ? pb.name() : pb.name() + " (" + bSimulations + " simulations)";
            System.out.printf(Locale.ROOT, "%s vs %s on %s: %d games, %d wins, %d losses, %d draws (%d cut by the "
                    + "move cap and counted as they stood)%n", nameA, nameB, config.rules().describe(), r.games(),
                    r.winsA(), r.winsB(), r.draws(), r.cut());
            System.out.printf(Locale.ROOT, "score of %s: %.3f +- %.3f (95%%), %.1f s%n", nameA, r.scoreA(),
                    r.ci95(), seconds);
            System.out.println("Black's first move: " + firstMoves);
            System.out.printf(Locale.ROOT, "eval a=%s b=%s games=%d wins=%d losses=%d draws=%d score=%.4f%n",
                    pa.name(), pb.name(), r.games(), r.winsA(), r.winsB(), r.draws(), r.scoreA());
        }
        return 0;
    }
}
