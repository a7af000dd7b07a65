package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A role started without {@code --cache} keeps its models in a temporary folder, which goes when the role stops. */
class RoleCacheTest {
    @Test
    void anActorsTemporaryCacheIsDeletedWhenItStops(@TempDir Path tmp) throws Exception {
        Path config = Files.writeString(tmp.resolve("roles.yaml"), RoleProcesses.CONFIG);
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        Path log = tmp.resolve("actor.log");
        // No learner: the actor makes its cache, then waits for a first model until it is stopped.
        Process actor = RoleProcesses.start(log, Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + javaTmp),
                "actor", "--store", tmp.resolve("store").toString(), "--config", config.toString(), "--id", "a1",
                "--poll-seconds", "0.2");
        try {
            RoleProcesses.waitFor(() -> !caches(javaTmp).isEmpty(), Duration.ofMinutes(2), "the actor's cache", log);
            assertTrue(actor.isAlive(), Files.readString(log));
        } finally {
            actor.destroy(); // SIGTERM, as Ctrl-C, systemd or Kubernetes stop it
            assertTrue(actor.waitFor(2, TimeUnit.MINUTES), "the actor stops");
        }
        assertEquals(List.of(), caches(javaTmp), Files.readString(log));
    }

    private static List<Path> caches(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("tengen-actor-")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
