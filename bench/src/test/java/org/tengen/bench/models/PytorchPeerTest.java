package org.tengen.bench.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tengen.models.learn.TrainConfig;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

/**
 * bench/pytorch-learner-peer.py, the PyTorch peer of the learner benchmark, builds Tengen's network: the same
 * parameters, shape by shape, for every option and head size. Needs {@code /usr/bin/python3} with PyTorch (Debian:
 * {@code apt-get install -y python3-torch}); skipped with a message when missing.
 */
class PytorchPeerTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Path PEER = Path.of("pytorch-learner-peer.py").toAbsolutePath().normalize();

    /** Why the peer cannot run, or null when it can; checked once. */
    private static String unavailable;

    @BeforeAll
    static void findTorch() throws InterruptedException {
        try {
            Result r = run(List.of(PYTHON.toString(), "-c", "import torch"));
            if (r.exit != 0) {
                unavailable = "torch is not importable by " + PYTHON + ": " + r.output.strip();
            }
        } catch (IOException e) {
            unavailable = "cannot run " + PYTHON + ": " + e.getMessage();
        }
    }

    @BeforeEach
    void needsTorch() {
        assumeTrue(unavailable == null, () -> "skipping the PyTorch peer: " + unavailable
                + " (on Debian: apt-get install -y python3-torch)");
    }

    @Test
    void thePeerHasTengensParametersShapeByShape() throws Exception {
        List<NetConfig> configs = List.of(
                ModelBenchmark.MEDIUM,                                  // what bench --learner trains by default
                new NetConfig(17, 9, 9, 6, 64, true, true, false),      // configs/9x9.yaml's network
                new NetConfig(5, 7, 5, 3, 16, true, true, true),        // odd block count, every head, not square
                new NetConfig(3, 5, 5, 1, 6, false, true, true));       // head sizes at their minimums (4 and 16)
        for (NetConfig config : configs) {
            Result r = run(peer(config, "--shapes"));
            assertEquals(0, r.exit, r.output);
            List<String> peer = r.output.lines().sorted().toList();
            try (PolicyValueNet net = PolicyValueNet.create(config)) {
                List<String> tengen = new ArrayList<>();
                net.model().getBlock().getParameters().forEach(p -> {
                    if (p.getValue().requiresGradient()) {
                        tengen.add(Arrays.stream(p.getValue().getArray().getShape().getShape())
                                .mapToObj(Long::toString).collect(Collectors.joining(" ")));
                    }
                });
                assertEquals(tengen.stream().sorted().toList(), peer, config.describe());
                long count = peer.stream().mapToLong(s -> Arrays.stream(s.split(" ")).mapToLong(Long::parseLong)
                        .reduce(1, (a, b) -> a * b)).sum();
                assertEquals(net.parameterCount(), count, config.describe());
            }
        }
    }

    @Test
    void thePeerTrainsAndReportsItsParametersAndRate() throws Exception {
        NetConfig config = new NetConfig(3, 5, 5, 2, 8, true, true, true);
        List<String> command = peer(config);
        command.addAll(List.of("--batch=4", "--seconds=0.01", "--rounds=1"));
        Result r = run(command);
        assertEquals(0, r.exit, r.output);
        Matcher m = Pattern.compile("params=(\\d+) train_steps_per_s=([0-9.]+)$").matcher(r.output.strip());
        assertTrue(m.find(), r.output);
        try (PolicyValueNet net = PolicyValueNet.create(config)) {
            assertEquals(net.parameterCount(), Long.parseLong(m.group(1)));
        }
        assertTrue(Double.parseDouble(m.group(2)) > 0, r.output);
    }

    /** The peer's command for {@code config}, trained as {@link ModelBenchmark#TRAINING}, one thread. */
    private static List<String> peer(NetConfig config, String... more) {
        TrainConfig t = ModelBenchmark.TRAINING;
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), PEER.toString(),
                "--blocks=" + config.blocks(), "--channels=" + config.channels(), "--planes=" + config.inputPlanes(),
                "--width=" + config.width(), "--height=" + config.height(), "--gpool=" + config.globalPooling(),
                "--own=" + config.ownershipHead(), "--score=" + config.scoreHead(), "--batch=8", "--threads=1",
                "--optimizer=" + t.optimizer().name().toLowerCase(Locale.ROOT), "--lr=" + t.learningRate(),
                "--momentum=" + t.momentum(), "--l2=" + t.l2(), "--value-weight=" + t.valueWeight(),
                "--ownership-weight=" + t.ownershipWeight(), "--score-weight=" + t.scoreWeight(), "--seconds=1",
                "--rounds=1"));
        command.addAll(List.of(more));
        return command;
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        return new Result(p.exitValue(), output);
    }
}
