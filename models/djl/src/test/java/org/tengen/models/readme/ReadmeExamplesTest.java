package org.tengen.models.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java examples of the documentation (README.md and every page under docs/) are the code of
 * {@link ReadmeExamples}, and that code works. A Java block in the documentation must be marked
 * {@code <!-- example: NAME -->}, so none goes unchecked.
 */
class ReadmeExamplesTest {
    private static final Path ROOT = Path.of("..", "..");
    private static final Path SOURCE = Path.of("src/test/java/org/tengen/models/readme/ReadmeExamples.java");
    private static final Pattern SOURCE_EXAMPLE =
            Pattern.compile("// <example ([a-z0-9-]+)>\\n(.*?)\\n\\s*// </example>", Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)$", Pattern.MULTILINE);
    private static final Pattern MARKED =
            Pattern.compile("<!-- example: ([a-z0-9-]+) -->\\n```java\\n(.*?)\\n```", Pattern.DOTALL);

    /** The documentation's Markdown files: README.md and docs/**.md. */
    static List<Path> documents() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** The examples of {@link ReadmeExamples} by name, dedented as a page shows them. */
    static Map<String, String> sourceExamples() throws IOException {
        Map<String, String> examples = new LinkedHashMap<>();
        Matcher m = SOURCE_EXAMPLE.matcher(Files.readString(SOURCE));
        while (m.find()) {
            assertEquals(null, examples.put(m.group(1), dedent(m.group(2))), "two examples named " + m.group(1));
        }
        return examples;
    }

    /** The marked Java blocks of the documentation by name, each with the file it is in. */
    static Map<String, List<String[]>> documentedExamples() throws IOException {
        Map<String, List<String[]>> found = new LinkedHashMap<>();
        for (Path file : documents()) {
            Matcher m = MARKED.matcher(Files.readString(file));
            while (m.find()) {
                found.computeIfAbsent(m.group(1), k -> new ArrayList<>())
                        .add(new String[] {ROOT.relativize(file).toString(), m.group(2)});
            }
        }
        return found;
    }

    static Stream<String> examples() {
        try {
            return sourceExamples().keySet().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyJavaBlockOfTheDocumentationIsAMarkedExample() throws IOException {
        int javaBlocks = 0;
        for (Path file : documents()) {
            String text = Files.readString(file);
            Matcher fence = FENCE.matcher(text);
            boolean open = false;
            while (fence.find()) {
                if (!open && fence.group(1).equals("java")) {
                    javaBlocks++;
                    String before = text.substring(0, fence.start());
                    assertTrue(before.matches("(?s).*<!-- example: [a-z0-9-]+ -->\\n"), file + ": the Java block at "
                            + "offset " + fence.start() + " is not marked <!-- example: NAME --> on the line before it");
                }
                open = !open;
            }
            assertFalse(open, file + ": a code block is not closed");
        }
        int marked = documentedExamples().values().stream().mapToInt(List::size).sum();
        assertEquals(javaBlocks, marked, "every Java block is a marked example");
        assertTrue(marked >= 4, "the environment page shows the VecEnv, DJL, ND4J and RlEnv examples");
    }

    @Test
    void theDocumentationShowsEachExampleOnceAndNoOther() throws IOException {
        Map<String, List<String[]>> documented = documentedExamples();
        Map<String, String> source = sourceExamples();
        for (Map.Entry<String, List<String[]>> e : documented.entrySet()) {
            assertTrue(source.containsKey(e.getKey()), e.getValue().get(0)[0] + " shows example " + e.getKey()
                    + ", which is not in " + SOURCE);
            assertEquals(1, e.getValue().size(), "example " + e.getKey() + " is shown more than once: "
                    + e.getValue().stream().map(f -> f[0]).toList());
        }
        for (String name : source.keySet()) {
            assertTrue(documented.containsKey(name), "example " + name + " of " + SOURCE + " is on no page");
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void theDocumentationShowsTheCodeThatRuns(String name) throws IOException {
        List<String[]> shown = documentedExamples().get(name);
        assertTrue(shown != null, name + " is on no page");
        assertEquals(sourceExamples().get(name), shown.get(0)[1], shown.get(0)[0] + ", example " + name);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void theExamplesWork(String name) {
        switch (name) {
            case "vec-env" -> assertTrue(ReadmeExamples.vecEnv() >= 256, "256 random games end");
            case "vec-env-groups" -> assertTrue(ReadmeExamples.vecEnvGroups() >= 100_000, "groups handed back");
            case "djl-view" -> assertEquals(1f, ReadmeExamples.djlView(), "the view shows the step without a copy");
            case "nd4j-view" -> assertEquals(1f, ReadmeExamples.nd4jView(), "the view shows the step without a copy");
            case "rl-env" -> assertTrue(List.of(-1f, 0f, 1f).contains(ReadmeExamples.rlEnv()));
            default -> fail("example " + name + " runs in no test: add it here");
        }
    }

    private static String dedent(String block) {
        List<String> lines = Arrays.asList(block.split("\n", -1));
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        return String.join("\n", lines.stream().map(l -> l.length() >= indent ? l.substring(indent) : l).toList());
    }
}
