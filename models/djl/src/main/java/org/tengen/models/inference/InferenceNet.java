package org.tengen.models.inference;

import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.LoggerFactory;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxModel;

/**
 * A checkpoint's network loaded for search on one backend: the one place where a backend becomes evaluators. Shared
 * by every thread; each gets its own evaluators. Closing it releases the network.
 */
public sealed interface InferenceNet extends AutoCloseable {
    /** The backend the network runs on ({@link InferenceBackend#AUTO} already resolved). */
    InferenceBackend backend();

    /** A new evaluator of positions shaped as {@code spec}; closing it leaves the network open. */
    Evaluator evaluator(InputSpec spec);

    @Override
    void close();

    /**
     * Loads checkpoint {@code dir} after checking its hashes and that it holds the {@code expected} network; for
     * {@link InferenceBackend#AUTO}, int8 or fp32 is chosen as {@link AutoChoice#perProcess()} decides.
     *
     * @param threads intra-op threads of each forward pass on ONNX Runtime; libtorch's are set for the whole process
     *                by {@code ai.djl.pytorch.num_threads}
     * @throws org.tengen.models.checkpoint.CheckpointException if the checkpoint is missing, damaged or another network
     */
    static InferenceNet load(Path dir, NetConfig expected, InferenceBackend backend, int threads) {
        return load(dir, expected, backend, threads, AutoChoice.perProcess());
    }

    /**
     * {@link #load(Path, NetConfig, InferenceBackend, int)}, with {@link InferenceBackend#AUTO} running int8 when the
     * checkpoint's int8 model agrees with fp32 on its calibration positions and {@code auto} decides int8 is faster on
     * this CPU.
     */
    static InferenceNet load(Path dir, NetConfig expected, InferenceBackend backend, int threads, AutoChoice auto) {
        InferenceBackend library = backend.resolve();
        if (library == InferenceBackend.LIBTORCH) {
            return new Libtorch(Checkpoints.load(dir, expected));
        }
        CheckpointInfo info = Checkpoints.read(dir);
        info.requireNetwork(expected, dir);
        byte[] fp32 = Checkpoints.onnxModel(dir);
        OnnxModel onnx = OnnxModel.load(fp32, threads);
        if (library == InferenceBackend.ONNX && backend != InferenceBackend.AUTO) {
            return new Onnx(onnx, InferenceBackend.ONNX);
        }
        Int8Net int8;
        InputSpec spec;
        try {
            Rules rules = Preset.byName(info.provenance().rules()).rules(expected.width(), expected.height());
            FeatureSet features = FeatureSets.byId(info.provenance().featureSet());
            spec = InputSpec.of(features, rules);
            int8 = Int8Net.of(dir, onnx, fp32, rules, features, threads);
        } catch (IllegalArgumentException e) {
            // Rules or features this build does not know: no games to calibrate on.
            if (backend == InferenceBackend.AUTO) {
                return new Onnx(onnx, InferenceBackend.ONNX);
            }
            onnx.close();
            throw new CheckpointException("cannot derive the int8 model of " + dir + ": " + e.getMessage());
        } catch (RuntimeException e) {
            onnx.close();
            throw e;
        }
        if (backend == InferenceBackend.INT8) {
            onnx.close();
            return new Onnx(int8.model(), InferenceBackend.INT8);
        }
        BackendAgreement.Summary a = int8.agreement();
        boolean agrees = InferenceBackend.int8CloseEnough(a);
        boolean useInt8 = agrees && auto.decide(dir.getFileName().toString(),
                () -> Int8Net.speedup(int8.model(), onnx, spec)).int8();
        LoggerFactory.getLogger(InferenceNet.class).info("Inference backend auto for {}: {} (its int8 model's policy "
                + "differs from fp32's by a total variation of {} on average and at most {} on 99% of its calibration "
                + "positions, its value by {} on average{})", dir.getFileName(), useInt8 ? "int8" : "onnx",
                String.format(Locale.ROOT, "%.4f", a.policyTvMean()), String.format(Locale.ROOT, "%.3f",
                a.policyTvP99()), String.format(Locale.ROOT, "%.3f", a.valueMeanAbs()),
                agrees ? "" : ": not close enough");
        (useInt8 ? onnx : int8.model()).close();
        return useInt8 ? new Onnx(int8.model(), InferenceBackend.INT8) : new Onnx(onnx, InferenceBackend.ONNX);
    }

    /** A network on libtorch. */
    record Libtorch(PolicyValueNet net) implements InferenceNet {
        @Override
        public InferenceBackend backend() {
            return InferenceBackend.LIBTORCH;
        }

        @Override
        public Evaluator evaluator(InputSpec spec) {
            return new DjlEvaluator(net, spec);
        }

        @Override
        public void close() {
            net.close();
        }
    }

    /** A network on ONNX Runtime, fp32 ({@link InferenceBackend#ONNX}) or int8 ({@link InferenceBackend#INT8}). */
    record Onnx(OnnxModel model, InferenceBackend backend) implements InferenceNet {

        @Override
        public Evaluator evaluator(InputSpec spec) {
            return model.evaluator(spec);
        }

        @Override
        public void close() {
            model.close();
        }
    }
}
