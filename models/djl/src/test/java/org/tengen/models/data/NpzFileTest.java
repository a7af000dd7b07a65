package org.tengen.models.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The .npy/.npz format as NumPy defines it, written and read back in Java. */
class NpzFileTest {
    @TempDir
    Path dir;

    @Test
    void headerIsNumpyStyleAndAligned() {
        byte[] header = Npy.header(new NpyArray.Floats(new float[6], new long[] {2, 3}));
        assertEquals(0, header.length % 64);
        assertEquals((byte) 0x93, header[0]);
        assertEquals("NUMPY", new String(header, 1, 5, StandardCharsets.ISO_8859_1));
        assertEquals(1, header[6]);
        assertEquals(0, header[7]);
        String dict = new String(header, 10, header.length - 10, StandardCharsets.ISO_8859_1);
        assertTrue(dict.startsWith("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), dict);
        assertTrue(dict.endsWith("\n"));
        assertTrue(new String(Npy.header(new NpyArray.Floats(new float[4], new long[] {4})),
                StandardCharsets.ISO_8859_1).contains("'shape': (4,)"));
        assertTrue(new String(Npy.header(NpyArray.Longs.scalar(1)), StandardCharsets.ISO_8859_1)
                .contains("'descr': '<i8', 'fortran_order': False, 'shape': ()"));
    }

    @Test
    void floatsAreLittleEndianAfterTheHeader() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NpyArray.Floats one = new NpyArray.Floats(new float[] {1f}, new long[] {1});
        Npy.write(one, out);
        int start = Npy.header(one).length;
        byte[] data = Arrays.copyOfRange(out.toByteArray(), start, start + 4);
        assertArrayEquals(new byte[] {0, 0, (byte) 0x80, 0x3f}, data, "1.0f little-endian");
    }

    @Test
    void arraysRoundTripThroughAFile() throws IOException {
        float[] big = new float[100_003]; // several streaming chunks, odd tail
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 0.5f - 7f;
        }
        long[] longs = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, 42};
        Map<String, NpyArray> arrays = new LinkedHashMap<>();
        arrays.put("big", new NpyArray.Floats(big, new long[] {100_003}));
        arrays.put("longs", new NpyArray.Longs(longs, new long[] {2, 3}));
        arrays.put("scalar", new NpyArray.Floats(new float[] {3.25f}, new long[0]));
        arrays.put("name", new NpyArray.Text("az17 \u00e9\u2603\ud83d\ude00"));
        arrays.put("empty", new NpyArray.Text(""));
        Path file = dir.resolve("sub/arrays.npz");
        NpzFile.write(file, arrays);

        Map<String, NpyArray> back = NpzFile.read(file);
        assertEquals(List.copyOf(arrays.keySet()), List.copyOf(back.keySet()));
        NpyArray.Floats bigBack = (NpyArray.Floats) back.get("big");
        assertArrayEquals(big, bigBack.data());
        assertArrayEquals(new long[] {100_003}, bigBack.shape());
        NpyArray.Longs longsBack = (NpyArray.Longs) back.get("longs");
        assertArrayEquals(longs, longsBack.data());
        assertArrayEquals(new long[] {2, 3}, longsBack.shape());
        assertEquals(0, back.get("scalar").shape().length);
        assertEquals("az17 \u00e9\u2603\ud83d\ude00", ((NpyArray.Text) back.get("name")).value());
        assertEquals("", ((NpyArray.Text) back.get("empty")).value());
    }

    @Test
    void writeIsAtomicAndLeavesNoTemporaryFiles() throws IOException {
        Path file = dir.resolve("shard.npz");
        NpzFile.write(file, Map.of("a", new NpyArray.Floats(new float[] {1}, new long[] {1})));
        NpzFile.write(file, Map.of("b", new NpyArray.Floats(new float[] {2}, new long[] {1})));
        assertEquals(List.of("b"), List.copyOf(NpzFile.read(file).keySet()), "the second write replaced the first");
        assertThrows(IllegalArgumentException.class,
                () -> NpzFile.write(file, Map.of("bad/name", NpyArray.Longs.scalar(1))));
        assertEquals(List.of("b"), List.copyOf(NpzFile.read(file).keySet()), "a failed write leaves the old file");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void badInputIsReportedClearly() throws IOException {
        assertThrows(IllegalArgumentException.class, () -> new NpyArray.Floats(new float[5], new long[] {2, 3}));
        Path notZip = Files.writeString(dir.resolve("x.npz"), "hello");
        IOException e = assertThrows(IOException.class, () -> NpzFile.read(notZip));
        assertTrue(e.getMessage().contains("not a readable .npz"), e.getMessage());
        IOException magic = assertThrows(IOException.class,
                () -> Npy.read(new ByteArrayInputStream("not numpy at all".getBytes(StandardCharsets.UTF_8)), "x"));
        assertTrue(magic.getMessage().contains("bad magic"), magic.getMessage());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Npy.write(new NpyArray.Floats(new float[8], new long[] {8}), out);
        byte[] truncated = Arrays.copyOf(out.toByteArray(), out.size() - 4);
        assertThrows(IOException.class, () -> Npy.read(new ByteArrayInputStream(truncated), "t"));
        assertFalse(Files.exists(dir.resolve("missing.npz")));
        assertThrows(IOException.class, () -> NpzFile.read(dir.resolve("missing.npz")));
    }
}
