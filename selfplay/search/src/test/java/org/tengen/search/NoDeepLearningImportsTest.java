package org.tengen.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The search must only see the pure-Java Evaluator interface, never DJL. */
class NoDeepLearningImportsTest {

    @Test
    void searchSourcesDoNotMentionDjl() throws IOException {
        Path sources = Path.of("src/main/java/org/tengen/search");
        assertTrue(Files.isDirectory(sources), "run from the selfplay module: " + sources.toAbsolutePath());
        List<String> offenders;
        try (Stream<Path> files = Files.walk(sources)) {
            offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(NoDeepLearningImportsTest::mentionsDjl)
                    .map(Path::toString)
                    .collect(Collectors.toList());
        }
        assertEquals(List.of(), offenders, "org.tengen.search must not use ai.djl");
    }

    private static boolean mentionsDjl(Path file) {
        try {
            return Files.readAllLines(file).stream().anyMatch(line -> line.contains("ai.djl"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }
}
