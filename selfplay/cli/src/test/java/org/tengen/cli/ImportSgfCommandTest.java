package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import-sgf} and {@code predict-sgf} on a few games, and their one-line errors. */
class ImportSgfCommandTest {

    private static Path games(Path tmp) throws IOException {
        Path in = Files.createDirectories(tmp.resolve("games"));
        Files.writeString(in.resolve("a.sgf"), "(;GM[1]SZ[5]KM[0.5]RE[B+24.5];B[cc];W[];B[])");
        Files.writeString(in.resolve("b.sgf"), "(;GM[1]SZ[5]KM[0.5]RE[W+R];B[aa];W[cc];B[bb])");
        Files.writeString(in.resolve("c.sgf"), "(;GM[1]SZ[9]KM[7.5];B[ee])");
        Files.writeString(in.resolve("bad.sgf"), "(;GM[1]SZ[5];B[cc]");
        return in;
    }

    @Test
    void importsGamesIntoShardsAndMeasuresAModelOnThem(@TempDir Path tmp) throws IOException {
        Path in = games(tmp);
        CliRun r = CliRun.of("import-sgf", in.toString(), "--out", tmp.resolve("out").toString(), "--features", "az5",
                "--size", "5");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("imported 2 games from 4 files: 6 positions in 1 shards, 1 games with "
                + "ownership and score targets; skipped 2, 1 malformed, 1 on board 9x9 (az5, 5x5) in "), r.out());
        assertEquals("skipped " + in.resolve("bad.sgf") + ": line 1, column 19: expected ')' to close the game "
                + "tree opened at line 1, column 1, found end of input\n", r.err().replace("\r", ""));
        assertTrue(Files.isRegularFile(tmp.resolve("out/shard-00000-2g.npz")));

        Path model = TinyCheckpoint.create(tmp.resolve("model"));
        CliRun e = CliRun.of("predict-sgf", "--model", model.toString(), in.toString());
        assertEquals(0, e.code(), e.err());
        assertTrue(e.out().startsWith(model + ": 2 games, 6 positions: top-1 move agreement "), e.out());
        assertTrue(e.out().contains("value sign right at ") && e.out().contains(" of 6 positions with a winner"),
                e.out());
    }

    @Test
    void mistakesGetOneLine(@TempDir Path tmp) throws IOException {
        Path in = games(tmp);
        String out = tmp.resolve("out").toString();
        String[][] usage = {
            {"import-sgf", in.toString(), "--out", out, "--size", "9x"},
            {"import-sgf", in.toString(), "--out", out, "--features", "az4"},
            {"import-sgf", in.toString()},
        };
        String[] expected = {
            "error: --size: expected N or WxH, got '9x'",
            "error: --features: unknown feature set 'az4' (known: " + org.tengen.env.features.FeatureSets.KNOWN + ")",
            "error: Missing required option: '--out=DIR'",
        };
        for (int i = 0; i < usage.length; i++) {
            CliRun r = CliRun.of(usage[i]);
            assertEquals(2, r.code(), String.join(" ", usage[i]));
            assertEquals(expected[i], r.err().lines().findFirst().orElse(""));
        }
        CliRun missing = CliRun.of("import-sgf", tmp.resolve("nowhere").toString(), "--out", out);
        assertEquals(1, missing.code());
        assertEquals("error: " + tmp.resolve("nowhere") + " is neither an SGF file nor a directory\n",
                missing.err().replace("\r", ""));
        CliRun noModel = CliRun.of("predict-sgf", "--model", tmp.toString(), in.toString());
        assertEquals(2, noModel.code());
        assertEquals("error: --model: " + tmp + " is neither a checkpoint (no checkpoint.yaml) nor a run directory "
                + "(no config.yaml)", noModel.err().lines().findFirst().orElse(""));
    }
}
