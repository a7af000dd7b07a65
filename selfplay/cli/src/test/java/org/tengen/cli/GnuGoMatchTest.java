package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.testutil.GnuGo;
import org.tengen.env.testutil.GtpClient;

/**
 * {@code tengen gtp --model} (a tiny random network) plays a whole 5x5 game against GNU Go, both over pipes as a
 * controller such as gogui-twogtp would run them: every command succeeds on both sides, both score the end.
 */
class GnuGoMatchTest {

    @Test
    void theModelEnginePlaysAFullGameAgainstGnuGo(@TempDir Path tmp) throws Exception {
        assumeTrue(GnuGo.find().isPresent(), GnuGo.MISSING);
        Path checkpoint = TinyCheckpoint.create(tmp.resolve("tiny"));
        Path log = tmp.resolve("tengen.log");
        try (GnuGo them = GnuGo.start(1, "--level", "0");
             GtpClient us = tengen(log, "--model", checkpoint.toString(), "--rules", "simple-ko", "--seed", "1",
                     "--max-simulations", "24", "--time-margin", "0.1")) {
            for (String setup : new String[] {"boardsize 5", "clear_board", "komi 7.5", "time_settings 30 0 0"}) {
                them.ok(setup);
                us.ok(setup);
            }
            int passes = 0;
            int turn = 0;
            for (; passes < 2 && turn < 150; turn++) {
                boolean ours = turn % 2 == 0;
                String colour = ours ? "b" : "w";
                String move = ours ? us.ok("genmove b") : them.ok("genmove w");
                if (move.equalsIgnoreCase("resign")) {
                    break;
                }
                (ours ? them : us).ok("play " + colour + " " + move);
                passes = move.equalsIgnoreCase("pass") ? passes + 1 : 0;
            }
            String ourScore = us.ok("final_score");
            String theirScore = them.ok("final_score");
            assertTrue(ourScore.matches("0|[BW]\\+\\d+(\\.5)?"), ourScore);
            assertTrue(theirScore.matches("0|[BW]\\+\\d+(\\.5)?"), theirScore);
            us.ok("final_status_list dead");
            them.ok("final_status_list dead");
            us.quit();
            them.quit();
            System.out.println("tengen vs GNU Go: " + turn + " turns, tengen says " + ourScore + ", GNU Go says "
                    + theirScore);
        } finally {
            if (Files.exists(log)) {
                System.out.println(Files.readString(log).lines().limit(5).reduce("", (a, b) -> a + b + "\n"));
            }
        }
    }

    /** {@code tengen gtp ARGS} in its own JVM on this test's class path, its log written to {@code log}. */
    private static GtpClient tengen(Path log, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = Stream.concat(Stream.of(java, "-cp", System.getProperty("java.class.path"),
                "org.tengen.cli.Main", "gtp"), Arrays.stream(args)).toArray(String[]::new);
        return new GtpClient("tengen", new ProcessBuilder(command).redirectError(log.toFile()));
    }
}
