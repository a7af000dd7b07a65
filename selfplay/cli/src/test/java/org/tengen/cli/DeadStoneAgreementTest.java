package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.tengen.cli.GtpEngines.engine;
import static org.tengen.cli.GtpEngines.ok;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.game.Game;
import org.tengen.env.testutil.GnuGo;
import org.tengen.gtp.AreaCount;
import org.tengen.gtp.GtpEngine;
import org.tengen.sgf.GoSgf;

/**
 * Slow measurement: the dead stones and final scores of finished games as Tengen's judges see them
 * ({@code gtp --model} with {@code --dead-stones playouts}, the default, and {@code network}, its search-averaged
 * ownership) and as GNU Go does at levels 0 and 10 (its reading differs), with the Tromp-Taylor count of the board as
 * it stands (nothing dead) beside them. For each of 120 finished 9x9 games the engines {@code loadsgf} it and answer
 * {@code final_status_list dead}, and GNU Go {@code final_score}; Tengen's score is the area count without the stones
 * its judge calls dead. Prints, and writes to {@code target/dead-stones.txt}: per judge and GNU Go level, the games
 * whose dead sets agree exactly, the stones judged alike, and the games whose final score (and winner) agree.
 *
 * <p>The games are GNU Go level 0 against itself without {@code --capture-all-dead}, so that dead stones stay on the
 * board, played by {@code tengen match} as for docs/results/9x9.md. Run it with
 * {@code mvn -B test -pl selfplay/cli -am -Dgroups=slow -Dtest=DeadStoneAgreementTest
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("slow")
class DeadStoneAgreementTest {
    private static final Path MODEL = Path.of("../../models/pretrained/9x9").toAbsolutePath().normalize();
    private static final int GAMES = 120;

    /** Agreement of one Tengen judge with GNU Go, summed over games. */
    private static final class Tally {
        final String name;
        int games;
        int sameDeadSets;
        int stones;
        int stonesAlike;
        int gnuDead;
        int bothDead;
        int ownDead;
        int sameScores;
        int sameWinners;

        Tally(String name) {
            this.name = name;
        }

        void add(Set<String> gnu, Set<String> own, Set<String> allStones, String gnuScore, String ownScore) {
            games++;
            sameDeadSets += gnu.equals(own) ? 1 : 0;
            stones += allStones.size();
            for (String stone : allStones) {
                stonesAlike += gnu.contains(stone) == own.contains(stone) ? 1 : 0;
            }
            gnuDead += gnu.size();
            ownDead += own.size();
            bothDead += (int) gnu.stream().filter(own::contains).count();
            sameScores += gnuScore.equalsIgnoreCase(ownScore) ? 1 : 0;
            sameWinners += winner(gnuScore) == winner(ownScore) ? 1 : 0;
        }

        String report() {
            return String.format(Locale.ROOT, "%s: dead sets equal in %d of %d games (%.1f%%); stones judged alike "
                    + "%d of %d (%.1f%%); GNU Go's %d dead stones, %d also dead here, %d dead here; final score "
                    + "equal in %d (%.1f%%), winner equal in %d (%.1f%%)", name, sameDeadSets, games,
                    100.0 * sameDeadSets / games, stonesAlike, stones, 100.0 * stonesAlike / stones, gnuDead, bothDead,
                    ownDead, sameScores, 100.0 * sameScores / games, sameWinners, 100.0 * sameWinners / games);
        }
    }

    @Test
    void deadStonesAndScoresAgainstGnuGo(@TempDir Path tmp) throws IOException {
        assumeTrue(GnuGo.find().isPresent(), GnuGo.MISSING);
        Path dir = gnuGoGames(GnuGo.find().get(), tmp);
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.toString().endsWith(".sgf")).sorted().toList();
        }
        assertEquals(GAMES, files.size(), "games in " + dir);
        GtpEngine playouts = engine("--model", MODEL.toString(), "--seed", "1");
        GtpEngine network = engine("--model", MODEL.toString(), "--seed", "1", "--dead-stones", "network");
        List<String> judges = List.of("playouts (gtp --model " + MODEL.getFileName() + ", the default judge)",
                "network (--dead-stones network, search-averaged ownership)",
                "Tromp-Taylor count as it stands (nothing dead)");
        int[] levels = {0, 10};
        Tally[][] tallies = new Tally[levels.length][judges.size()];
        for (int l = 0; l < levels.length; l++) {
            for (int j = 0; j < judges.size(); j++) {
                tallies[l][j] = new Tally("GNU Go level " + levels[l] + " vs " + judges.get(j));
            }
        }
        StringBuilder games = new StringBuilder("game\tGNU Go 0 dead\tGNU Go 10 dead\tplayouts dead\tnetwork dead\t"
                + "GNU Go 0 score\tGNU Go 10 score\tplayouts score\tnetwork score\traw score\n");
        try (GnuGo level0 = GnuGo.start(1, "--level", "0", "--chinese-rules", "--positional-superko",
                "--allow-suicide");
             GnuGo level10 = GnuGo.start(1, "--level", "10", "--chinese-rules", "--positional-superko",
                "--allow-suicide")) {
            GnuGo[] gnugo = {level0, level10};
            for (Path file : files) {
                List<Set<String>> dead = new ArrayList<>();
                List<String> scores = new ArrayList<>();
                Game game = GoSgf.read(file).history().replay();
                for (GtpEngine engine : new GtpEngine[] {playouts, network}) {
                    ok(engine, "loadsgf " + file);
                    Set<String> judged = vertices(ok(engine, "final_status_list dead"));
                    dead.add(judged);
                    // Counted as GNU Go's final_score is under Chinese rules; Tengen's own final_score counts these
                    // Tromp-Taylor games as they stand.
                    scores.add(AreaCount.without(game, judged));
                }
                dead.add(Set.of());
                scores.add(game.score().result());
                StringBuilder gnuDead = new StringBuilder();
                StringBuilder gnuScores = new StringBuilder();
                for (int l = 0; l < levels.length; l++) {
                    gnugo[l].ok("loadsgf " + file);
                    Set<String> oracle = vertices(gnugo[l].ok("final_status_list dead"));
                    String oracleScore = gnugo[l].ok("final_score");
                    Set<String> stones = vertices(gnugo[l].ok("list_stones black") + " "
                            + gnugo[l].ok("list_stones white"));
                    for (int j = 0; j < judges.size(); j++) {
                        tallies[l][j].add(oracle, dead.get(j), stones, oracleScore, scores.get(j));
                    }
                    gnuDead.append(sorted(oracle)).append('\t');
                    gnuScores.append(oracleScore).append('\t');
                }
                games.append(file.getFileName()).append('\t').append(gnuDead).append(sorted(dead.get(0))).append('\t')
                        .append(sorted(dead.get(1))).append('\t').append(gnuScores)
                        .append(String.join("\t", scores)).append('\n');
            }
        }
        StringBuilder report = new StringBuilder(files.size() + " games against GNU Go 3.8's "
                + "final_status_list dead and final_score:\n");
        for (Tally[] level : tallies) {
            for (Tally tally : level) {
                report.append(tally.report()).append('\n');
                assertEquals(files.size(), tally.games);
            }
        }
        System.out.print(report);
        Files.writeString(Path.of("target/dead-stones.txt"), report + "\n" + games, StandardCharsets.UTF_8);
    }

    /**
     * {@link #GAMES} finished games of GNU Go level 0 against itself (the second with {@code --seed 7}; two random
     * opening moves) under the pretrained model's 9x9 rules, written by {@code tengen match --sgf-dir} under
     * {@code tmp}.
     */
    private static Path gnuGoGames(Path gnugo, Path tmp) throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.copy(MODEL.resolve("config.yaml"), run.resolve("config.yaml"));
        Path games = tmp.resolve("games");
        String engine = "engine:" + gnugo + " --mode gtp --level 0 --chinese-rules --positional-superko "
                + "--allow-suicide";
        CliRun match = CliRun.of("match", "--run-dir", run.toString(), "--a", engine, "--b", engine + " --seed 7",
                "--games", Integer.toString(GAMES), "--parallel", "2", "--random-opening", "2", "--sgf-dir",
                games.toString());
        assertEquals(0, match.code(), match.err());
        return games;
    }

    private static Set<String> vertices(String text) {
        return Arrays.stream(text.trim().split("\\s+")).filter(v -> !v.isEmpty())
                .map(v -> v.toUpperCase(Locale.ROOT)).collect(Collectors.toCollection(HashSet::new));
    }

    private static String sorted(Set<String> vertices) {
        return vertices.isEmpty() ? "-" : vertices.stream().sorted().collect(Collectors.joining(" "));
    }

    /** +1 Black won, -1 White, 0 a tie or anything else. */
    private static int winner(String score) {
        String s = score.trim().toUpperCase(Locale.ROOT);
        return s.startsWith("B+") ? 1 : s.startsWith("W+") ? -1 : 0;
    }

}
