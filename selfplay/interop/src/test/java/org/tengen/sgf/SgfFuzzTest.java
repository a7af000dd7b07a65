package org.tengen.sgf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.tengen.env.game.Game;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.fuzz.Fuzz;
import org.tengen.fuzz.Mutator;

/**
 * Mutated SGF files either read as a game, which then writes back as SGF that reads again to the same text, or fail
 * with an {@link SgfException} (what {@code loadsgf} turns into a {@code ?} reply): never another exception, never
 * a hang. 2,000 files in the default run, 20,000 in the {@code slow} group (see {@link Fuzz} for the command).
 */
class SgfFuzzTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/sgf");
    private static final Mutator MUTATOR = new Mutator(List.of("(", ")", ";", "[", "]", "\\", ":", "(;", ")(",
            "[]", "B[", "W[", "B[]", "W[tt]", "B[zz]", "B[aa]", "B[ZZ]", "AB[", "AW[", "AE[", "AB[aa:ss]",
            "AW[aa:zz]", "AB[ss:aa]", "AE[aa:tt]", "SZ[", "SZ[1]", "SZ[52]", "SZ[53]", "SZ[0]", "SZ[-5]", "SZ[7:5]",
            "SZ[52:1]", "SZ[3:0]", "KM[", "KM[1e308]", "KM[-7.25]", "KM[NaN]", "HA[", "HA[9]", "HA[400]", "HA[-2]",
            "PL[", "PL[B]", "PL[X]", "RU[", "RU[Japanese]", "RU[AGA]", "RU[nz]", "GM[2]", "FF[", "FF[3]", "CA[",
            "CA[UTF-16]", "CA[Big5]", "CA[nonsense]", "C[", "RE[", "RE[B+R]", "RE[W+1e9]", "TB[aa]", "MN[-1]",
            "\u00e9", "\ufeff", "AddBlack[", "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ["));

    @Test
    void mutatedFilesReadOrFailWithAnSgfException() throws Exception {
        fuzz(2_000);
    }

    @Tag("slow")
    @Test
    void manyMutatedFilesReadOrFailWithAnSgfException() throws Exception {
        fuzz(20_000);
    }

    private static void fuzz(int files) throws Exception {
        List<byte[]> corpus = corpus();
        Fuzz.run("SGF", files, Duration.ofSeconds(10), (random, trial) -> {
            byte[] bytes = MUTATOR.mutate(corpus.get(random.nextInt(corpus.size())), random);
            trial.input(new String(bytes, StandardCharsets.ISO_8859_1));
            GameRecord record;
            try {
                record = GoSgf.parse(SgfParser.decode(bytes));
            } catch (SgfException e) {
                assertFalse(e.getMessage().isBlank(), "an SGF error says what is wrong");
                return;
            }
            String written = GoSgf.format(record);
            assertEquals(written, GoSgf.format(GoSgf.parse(written)), "a game read writes back stably");
        });
    }

    /** The golden files and generated games on odd boards, with handicap, set-up, comments and passes. */
    private static List<byte[]> corpus() throws IOException {
        List<byte[]> corpus = new ArrayList<>();
        try (var files = Files.list(GOLDEN)) {
            for (Path f : files.sorted().toList()) {
                corpus.add(Files.readAllBytes(f));
            }
        }
        List<Rules> rules = List.of(Rules.trompTaylor(5), Preset.AGA.rules(9, 9).withHandicap(3,
                HandicapPlacement.FIXED), Preset.NZ.rules(7, 3), Rules.trompTaylor(1), Preset.CHINESE.rules(19, 19),
                Preset.SIMPLE_KO.rules(2, 9).withKomi(-3.5));
        for (int i = 0; i < rules.size(); i++) {
            String sgf = GoSgf.format(RandomRecords.play(new Game(rules.get(i)), i, 80).record());
            corpus.add(sgf.getBytes(StandardCharsets.UTF_8));
        }
        corpus.add("(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[cg]PL[W];W[ee]C[a \\] b];B[]"
                .concat("(;W[dd];B[tt])(;W[aa]))").getBytes(StandardCharsets.UTF_8));
        return corpus;
    }
}
