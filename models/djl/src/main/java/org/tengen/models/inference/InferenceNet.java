package org.tengen.models.inference;

import java.nio.file.Path;
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
     * Loads checkpoint {@code dir} after checking its hashes and that it holds the {@code expected} network.
     *
     * @param threads intra-op threads of each forward pass on ONNX Runtime; libtorch's are set for the whole process
     *                by {@code ai.djl.pytorch.num_threads}
     * @throws org.tengen.models.checkpoint.CheckpointException if the checkpoint is missing, damaged or another network
     */
    static InferenceNet load(Path dir, NetConfig expected, InferenceBackend backend, int threads) {
        if (backend.resolve() == InferenceBackend.LIBTORCH) {
            return new Libtorch(Checkpoints.load(dir, expected));
        }
        Checkpoints.read(dir).requireNetwork(expected, dir);
        return new Onnx(OnnxModel.load(Checkpoints.onnxModel(dir), threads));
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

    /** A network on ONNX Runtime. */
    record Onnx(OnnxModel model) implements InferenceNet {
        @Override
        public InferenceBackend backend() {
            return InferenceBackend.ONNX;
        }

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
