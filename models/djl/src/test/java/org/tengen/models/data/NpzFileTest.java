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

    /**
     * A single-bit flip anywhere in an entry's stored data is caught, by the CRC-32 check or by the inflater (flips
     * in header fields the reader ignores, such as the local header's time, are harmless).
     */
    @org.junit.jupiter.api.Test
    void aFlippedBitIsReportedNotRead(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("shard.npz");
        float[] data = new float[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 3;
        }
        java.util.Map<String, NpyArray> arrays = new java.util.LinkedHashMap<>();
        arrays.put("observations", new NpyArray.Floats(data, new long[] {data.length}));
        NpzFile.write(file, arrays);
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        long compressed;
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(file.toFile())) {
            compressed = zip.getEntry("observations.npy").getCompressedSize();
        }
        // The first entry's data follows its 30-byte local header, name and extra field.
        int start = 30 + (bytes[26] & 0xff | (bytes[27] & 0xff) << 8) + (bytes[28] & 0xff | (bytes[29] & 0xff) << 8);
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int trial = 0; trial < 20; trial++) {
            byte[] damaged = bytes.clone();
            int at = start + random.nextInt((int) compressed);
            damaged[at] ^= (byte) (1 << random.nextInt(8));
            Path bad = tmp.resolve("bad-" + trial + ".npz");
            java.nio.file.Files.write(bad, damaged);
            IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> NpzFile.read(bad),
                    "bit flipped at byte " + at);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
        }
    }
}
