package org.tengen.models.data;

import java.util.Arrays;

/**
 * One array as stored in a {@code .npy} file: little-endian, C order. The records share their Java arrays (no
 * copy); {@code shape} is copied.
 */
public sealed interface NpyArray permits NpyArray.Floats, NpyArray.Longs, NpyArray.Text {
    /** NumPy's type string, e.g. {@code <f4}. */
    String descr();

    /** Dimensions; empty for a scalar. */
    long[] shape();

    /** float32 values ({@code <f4}). */
    record Floats(float[] data, long[] shape) implements NpyArray {
        public Floats {
            shape = checkedShape(shape, data.length);
        }

        @Override
        public String descr() {
            return "<f4";
        }

        @Override
        public long[] shape() {
            return shape.clone();
        }
    }

    /** int64 values ({@code <i8}). */
    record Longs(long[] data, long[] shape) implements NpyArray {
        public Longs {
            shape = checkedShape(shape, data.length);
        }

        /** A 0-d int64 array. */
        public static Longs scalar(long value) {
            return new Longs(new long[] {value}, new long[0]);
        }

        @Override
        public String descr() {
            return "<i8";
        }

        @Override
        public long[] shape() {
            return shape.clone();
        }
    }

    /** A 0-d unicode string ({@code <U}n, UTF-32LE, as {@code numpy.str_}). */
    record Text(String value) implements NpyArray {
        public Text {
            if (value.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("NumPy strings cannot hold NUL characters");
            }
        }

        @Override
        public String descr() {
            return "<U" + Math.max(1, value.codePointCount(0, value.length()));
        }

        @Override
        public long[] shape() {
            return new long[0];
        }
    }

    /** Number of elements in {@code shape} (1 for a scalar). */
    static long elementCount(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    private static long[] checkedShape(long[] shape, int length) {
        long[] copy = shape.clone();
        if (elementCount(copy) != length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(copy) + " holds " + elementCount(copy)
                    + " elements but the data has " + length);
        }
        return copy;
    }
}
