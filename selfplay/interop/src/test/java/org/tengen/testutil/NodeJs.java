package org.tengen.testutil;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Node.js for the tests that check Tengen against independent npm packages (Sabaki's {@code @sabaki/sgf} and
 * {@code @sabaki/gtp}). Those tests skip when {@code node} is not on the PATH or the package does not resolve from
 * {@code NODE_PATH}, or else from {@code ${java.io.tmpdir}/tengen-sabaki/node_modules}, where {@code .ci/run} installs
 * them: {@code npm install --prefix /tmp/tengen-sabaki @sabaki/sgf@3.4.7 @sabaki/gtp@3.0.0}.
 */
public final class NodeJs {
    /** What node printed and how it ended. */
    public record Result(int exitCode, String stdout, String stderr) {
    }

    private final Path node;
    private final String modulePath;

    private NodeJs(Path node, String modulePath) {
        this.node = node;
        this.modulePath = modulePath;
    }

    /** Node with {@code module} resolvable, or empty; {@link #missing} says why. */
    public static Optional<NodeJs> with(String module) {
        Optional<Path> node = findNode();
        if (node.isEmpty()) {
            return Optional.empty();
        }
        NodeJs nodeJs = new NodeJs(node.get(), System.getenv("NODE_PATH") != null ? System.getenv("NODE_PATH")
                : Path.of(System.getProperty("java.io.tmpdir"), "tengen-sabaki", "node_modules").toString());
        try {
            Result r = nodeJs.run(Path.of("."), List.of("-e", "require.resolve('" + module + "')"),
                    Duration.ofSeconds(60));
            return r.exitCode() == 0 ? Optional.of(nodeJs) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The skip message of a test that needs {@code module} (with its pinned version) and cannot have it. */
    public static String missing(String module, String pinned) {
        return findNode().isEmpty() ? "node is not on the PATH: skipping the " + module + " check"
                : module + " is not installed (npm install --prefix /tmp/tengen-sabaki " + pinned
                        + ", or set NODE_PATH): skipping the check";
    }

    private static Optional<Path> findNode() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "node");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Runs node with {@code args} in {@code dir}, killing it after {@code timeout} (exit code -1). */
    public Result run(Path dir, List<String> args, Duration timeout) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(node.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("NODE_PATH", modulePath);
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                return new Result(-1, out.join(), err.join());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted", e);
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
