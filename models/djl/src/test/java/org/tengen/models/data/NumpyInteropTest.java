package org.tengen.models.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NumPy reads the shards Java writes, and Java reads what NumPy writes. Needs {@code /usr/bin/python3} with numpy
 * (Debian: {@code apt-get install -y python3-numpy}); skipped with a message when missing.
 */
class NumpyInteropTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @TempDir
    Path dir;

    /** Why NumPy cannot be used, or null when it can; checked once. */
    private static String unavailable;

    @BeforeAll
    static void findNumpy() throws InterruptedException {
        if (!Files.isExecutable(PYTHON)) {
            unavailable = PYTHON + " not found";
            return;
        }
        try {
            Result r = run(List.of("-c", "import numpy"));
            if (r.exit != 0) {
                unavailable = "numpy is not importable by " + PYTHON + ": " + r.output.strip();
            }
        } catch (IOException e) {
            unavailable = "cannot run " + PYTHON + ": " + e.getMessage();
        }
    }

    @BeforeEach
    void needsNumpy() {
        assumeTrue(unavailable == null, () -> "skipping NumPy interop: " + unavailable
                + " (on Debian: apt-get install -y python3-numpy)");
    }

    @Test
    void numpyLoadsAShard() throws IOException, InterruptedException {
        TrainingShard shard = TrainingShardTest.sample(5, 17, 9, 9, true);
        Path file = dir.resolve("shard.npz");
        shard.write(file);
        String script = """
                import sys, numpy as np
                z = np.load(sys.argv[1])
                obs, pol, val, own = z["observations"], z["policy"], z["value"], z["ownership"]
                assert obs.shape == (5, 17, 9, 9) and obs.dtype == np.float32, (obs.shape, obs.dtype)
                assert obs.flags.c_contiguous
                flat = obs.reshape(-1)
                expected = (np.arange(flat.size) % 7 == 0).astype(np.float32)
                assert np.array_equal(flat, expected)
                assert pol.shape == (5, 82) and pol.dtype == np.float32
                assert np.allclose(pol.sum(axis=1), 1.0)
                assert pol[3, 3] == 0.75 and pol[0, 81] == 0.25
                assert val.shape == (5,) and val.tolist() == [-1.0, 0.0, 1.0, -1.0, 0.0]
                assert own.shape == (5, 9, 9) and own[1, 0, 2] == ((2 + 1) % 3 - 1)
                assert str(z["feature_set"]) == "az17", z["feature_set"]
                assert z["format_version"].dtype == np.int64 and int(z["format_version"]) == 2
                print("ok")
                """;
        Result r = run(List.of("-c", script, file.toString()));
        assertEquals(0, r.exit, r.output);
        assertEquals("ok", r.output.strip());
    }

    @Test
    void javaReadsWhatNumpyWrites() throws IOException, InterruptedException {
        for (String save : List.of("savez", "savez_compressed")) {
            Path file = dir.resolve(save + ".npz");
            String script = """
                    import sys, numpy as np
                    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 4
                    b = np.array([[-5, 7], [2**40, 0]], dtype=np.int64)
                    np.%s(sys.argv[1], a=a, b=b, t=np.str_("az17"), s=np.float32(2.5))
                    """.formatted(save);
            Result r = run(List.of("-c", script, file.toString()));
            assertEquals(0, r.exit, r.output);
            var arrays = NpzFile.read(file);
            NpyArray.Floats a = (NpyArray.Floats) arrays.get("a");
            assertArrayEquals(new long[] {2, 3, 4}, a.shape());
            for (int i = 0; i < 24; i++) {
                assertEquals(i / 4f, a.data()[i]);
            }
            NpyArray.Longs b = (NpyArray.Longs) arrays.get("b");
            assertArrayEquals(new long[] {-5, 7, 1L << 40, 0}, b.data());
            assertEquals("az17", ((NpyArray.Text) arrays.get("t")).value());
            assertEquals(2.5f, ((NpyArray.Floats) arrays.get("s")).data()[0]);
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(PYTHON.toString());
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "python timed out: " + output);
        }
        return new Result(p.exitValue(), output);
    }
}
