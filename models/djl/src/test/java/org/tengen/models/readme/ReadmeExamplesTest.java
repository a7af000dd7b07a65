package org.tengen.models.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README's DJL, ND4J and RlEnv examples are the code of {@link ReadmeExamples}, and that code works. */
class ReadmeExamplesTest {
    private static final Path README = Path.of("..", "..", "README.md");
    private static final Path SOURCE = Path.of("src/test/java/org/tengen/models/readme/ReadmeExamples.java");

    @ParameterizedTest
    @ValueSource(strings = {"djl-view", "nd4j-view", "rl-env"})
    void theReadmeShowsTheCodeThatRuns(String name) throws IOException {
        Matcher source = Pattern.compile("// <example " + name + ">\\n(.*?)\\n\\s*// </example>", Pattern.DOTALL)
                .matcher(Files.readString(SOURCE));
        assertTrue(source.find(), name + " is not in " + SOURCE);
        Matcher readme = Pattern.compile("<!-- example: " + name + " -->\\n```java\\n(.*?)\\n```", Pattern.DOTALL)
                .matcher(Files.readString(README));
        assertTrue(readme.find(), name + " is not in the README");
        assertEquals(dedent(source.group(1)), readme.group(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"djl-view", "nd4j-view", "rl-env"})
    void theExamplesWork(String name) {
        switch (name) {
            case "djl-view" -> assertEquals(1f, ReadmeExamples.djlView(), "the view shows the step without a copy");
            case "nd4j-view" -> assertEquals(1f, ReadmeExamples.nd4jView(), "the view shows the step without a copy");
            default -> assertTrue(List.of(-1f, 0f, 1f).contains(ReadmeExamples.rlEnv()));
        }
    }

    private static String dedent(String block) {
        List<String> lines = Arrays.asList(block.split("\n", -1));
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        return String.join("\n", lines.stream().map(l -> l.length() >= indent ? l.substring(indent) : l).toList());
    }
}
