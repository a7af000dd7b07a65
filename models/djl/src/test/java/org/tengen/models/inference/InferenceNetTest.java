package org.tengen.models.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.testing.Inputs;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;

class InferenceNetTest {
    private static final NetConfig NET = new NetConfig(3, 5, 5, 2, 8, true, true, true);

    @TempDir
    Path tmp;

    @Test
    void bothBackendsLoadACheckpointAndAgree() {
        Path dir = saved("t");
        // A 7x7 board although the net was made on 5x5: both backends run any board size.
        InputSpec spec = new InputSpec("t", 3, 7, 7);
        int batch = 4;
        float[][] libtorch = evaluate(dir, InferenceBackend.LIBTORCH, spec, batch);
        float[][] onnx = evaluate(dir, InferenceBackend.ONNX, spec, batch);
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < libtorch[k].length; i++) {
                // Relative for scores, which are tens of points: float rounding alone differs by 1e-5 there.
                assertEquals(libtorch[k][i], onnx[k][i], 1e-5f * Math.max(1, Math.abs(libtorch[k][i])),
                        "output " + k + " entry " + i);
            }
        }
    }

    @Test
    void autoIsOnnxWhereOnnxRuntimeLoads() {
        // This machine (linux-x64) has ONNX Runtime's natives in the jar.
        assertEquals(InferenceBackend.ONNX, InferenceBackend.AUTO.resolve());
        assertEquals(InferenceBackend.LIBTORCH, InferenceBackend.LIBTORCH.resolve());
    }

    @Test
    void int8NeedsKnownFeaturesAndAutoThenStaysFp32() {
        Path dir = saved("t");
        CheckpointException e = assertThrows(CheckpointException.class,
                () -> InferenceNet.load(dir, NET, InferenceBackend.INT8, 1));
        assertTrue(e.getMessage().startsWith("cannot derive the int8 model of " + dir + ": "), e.getMessage());
        try (InferenceNet net = InferenceNet.load(dir, NET, InferenceBackend.AUTO, 1)) {
            assertEquals(InferenceBackend.ONNX, net.backend());
        }
    }

    @Test
    void theInt8ModelIsKeptBesideTheCheckpointReusedAndDerivedAgainWhenDamagedOrStale() throws Exception {
        Path dir = saved("az3");
        String name = Int8Net.fileName(Int8Net.weightRange());
        Path model = dir.resolve(name);
        Path record = dir.resolve(name + ".yaml");
        load(dir, InferenceBackend.INT8);
        byte[] derived = Files.readAllBytes(model);
        assertTrue(Files.readString(record).contains("sourceSha256: " + Checkpoints.read(dir).onnxSha256()));
        assertTrue(Checkpoints.readDerived(dir, name).isPresent());

        // Reused: not written again (an old time stays).
        FileTime old = FileTime.fromMillis(0);
        Files.setLastModifiedTime(model, old);
        load(dir, InferenceBackend.INT8);
        load(dir, InferenceBackend.AUTO);
        assertEquals(old, Files.getLastModifiedTime(model));

        // Damaged: refused, then derived again (deterministic on one CPU) and kept whole.
        byte[] damaged = derived.clone();
        damaged[damaged.length / 2] ^= 1;
        Files.write(model, damaged);
        CheckpointException e = assertThrows(CheckpointException.class, () -> Checkpoints.readDerived(dir, name));
        assertTrue(e.getMessage().contains("corrupt or replaced"), e.getMessage());
        load(dir, InferenceBackend.INT8);
        assertArrayEquals(derived, Files.readAllBytes(model));

        // Derived from another model (the record names another source): derived again.
        Files.writeString(record, Files.readString(record).replace(Checkpoints.read(dir).onnxSha256(), "f00d"));
        assertThrows(CheckpointException.class, () -> Checkpoints.readDerived(dir, name));
        Files.setLastModifiedTime(model, old);
        load(dir, InferenceBackend.INT8);
        assertTrue(Checkpoints.readDerived(dir, name).isPresent());
        assertTrue(Files.getLastModifiedTime(model).compareTo(old) > 0);
        // The checkpoint itself is untouched.
        Checkpoints.verify(dir);
    }

    @Test
    void anInt8RecordFromBeforeTheTotalVariationIsDerivedAgainWithIt() throws Exception {
        Path dir = saved("az3");
        Path record = dir.resolve(Int8Net.fileName(Int8Net.weightRange()) + ".yaml");
        load(dir, InferenceBackend.INT8);
        String current = Files.readString(record);
        assertTrue(current.contains("\npolicyTvMean: ") && current.contains("\npolicyTvP99: "), current);
        // As an earlier build wrote it: the same record without the total variation figures.
        Files.writeString(record, current.lines().filter(l -> !l.startsWith("policyTv"))
                .collect(Collectors.joining("\n", "", "\n")));
        load(dir, InferenceBackend.AUTO);
        assertTrue(Files.readString(record).contains("\npolicyTvMean: "), Files.readString(record));
    }

    @Test
    void aCheckpointThatCannotBeWrittenStillRunsInt8() throws Exception {
        Path dir = saved("az3");
        // A non-empty directory where the model would go: the rename fails (also for root, unlike permissions).
        String name = Int8Net.fileName(Int8Net.weightRange());
        Files.createDirectories(dir.resolve(name).resolve("in-the-way"));
        load(dir, InferenceBackend.INT8);
        load(dir, InferenceBackend.INT8);
        assertFalse(Files.exists(dir.resolve(name + ".yaml")));
        Checkpoints.verify(dir);
    }

    /** A checkpoint of a new {@link #NET} whose provenance names feature set {@code features}. */
    private Path saved(String features) {
        Path dir = tmp.resolve("c");
        try (PolicyValueNet net = PolicyValueNet.create(NET)) {
            Checkpoints.save(dir, net, new Provenance(features, 1, "tromp-taylor", 0, null));
        }
        return dir;
    }

    private static void load(Path dir, InferenceBackend backend) {
        try (InferenceNet net = InferenceNet.load(dir, NET, backend, 1);
             Evaluator e = net.evaluator(new InputSpec("az3", 3, 5, 5))) {
            assertTrue(net.backend() == backend || backend == InferenceBackend.AUTO);
            assertTrue(e.spec().actionCount() > 0);
        }
    }

    @Test
    void namesParseInAnyCaseAndBadOnesListTheKnown() {
        assertEquals(InferenceBackend.ONNX, InferenceBackend.parse("ONNX"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InferenceBackend.parse("gpu"));
        assertEquals("unknown backend 'gpu'; known: libtorch, onnx, int8, auto", e.getMessage());
    }

    @Test
    void anotherNetworkIsRefusedOnEveryBackend() {
        Path dir = saved("t");
        NetConfig wider = new NetConfig(3, 5, 5, 2, 16, true, true, true);
        for (InferenceBackend backend : InferenceBackend.values()) {
            CheckpointException e = assertThrows(CheckpointException.class,
                    () -> InferenceNet.load(dir, wider, backend, 1));
            assertTrue(e.getMessage().contains("channels=8 but the config says 16"), e.getMessage());
        }
    }

    private static float[][] evaluate(Path dir, InferenceBackend backend, InputSpec spec, int batch) {
        float[][] out = {new float[batch * spec.actionCount()], new float[batch], new float[batch]};
        try (InferenceNet net = InferenceNet.load(dir, NET, backend, 1); Evaluator evaluator = net.evaluator(spec)) {
            assertEquals(backend, net.backend());
            evaluator.evaluate(batch, Inputs.observations(spec, batch, 1), Inputs.legal(spec, batch, 2), out[0], out[1],
                    out[2]);
        }
        return out;
    }
}
