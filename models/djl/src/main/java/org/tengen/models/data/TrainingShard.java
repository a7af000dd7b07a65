package org.tengen.models.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tengen.models.eval.InputSpec;

/**
 * A batch of training positions, stored as one {@code .npz} file with float32 arrays
 * {@code observations [N, planes, height, width]}, {@code policy [N, actions]} (search visit distribution, pass
 * last), {@code value [N]} (game outcome from the point of view of the player to move), optional
 * {@code ownership [N, height, width]} (final owner of each point from the same point of view: +1 the player to
 * move, -1 the opponent), optional {@code score [N]} (final area margin with komi from the same point of view),
 * plus {@code feature_set} (the {@code <U} id of the planes) and {@code format_version}
 * (int64 scalar, {@value #FORMAT_VERSION}). NaN marks a target that is not known: value, ownership and score of a
 * game cut short by the move cap, ownership and score of a resigned game (format 1 has no NaN). Arrays are flat, row-major, and shared with the caller (not copied).
 *
 * <p>In Python: {@code z = numpy.load("shard.npz"); z["observations"].shape == (N, planes, height, width)}.
 *
 * @param spec         the planes and board size (its feature set id is stored too)
 * @param count        positions, at least 1
 * @param observations {@code count * spec.observationSize()} floats
 * @param policy       {@code count * spec.actionCount()} floats
 * @param value        {@code count} floats
 * @param ownership    {@code count * width * height} floats, or null when the producer has none
 * @param score        {@code count} floats, or null when the producer has none
 */
public record TrainingShard(InputSpec spec, int count, float[] observations, float[] policy, float[] value,
        float[] ownership, float[] score) {
    /** Bumped whenever the meaning or layout of a stored array changes. */
    public static final long FORMAT_VERSION = 2;

    public TrainingShard {
        if (count < 1) {
            throw new IllegalArgumentException("a shard holds at least 1 position, got " + count);
        }
        int area = spec.width() * spec.height();
        checkLength("observations", observations, (long) count * spec.observationSize());
        checkLength("policy", policy, (long) count * spec.actionCount());
        checkLength("value", value, count);
        if (ownership != null) {
            checkLength("ownership", ownership, (long) count * area);
        }
        if (score != null) {
            checkLength("score", score, count);
        }
    }

    /** Whether the shard carries ownership targets. */
    public boolean hasOwnership() {
        return ownership != null;
    }

    /** Writes this shard to {@code path} atomically (temporary file, then rename). */
    public void write(Path path) throws IOException {
        long n = count;
        Map<String, NpyArray> arrays = new LinkedHashMap<>();
        arrays.put("observations", new NpyArray.Floats(observations,
                new long[] {n, spec.planes(), spec.height(), spec.width()}));
        arrays.put("policy", new NpyArray.Floats(policy, new long[] {n, spec.actionCount()}));
        arrays.put("value", new NpyArray.Floats(value, new long[] {n}));
        if (ownership != null) {
            arrays.put("ownership", new NpyArray.Floats(ownership, new long[] {n, spec.height(), spec.width()}));
        }
        if (score != null) {
            arrays.put("score", new NpyArray.Floats(score, new long[] {n}));
        }
        arrays.put("feature_set", new NpyArray.Text(spec.featureSet()));
        arrays.put("format_version", NpyArray.Longs.scalar(FORMAT_VERSION));
        NpzFile.write(path, arrays);
    }

    /** Reads a shard written by {@link #write} (or by NumPy with the same arrays). */
    public static TrainingShard read(Path path) throws IOException {
        Map<String, NpyArray> arrays = NpzFile.read(path);
        long version = get(arrays, "format_version", NpyArray.Longs.class, path).data()[0];
        if (version != 1 && version != FORMAT_VERSION) {
            throw new IOException(path + " is training-shard format " + version + "; this build reads "
                    + "1 and " + FORMAT_VERSION);
        }
        NpyArray.Floats obs = get(arrays, "observations", NpyArray.Floats.class, path);
        long[] shape = obs.shape();
        if (shape.length != 4) {
            throw new IOException(path + ": observations must be [N, planes, height, width], got "
                    + Arrays.toString(shape));
        }
        String featureSet = get(arrays, "feature_set", NpyArray.Text.class, path).value();
        InputSpec spec = new InputSpec(featureSet, (int) shape[1], (int) shape[3], (int) shape[2]);
        NpyArray.Floats ownership = arrays.containsKey("ownership")
                ? get(arrays, "ownership", NpyArray.Floats.class, path) : null;
        NpyArray.Floats score = arrays.containsKey("score") ? get(arrays, "score", NpyArray.Floats.class, path) : null;
        try {
            return new TrainingShard(spec, (int) shape[0], obs.data(),
                    get(arrays, "policy", NpyArray.Floats.class, path).data(),
                    get(arrays, "value", NpyArray.Floats.class, path).data(),
                    ownership == null ? null : ownership.data(), score == null ? null : score.data());
        } catch (IllegalArgumentException e) {
            throw new IOException(path + ": " + e.getMessage(), e);
        }
    }

    private static <T extends NpyArray> T get(Map<String, NpyArray> arrays, String name, Class<T> type, Path path)
            throws IOException {
        NpyArray array = arrays.get(name);
        if (array == null) {
            throw new IOException(path + " has no '" + name + "' array (found " + arrays.keySet() + ")");
        }
        if (!type.isInstance(array)) {
            throw new IOException(path + ": '" + name + "' has type " + array.descr() + ", expected "
                    + type.getSimpleName());
        }
        return type.cast(array);
    }

    private static void checkLength(String name, float[] data, long expected) {
        if (data.length != expected) {
            throw new IllegalArgumentException(name + " has " + data.length + " floats, expected " + expected);
        }
    }
}
