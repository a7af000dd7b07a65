package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Rules;
import org.tengen.testutil.NodeJs;

/**
 * Sabaki's own GTP controller, the npm package {@code @sabaki/gtp}, drives {@code tengen gtp --player mcts-rollout}
 * and {@code tengen gtp --model models/pretrained/5x5} (script {@code sabaki-gtp.js}): a whole 5x5 game by genmove, with live analysis on the way ({@code kata-analyze},
 * {@code lz-analyze} and Sabaki's {@code analyze}, each interrupted by the next command as Sabaki does) and one
 * {@code kata-genmove_analyze}. Every reply must reach the controller whole, parse as KataGo's or Leela Zero's
 * grammar (with the network, {@code kata-analyze ... ownership true} carries 25 ownership values in [-1, 1]; without,
 * none), and the game must replay legally to the score the engine counts. Skips without node or the package
 * ({@link NodeJs}).
 */
class SabakiGtpTest {
    private static final String VERTEX = "[A-E][1-5]|pass";
    private static final String DECIMAL = "-?\\d+\\.\\d+";

    /** The engines: the rollout player (no ownership) and the pretrained 5x5 network (an ownership head). */
    static Stream<Arguments> engines() {
        String model = Path.of("../../models/pretrained/5x5").toAbsolutePath().normalize().toString();
        return Stream.of(Arguments.of(List.of("--player", "mcts-rollout"), false),
                Arguments.of(List.of("--model", model, "--symmetry", "none"), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void sabakisControllerPlaysAGameWithLiveAnalysis(List<String> player, boolean ownership, @TempDir Path dir)
            throws Exception {
        Optional<NodeJs> node = NodeJs.with("@sabaki/gtp");
        assumeTrue(node.isPresent(), NodeJs.missing("@sabaki/gtp", "@sabaki/gtp@3.0.0"));
        Path script = dir.resolve("sabaki-gtp.js");
        try (InputStream in = SabakiGtpTest.class.getResourceAsStream("/sabaki-gtp.js")) {
            Files.copy(in, script);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // A rollout search that would run far longer than the analysis lasts, and quick genmoves.
        List<String> arguments = new ArrayList<>(List.of(script.toString(), java, "-cp",
                System.getProperty("java.class.path"), "org.tengen.cli.Main", "gtp"));
        arguments.addAll(player);
        arguments.addAll(List.of("--simulations", "40", "--max-simulations", "100000", "--seed", "5"));
        NodeJs.Result result = node.get().run(dir, arguments, Duration.ofSeconds(180));
        assertEquals(0, result.exitCode(), result.stderr() + "\n" + result.stdout());
        List<String[]> facts = result.stdout().lines().map(l -> l.split(" ")).toList();

        // The analyses: streamed replies that ended cleanly, their last lines in each engine's grammar.
        Map<String, String> interrupters = Map.of("kata-analyze", "name", "lz-analyze", "protocol_version",
                "analyze", "version");
        for (String command : interrupters.keySet()) {
            String[] reply = find(facts, "reply", command).get(0);
            assertEquals("error=false", reply[2], command);
            assertTrue(Integer.parseInt(reply[3].substring("lines=".length())) >= 2, command + ": " + reply[3]);
            checkInfo(command, find(facts, "info", command));
            String[] owned = find(facts, "ownership", command).get(0);
            if (ownership && !command.equals("lz-analyze")) {
                // kata-analyze asks for it (Sabaki's analyze does too when it shows ownership; here it does not).
                assertEquals(command.equals("kata-analyze") ? 2 + 25 : 2, owned.length, String.join(" ", owned));
                for (int i = 2; i < owned.length; i++) {
                    assertTrue(owned[i].matches(DECIMAL) && Math.abs(Double.parseDouble(owned[i])) <= 1, owned[i]);
                }
            } else {
                assertEquals(2, owned.length, "no ownership without a network: " + String.join(" ", owned));
            }
            String[] interrupt = find(facts, "interrupt", interrupters.get(command)).get(0);
            assertEquals("=", interrupt[2], String.join(" ", interrupt));
        }
        assertEquals("= Tengen", String.join(" ", Arrays.copyOfRange(find(facts, "interrupt", "name").get(0), 2, 4)));
        assertEquals("= 2", String.join(" ", Arrays.copyOfRange(find(facts, "interrupt", "protocol_version").get(0),
                2, 4)));

        // The game: legal all the way, ended by two passes (or a resignation), scored as we count it.
        Game game = new Game(Rules.trompTaylor(5).withKomi(0.5));
        List<String[]> moves = facts.stream().filter(f -> f[0].equals("move")).toList();
        assertTrue(moves.size() >= 6, "the game reached the genmove_analyze: " + moves.size());
        for (String[] move : moves) {
            if (move[2].equals("resign")) {
                game.resign(game.toMove());
                break;
            }
            assertTrue(move[2].matches(VERTEX), move[2]);
            assertEquals(move[1].equals("B") ? org.tengen.env.board.Stone.BLACK : org.tengen.env.board.Stone.WHITE,
                    game.toMove());
            game.play(Vertex.parse(move[2], 5, 5));
        }
        assertTrue(game.isOver(), "the game ended");
        if (!moves.get(moves.size() - 1)[2].equals("resign")) {
            assertEquals(1, find(facts, "dead", null).size(), "final_status_list answered");
            assertEquals(game.score().result(), find(facts, "score", null).get(0)[1],
                    "Tromp-Taylor: the area of the board as it stands, dead stones included");
        }
        String[] genmoveAnalyze = find(facts, "reply", "kata-genmove_analyze").get(0);
        assertEquals("error=false", genmoveAnalyze[2]);
        assertEquals(moves.get(5)[2], find(facts, "play", null).get(0)[1], "genmove_analyze's move was played");
    }

    /** The facts of a kind (and for a command), in order. */
    private static List<String[]> find(List<String[]> facts, String kind, String command) {
        List<String[]> found = new ArrayList<>();
        for (String[] f : facts) {
            if (f[0].equals(kind) && (command == null || f[1].equals(command))) {
                found.add(f);
            }
        }
        assertFalse(found.isEmpty(), "no '" + kind + (command == null ? "" : " " + command) + "' line");
        return found;
    }

    /** {@code info COMMAND ORDER MOVE VISITS WINRATE PRIOR PV...} per candidate of one analysis line. */
    private static void checkInfo(String command, List<String[]> infos) {
        boolean lz = command.equals("lz-analyze");
        int previousVisits = Integer.MAX_VALUE;
        for (int order = 0; order < infos.size(); order++) {
            String[] info = infos.get(order);
            String text = String.join(" ", info);
            assertEquals(Integer.toString(order), info[2], text);
            assertTrue(info[3].matches(VERTEX), text);
            int visits = Integer.parseInt(info[4]);
            assertTrue(visits <= previousVisits, "most visited first: " + text);
            previousVisits = visits;
            for (String value : List.of(info[5], info[6])) {
                if (lz) {
                    assertTrue(value.matches("\\d+") && Integer.parseInt(value) <= 10_000, text);
                } else {
                    assertTrue(value.matches(DECIMAL) && Double.parseDouble(value) <= 1, text);
                }
            }
            assertTrue(info.length > 7 && info[7].equals(info[3]), "the pv starts with the move: " + text);
        }
    }
}
