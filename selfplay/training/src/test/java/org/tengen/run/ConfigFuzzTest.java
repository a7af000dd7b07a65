package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.config.ConfigException;
import org.tengen.fuzz.Fuzz;
import org.tengen.fuzz.Mutator;

/**
 * Mutated run configs (lines deleted, duplicated, swapped or re-indented, values of the wrong type, negative, huge,
 * garbage or binary, keys changed, bytes mutated) either load or fail with a {@link ConfigException} whose message
 * is one line naming the file: never another exception, never a hang. 300 configs in the default run, 2,000 in the
 * {@code slow} group (see {@link Fuzz} for the command).
 */
class ConfigFuzzTest {
    private static final List<String> VALUES = List.of("-1", "0", "1e9", "99999999999999999999", "-2147483648",
            ".nan", ".inf", "-.inf", "true", "null", "~", "''", "\"\"", "[]", "{}", "[1, [2]]", "{a: 1}", "abc",
            "0x7fffffff", "0o17", "1_000", "2001-12-14", "!!binary aGVsbG8=", "!!set {a, b}", "!!timestamp 2001-12-14",
            "&a [*a]", "*nope", "\"\\u0000\"", "\u00ff\u00fe", "'x\ny'", "|\n  block", ">-", "- a", "? x");
    private static final Mutator MUTATOR = new Mutator(List.of(":", ": ", "\n", "  ", "- ", "#", "[", "]", "{",
            "}", "&x ", "*x", "!!", "!!str ", "!!int ", "!!float ", "!!map ", "\"", "'", "\t", "---", "...", "%YAML 1.1",
            "size: ", "komi: ", "game:", "search:", "simulations: ", "<<: ", "? "));

    @TempDir
    Path tmp;

    @Test
    void mutatedConfigsLoadOrFailWithAConfigException() throws Exception {
        fuzz(300);
    }

    @Tag("slow")
    @Test
    void manyMutatedConfigsLoadOrFailWithAConfigException() throws Exception {
        fuzz(2_000);
    }

    private void fuzz(int configs) throws Exception {
        List<List<String>> corpus = List.of(lines("quick-5x5.yaml"), lines("9x9.yaml"), lines("19x19.yaml"));
        Fuzz.run("config", configs, Duration.ofSeconds(10), (random, trial) -> {
            List<String> lines = new ArrayList<>(corpus.get(random.nextInt(corpus.size())));
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                mutateLine(lines, random);
            }
            byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            if (random.nextInt(3) == 0) {
                bytes = MUTATOR.mutate(bytes, random);
            }
            Path file = tmp.resolve("config.yaml");
            Files.write(file, bytes);
            trial.input(new String(bytes, StandardCharsets.UTF_8));
            try {
                RunConfig.load(file);
            } catch (ConfigException e) {
                assertTrue(e.getMessage().startsWith(file.toString()) || e.getMessage().contains(" " + file),
                        "the message names the file: " + e.getMessage());
                assertFalse(e.getMessage().contains("\n"), "the message is one line: " + e.getMessage());
            }
        });
    }

    private static List<String> lines(String config) throws Exception {
        Path file = Path.of(System.getProperty("user.dir")).resolve("../../configs").resolve(config);
        return Files.readAllLines(file);
    }

    /** One line-level mutation: delete, duplicate, swap, re-indent, or a key or value replaced. */
    private static void mutateLine(List<String> lines, Random random) {
        if (lines.isEmpty()) {
            lines.add(VALUES.get(random.nextInt(VALUES.size())));
            return;
        }
        int i = random.nextInt(lines.size());
        String line = lines.get(i);
        int colon = line.indexOf(':');
        switch (random.nextInt(6)) {
            case 0 -> lines.remove(i);
            case 1 -> lines.add(i, line);
            case 2 -> lines.set(i, lines.set(random.nextInt(lines.size()), line));
            case 3 -> lines.set(i, " ".repeat(random.nextInt(5)) + line.strip());
            case 4 -> {
                if (colon > 0) {
                    String key = line.substring(0, colon);
                    String changed = switch (random.nextInt(3)) {
                        case 0 -> key + "x";
                        case 1 -> key.toUpperCase(java.util.Locale.ROOT);
                        default -> key.substring(0, Math.max(key.indexOf(key.strip()), key.length() - 1));
                    };
                    lines.set(i, changed + line.substring(colon));
                }
            }
            default -> {
                if (colon > 0) {
                    String value = random.nextBoolean() ? VALUES.get(random.nextInt(VALUES.size()))
                            : Mutator.ODD_NUMBERS.get(random.nextInt(Mutator.ODD_NUMBERS.size()));
                    lines.set(i, line.substring(0, colon + 1) + " " + value);
                }
            }
        }
    }
}
