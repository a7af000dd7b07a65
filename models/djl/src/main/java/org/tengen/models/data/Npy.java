package org.tengen.models.data;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .npy} format (NumPy's {@code numpy.lib.format}): a magic string, a version, a Python-literal header
 * dict padded so the data starts on a 64-byte boundary, then the raw little-endian data in C order. Writes version
 * 1.0; reads 1.0, 2.0 and 3.0 headers. Data is streamed through a small buffer, never copied whole.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int ALIGN = 64;
    private static final int CHUNK = 1 << 16;
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");
    private static final Pattern UNICODE = Pattern.compile("<U(\\d+)");

    private Npy() {
    }

    /** Writes {@code array} as a complete {@code .npy} file to {@code out} (not closed). */
    public static void write(NpyArray array, OutputStream out) throws IOException {
        out.write(header(array));
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        if (array instanceof NpyArray.Floats f) {
            float[] data = f.data();
            for (int off = 0; off < data.length; off += CHUNK / Float.BYTES) {
                int n = Math.min(CHUNK / Float.BYTES, data.length - off);
                chunk.clear();
                chunk.asFloatBuffer().put(data, off, n);
                out.write(chunk.array(), 0, n * Float.BYTES);
            }
        } else if (array instanceof NpyArray.Longs l) {
            long[] data = l.data();
            for (int off = 0; off < data.length; off += CHUNK / Long.BYTES) {
                int n = Math.min(CHUNK / Long.BYTES, data.length - off);
                chunk.clear();
                chunk.asLongBuffer().put(data, off, n);
                out.write(chunk.array(), 0, n * Long.BYTES);
            }
        } else if (array instanceof NpyArray.Text t) {
            int[] codePoints = t.value().codePoints().toArray();
            ByteBuffer bytes = ByteBuffer.allocate(4 * Math.max(1, codePoints.length)).order(ByteOrder.LITTLE_ENDIAN);
            bytes.asIntBuffer().put(codePoints);
            out.write(bytes.array());
        }
    }

    /** Reads one {@code .npy} file from {@code in}; {@code name} only labels errors. */
    public static NpyArray read(InputStream in, String name) throws IOException {
        byte[] magic = readFully(in, MAGIC.length + 2, name);
        if (!Arrays.equals(Arrays.copyOf(magic, MAGIC.length), MAGIC)) {
            throw new IOException(name + " is not a .npy array (bad magic)");
        }
        int major = magic[MAGIC.length];
        int headerLength = switch (major) {
            case 1 -> ByteBuffer.wrap(readFully(in, 2, name)).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xffff;
            case 2, 3 -> ByteBuffer.wrap(readFully(in, 4, name)).order(ByteOrder.LITTLE_ENDIAN).getInt();
            default -> throw new IOException(name + ": unsupported .npy version " + major);
        };
        String header = new String(readFully(in, headerLength, name),
                major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        String descr = group(DESCR, header, name, "descr");
        if (group(FORTRAN, header, name, "fortran_order").equals("True")) {
            throw new IOException(name + " is in Fortran order; only C order is supported");
        }
        long[] shape = parseShape(group(SHAPE, header, name, "shape"), name);
        long count = NpyArray.elementCount(shape);
        if (count > Integer.MAX_VALUE - 8) {
            throw new IOException(name + " has " + count + " elements, more than a Java array holds");
        }
        int n = (int) count;
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        switch (descr) {
            case "<f4" -> {
                float[] data = new float[n];
                for (int off = 0; off < n; off += CHUNK / Float.BYTES) {
                    int k = Math.min(CHUNK / Float.BYTES, n - off);
                    fill(in, chunk, k * Float.BYTES, name).asFloatBuffer().get(data, off, k);
                }
                return new NpyArray.Floats(data, shape);
            }
            case "<i8" -> {
                long[] data = new long[n];
                for (int off = 0; off < n; off += CHUNK / Long.BYTES) {
                    int k = Math.min(CHUNK / Long.BYTES, n - off);
                    fill(in, chunk, k * Long.BYTES, name).asLongBuffer().get(data, off, k);
                }
                return new NpyArray.Longs(data, shape);
            }
            default -> {
                Matcher unicode = UNICODE.matcher(descr);
                if (!unicode.matches() || shape.length != 0) {
                    throw new IOException(name + " has type " + descr + Arrays.toString(shape)
                            + "; supported: <f4, <i8 arrays and <U scalars");
                }
                int chars = Integer.parseInt(unicode.group(1));
                int[] codePoints = new int[chars];
                ByteBuffer.wrap(readFully(in, 4 * chars, name)).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                        .get(codePoints);
                int length = chars;
                while (length > 0 && codePoints[length - 1] == 0) {
                    length--;
                }
                return new NpyArray.Text(new String(codePoints, 0, length));
            }
        }
    }

    /** The magic, version 1.0, header length and header dict, padded with spaces to the 64-byte alignment. */
    static byte[] header(NpyArray array) {
        StringBuilder dict = new StringBuilder("{'descr': '").append(array.descr())
                .append("', 'fortran_order': False, 'shape': (");
        long[] shape = array.shape();
        for (int i = 0; i < shape.length; i++) {
            dict.append(i == 0 ? "" : " ").append(shape[i]).append(',');
        }
        if (shape.length > 1) {
            dict.setLength(dict.length() - 1);
        }
        dict.append("), }");
        int unpadded = MAGIC.length + 2 + 2 + dict.length() + 1;
        dict.append(" ".repeat((ALIGN - unpadded % ALIGN) % ALIGN)).append('\n');
        byte[] text = dict.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (text.length > 0xffff) {
            throw new IllegalArgumentException("a .npy 1.0 header holds at most 65535 bytes, got " + text.length);
        }
        ByteBuffer header = ByteBuffer.allocate(MAGIC.length + 4 + text.length).order(ByteOrder.LITTLE_ENDIAN);
        header.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) text.length).put(text);
        return header.array();
    }

    private static long[] parseShape(String dims, String name) throws IOException {
        String[] parts = dims.split(",");
        long[] shape = new long[parts.length];
        int n = 0;
        for (String part : parts) {
            if (!part.isBlank()) {
                try {
                    shape[n++] = Long.parseLong(part.strip().replace("L", ""));
                } catch (NumberFormatException e) {
                    throw new IOException(name + ": bad shape (" + dims + ")");
                }
            }
        }
        return Arrays.copyOf(shape, n);
    }

    private static String group(Pattern pattern, String header, String name, String key) throws IOException {
        Matcher m = pattern.matcher(header);
        if (!m.find()) {
            throw new IOException(name + ": .npy header has no '" + key + "': " + header.strip());
        }
        return m.group(1);
    }

    /** Reads exactly {@code n} bytes into the start of {@code chunk}, returned ready to read. */
    private static ByteBuffer fill(InputStream in, ByteBuffer chunk, int n, String name) throws IOException {
        if (in.readNBytes(chunk.array(), 0, n) != n) {
            throw new EOFException(name + " is truncated");
        }
        return chunk.clear().limit(n);
    }

    private static byte[] readFully(InputStream in, int n, String name) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length != n) {
            throw new EOFException(name + " is truncated");
        }
        return bytes;
    }
}
