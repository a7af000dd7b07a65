package org.tengen.models.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.models.eval.InputSpec;

/** Training shards round-trip through .npz in Java; {@link NumpyInteropTest} checks NumPy reads them. */
class TrainingShardTest {
    @TempDir
    Path dir;

    /** A shard whose every value encodes where it is, so any transposition or offset shows. */
    static TrainingShard sample(int count, int planes, int width, int height, boolean ownership) {
        InputSpec spec = new InputSpec("az17", planes, width, height);
        float[] obs = new float[count * spec.observationSize()];
        for (int i = 0; i < obs.length; i++) {
            obs[i] = i % 7 == 0 ? 1f : 0f;
        }
        float[] policy = new float[count * spec.actionCount()];
        float[] value = new float[count];
        float[] own = ownership ? new float[count * width * height] : null;
        for (int n = 0; n < count; n++) {
            policy[n * spec.actionCount() + n % spec.actionCount()] = 0.75f;
            policy[n * spec.actionCount() + spec.actionCount() - 1] += 0.25f;
            value[n] = n % 3 - 1;
            if (own != null) {
                for (int a = 0; a < width * height; a++) {
                    own[n * width * height + a] = (a + n) % 3 - 1;
                }
            }
        }
        return new TrainingShard(spec, count, obs, policy, value, own, null);
    }

    @ParameterizedTest(name = "{0} positions, {1} planes {2}x{3}, ownership {4}")
    @CsvSource({"1, 3, 3, 3, false", "5, 17, 9, 9, true", "3, 4, 7, 5, true", "64, 17, 19, 19, false"})
    void shardsRoundTrip(int count, int planes, int width, int height, boolean ownership) throws IOException {
        TrainingShard shard = sample(count, planes, width, height, ownership);
        Path file = dir.resolve("shard.npz");
        shard.write(file);
        TrainingShard back = TrainingShard.read(file);
        assertEquals(shard.spec(), back.spec());
        assertEquals(count, back.count());
        assertArrayEquals(shard.observations(), back.observations());
        assertArrayEquals(shard.policy(), back.policy());
        assertArrayEquals(shard.value(), back.value());
        assertEquals(ownership, back.hasOwnership());
        if (ownership) {
            assertArrayEquals(shard.ownership(), back.ownership());
        } else {
            assertNull(back.ownership());
        }
        Map<String, NpyArray> raw = NpzFile.read(file);
        assertArrayEquals(new long[] {count, planes, height, width}, raw.get("observations").shape());
        assertArrayEquals(new long[] {count, width * height + 1}, raw.get("policy").shape());
        assertArrayEquals(new long[] {count}, raw.get("value").shape());
    }

    @Test
    void wrongSizesAreRejected() throws IOException {
        InputSpec spec = new InputSpec("az17", 2, 3, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TrainingShard(spec, 2, new float[36], new float[19], new float[2], null, null));
        assertTrue(e.getMessage().contains("policy has 19 floats, expected 20"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new TrainingShard(spec, 0, new float[0], new float[0], new float[0], null, null));
        Path file = dir.resolve("other.npz");
        NpzFile.write(file, Map.of("value", new NpyArray.Floats(new float[1], new long[] {1})));
        IOException missing = assertThrows(IOException.class, () -> TrainingShard.read(file));
        assertTrue(missing.getMessage().contains("no 'format_version'"), missing.getMessage());
    }
}
