package org.tengen.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Mutates valid inputs at the byte level: bit flips, random and special bytes, truncation, deletion, duplication,
 * and splices of tokens from a format's dictionary (syntax, odd numbers), a few stacked per input.
 */
public final class Mutator {
    /** Numbers that break naive parsing: signs, overflow, exponents, non-finite values. */
    public static final List<String> ODD_NUMBERS = List.of("0", "-1", "-0", "1", "2147483647", "2147483648",
            "-2147483649", "9223372036854775808", "99999999999999999999999", "1e308", "1e309", "-1e309", "NaN",
            "Infinity", "-Infinity", "0x10", "1_000", "0.5", ".5", "5.", "1e-400", "+3", "٣", "");

    private final List<byte[]> tokens;

    /** A mutator splicing in these tokens besides {@link #ODD_NUMBERS}. */
    public Mutator(List<String> dictionary) {
        tokens = java.util.stream.Stream.concat(dictionary.stream(), ODD_NUMBERS.stream())
                .map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** {@code input} with 1 to 4 random mutations. */
    public byte[] mutate(byte[] input, Random random) {
        byte[] out = input;
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            out = once(out, random);
        }
        return out;
    }

    private byte[] once(byte[] in, Random random) {
        int at = random.nextInt(in.length + 1);
        int end = at + random.nextInt(Math.min(in.length - at, 64) + 1);
        return switch (random.nextInt(8)) {
            case 0 -> flip(in, at, 1 << random.nextInt(8));
            case 1 -> replace(in, at, at + 1, new byte[] {(byte) random.nextInt(256)});
            case 2 -> replace(in, at, at + 1, new byte[] {special(random)});
            case 3 -> Arrays.copyOf(in, at);
            case 4 -> replace(in, at, end, new byte[0]);
            case 5 -> replace(in, at, at, Arrays.copyOfRange(in, at, end));
            case 6 -> replace(in, at, at, token(random));
            default -> replace(in, at, end, token(random));
        };
    }

    private static byte special(Random random) {
        byte[] specials = {0, '\n', '\r', '\t', 127, (byte) 0xC3, (byte) 0xFF, (byte) 0xEF, '\\', '"', '#', ' '};
        return specials[random.nextInt(specials.length)];
    }

    private byte[] token(Random random) {
        return tokens.get(random.nextInt(tokens.size()));
    }

    private static byte[] flip(byte[] in, int at, int bit) {
        if (at == in.length) {
            return in;
        }
        byte[] out = in.clone();
        out[at] ^= (byte) bit;
        return out;
    }

    /** {@code in} with bytes {@code [from, to)} replaced by {@code with}. */
    private static byte[] replace(byte[] in, int from, int to, byte[] with) {
        to = Math.min(to, in.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + with.length);
        out.write(in, 0, from);
        out.write(with, 0, with.length);
        out.write(in, to, in.length - to);
        return out.toByteArray();
    }
}
