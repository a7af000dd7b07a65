package org.tengen.models.net;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.ParallelBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.training.ParameterStore;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A residual policy/value network (AlphaZero trunk, KataGo-style heads) built from DJL blocks, owning its
 * {@link Model}.
 *
 * <p>Input {@code (N, inputPlanes, H, W)} from the side to move. Outputs, in this order:
 * <ol>
 *   <li>policy logits {@code (N, H*W + 1)}: one 1x1 convolution per point, row-major, then the pass logit computed
 *       from globally pooled head features;
 *   <li>value {@code (N)}: tanh, from the side to move, from pooled value-head features;
 *   <li>ownership {@code (N, H*W)} if {@link NetConfig#ownershipHead()}: tanh per point, +1 = side to move owns it;
 *   <li>score margin {@code (N)} if {@link NetConfig#scoreHead()}: points for the side to move. The last layer
 *       predicts the margin divided by {@code sqrt(area)} (the spread of margins grows about that fast), so its
 *       scale is the same on every board size and starts near the right magnitude.
 * </ol>
 * Trunk: 3x3 convolution, batch norm, ReLU, then {@code blocks} residual blocks of two 3x3 convolutions. With
 * {@link NetConfig#globalPooling()} every second block (counted from the last) and the policy head add a per-channel
 * bias computed from the mean, size-scaled mean and max of the feature map (KataGo's global pooling), which lets
 * local decisions see whole-board context.
 *
 * <p><b>Board sizes.</b> The network is fully convolutional: every weight is either a convolution kernel or acts on
 * globally pooled features, so one set of weights runs on any board size and shape, whatever the options. All
 * options (global pooling, ownership, score) keep this property; {@link NetConfig#width()} and
 * {@link NetConfig#height()} only fix the shape used to initialise the parameters. Pooling includes a mean scaled by
 * {@code (sqrt(area) - 14) / 10} so the heads can tell board sizes apart. How well play transfers between sizes is a
 * matter of training, not of shapes.
 *
 * <p>Inference through {@link #forward} is safe from several threads; training goes through
 * {@code org.tengen.models.learn.Learner}.
 */
public final class PolicyValueNet implements AutoCloseable {
    static {
        NativeHeap.keepFreedMemory(); // before the first tensor: training steps would fault in fresh pages
    }

    private final NetConfig config;
    private final Model model;
    private final ParameterStore parameters;

    private PolicyValueNet(NetConfig config, Model model) {
        this.config = config;
        this.model = model;
        this.parameters = new ParameterStore(model.getNDManager(), false);
    }

    /** A new network with freshly initialised weights (DJL defaults: Xavier for kernels, zero biases). */
    public static PolicyValueNet create(NetConfig config) {
        Model model = newModel(config);
        noGradOnThisThread(); // initialisation writes the parameters in place
        model.getBlock().initialize(model.getNDManager(), DataType.FLOAT32, inputShape(config, 1));
        return new PolicyValueNet(config, model);
    }

    /**
     * A network whose weights are read from {@code in} (as written by {@link #saveParameters}).
     *
     * @throws IOException if the stream cannot be read or does not match the configuration's architecture
     */
    public static PolicyValueNet load(NetConfig config, InputStream in) throws IOException {
        Model model = newModel(config);
        Block block = model.getBlock();
        NDManager manager = model.getNDManager();
        try {
            // Initialising first fixes the shape every parameter must have; the random values are then dropped.
            noGradOnThisThread();
            block.initialize(manager, DataType.FLOAT32, inputShape(config, 1));
            Map<String, Shape> expected = new LinkedHashMap<>();
            block.getParameters().forEach(p -> expected.put(p.getKey(), p.getValue().getShape()));
            block.clear();
            DataInputStream data = new DataInputStream(in);
            block.loadParameters(manager, data);
            if (data.read() != -1) {
                throw new IllegalArgumentException("the weights hold more parameters than the configuration");
            }
            block.getParameters().forEach(p -> {
                Shape loaded = p.getValue().getArray().getShape();
                if (!loaded.equals(expected.get(p.getKey()))) {
                    throw new IllegalArgumentException("parameter " + p.getKey() + " has shape " + loaded
                            + " where the configuration needs " + expected.get(p.getKey()));
                }
            });
            // Marks the loaded weights as trainable; arrays already set are kept as loaded.
            noGradOnThisThread();
            block.initialize(manager, DataType.FLOAT32, inputShape(config, 1));
        } catch (MalformedModelException | EOFException | RuntimeException e) {
            model.close();
            String reason = e instanceof EOFException ? "they end early" : e.getMessage();
            throw new IOException("weights do not fit a " + config.describe() + " network: " + reason, e);
        } catch (IOException e) {
            model.close();
            throw e;
        }
        return new PolicyValueNet(config, model);
    }

    /** Writes every parameter (weights and batch-norm statistics) in DJL's binary format. */
    public void saveParameters(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        model.getBlock().saveParameters(data);
        data.flush();
    }

    /** The configuration this network was built from. */
    public NetConfig config() {
        return config;
    }

    /** The DJL model (block, manager) for trainers and predictors. */
    public Model model() {
        return model;
    }

    /** Number of scalar parameters, running statistics excluded. */
    public long parameterCount() {
        return model.getBlock().getParameters().values().stream()
                .filter(p -> p.requiresGradient())
                .mapToLong(p -> p.getArray().size())
                .sum();
    }

    /**
     * Inference forward pass (batch-norm running statistics). Outputs are attached to the input's manager, so a
     * sub-manager around the call frees everything. Turns autograd off on the calling thread: libtorch keeps that
     * switch per thread and only the thread that started the engine begins with it off.
     *
     * @throws IllegalArgumentException if the input is not {@code (N, inputPlanes, H, W)}
     */
    public NDList forward(NDArray input) {
        checkInput(input.getShape());
        noGradOnThisThread();
        return model.getBlock().forward(parameters, new NDList(input), false);
    }

    /**
     * Turns autograd off on the calling thread: libtorch keeps the switch per thread, and only the thread that
     * started the engine begins with it off (the roles of an asynchronous run create, load and run networks on
     * several threads; with it on, initialising parameters in place fails).
     */
    private static void noGradOnThisThread() {
        if (JniUtils.isGradMode()) {
            JniUtils.setGradMode(false);
        }
    }

    /** Throws a clear error unless {@code shape} is {@code (N, inputPlanes, H, W)} with positive sizes. */
    public void checkInput(Shape shape) {
        if (shape.dimension() != 4 || shape.get(1) != config.inputPlanes() || shape.get(0) < 1 || shape.get(2) < 1
                || shape.get(3) < 1) {
            throw new IllegalArgumentException("network input has shape " + shape + " but this "
                    + config.describe() + " network expects (N, " + config.inputPlanes() + ", H, W)");
        }
    }

    /** Input shape for {@code batch} positions of the configured board. */
    public static Shape inputShape(NetConfig config, int batch) {
        return new Shape(batch, config.inputPlanes(), config.height(), config.width());
    }

    @Override
    public void close() {
        model.close();
    }

    private static Model newModel(NetConfig config) {
        Model model = Model.newInstance("tengen-" + config.blocks() + "x" + config.channels(), Device.cpu(), "PyTorch");
        ChunkedConv2d.checkEngine();
        model.setBlock(newBlock(config));
        return model;
    }

    /** The uninitialised block graph for {@code config}. */
    public static Block newBlock(NetConfig config) {
        int c = config.channels();
        SequentialBlock net = new SequentialBlock();
        net.add(conv(c, 3)).add(batchNorm()).add(Activation.reluBlock());
        for (int i = 0; i < config.blocks(); i++) {
            net.add(residualBlock(c, config.poolsInBlock(i)));
        }
        net.add(new ParallelBlock(PolicyValueNet::concatenate, List.of(policyHead(config), valueHead(config))));
        return net;
    }

    private static Block residualBlock(int channels, boolean globalPooling) {
        SequentialBlock branch = new SequentialBlock();
        branch.add(conv(channels, 3)).add(batchNorm()).add(Activation.reluBlock());
        if (globalPooling) {
            branch.add(poolingBias(channels));
        }
        branch.add(conv(channels, 3)).add(batchNorm());
        return new SequentialBlock()
                .add(new ParallelBlock(list -> new NDList(list.get(0).head().add(list.get(1).head())),
                        List.of(branch, Blocks.identityBlock())))
                .add(Activation.reluBlock());
    }

    /** Adds to every channel a bias computed from the pooled feature map (KataGo's global pooling). */
    private static Block poolingBias(int channels) {
        Block bias = new SequentialBlock().add(globalPool()).add(Linear.builder().setUnits(channels).build());
        return new ParallelBlock(list -> {
            NDArray x = list.get(0).head();
            NDArray b = list.get(1).head();
            return new NDList(x.add(b.reshape(b.getShape().get(0), b.getShape().get(1), 1, 1)));
        }, List.of(Blocks.identityBlock(), bias));
    }

    private static Block policyHead(NetConfig config) {
        SequentialBlock head = new SequentialBlock();
        head.add(conv(config.headChannels(), 1)).add(batchNorm()).add(Activation.reluBlock());
        if (config.globalPooling()) {
            head.add(poolingBias(config.headChannels()));
        }
        Block points = Conv2d.builder().setKernelShape(new Shape(1, 1)).setFilters(1).build();
        Block pass = new SequentialBlock().add(globalPool()).add(Linear.builder().setUnits(1).build());
        head.add(new ParallelBlock(list -> {
            NDArray pointLogits = list.get(0).head();
            return new NDList(NDArrays.concat(new NDList(flattenPoints(pointLogits), list.get(1).head()), 1));
        }, List.of(points, pass)));
        return head;
    }

    /** Value, then ownership and score when enabled; the identity branch tells the join the board size. */
    private static Block valueHead(NetConfig config) {
        SequentialBlock pooled = new SequentialBlock()
                .add(globalPool())
                .add(Linear.builder().setUnits(config.valueHidden()).build())
                .add(Activation.reluBlock())
                .add(Linear.builder().setUnits(config.scoreHead() ? 2 : 1).build());
        ParallelBlock outputs = new ParallelBlock(list -> {
            Shape features = list.get(0).head().getShape();
            float scoreScale = (float) Math.sqrt(features.get(2) * features.get(3));
            NDArray scalars = list.get(1).head();
            long n = scalars.getShape().get(0);
            NDList out = new NDList(config.outputCount() - 1);
            if (config.scoreHead()) {
                NDList split = scalars.split(2, 1);
                out.add(split.get(0).reshape(n).tanh());
                if (config.ownershipHead()) {
                    out.add(list.get(2).head());
                }
                out.add(Scalars.times(split.get(1).reshape(n), scoreScale));
            } else {
                out.add(scalars.reshape(n).tanh());
                if (config.ownershipHead()) {
                    out.add(list.get(2).head());
                }
            }
            return out;
        });
        outputs.add(Blocks.identityBlock()).add(pooled);
        if (config.ownershipHead()) {
            outputs.add(new SequentialBlock()
                    .add(Conv2d.builder().setKernelShape(new Shape(1, 1)).setFilters(1).build())
                    .add(new LambdaBlock(list -> new NDList(flattenPoints(list.head()).tanh()), "flatten")));
        }
        return new SequentialBlock()
                .add(conv(config.headChannels(), 1)).add(batchNorm()).add(Activation.reluBlock())
                .add(outputs);
    }

    /** {@code (N, C, H, W) -> (N, 3C)}: mean, mean scaled by board size, max over the board. */
    private static Block globalPool() {
        return new LambdaBlock(list -> {
            NDArray x = list.head();
            Shape s = x.getShape();
            NDArray flat = x.reshape(s.get(0), s.get(1), s.get(2) * s.get(3));
            NDArray mean = flat.mean(new int[] {2});
            float sizeScale = (float) ((Math.sqrt(s.get(2) * s.get(3)) - 14.0) / 10.0);
            return new NDList(NDArrays.concat(new NDList(mean, Scalars.times(mean, sizeScale), flat.max(new int[] {2})), 1));
        }, "globalPool");
    }

    private static NDArray flattenPoints(NDArray oneChannel) {
        Shape s = oneChannel.getShape();
        return oneChannel.reshape(s.get(0), s.get(2) * s.get(3));
    }

    private static NDList concatenate(List<NDList> parts) {
        NDList all = new NDList();
        parts.forEach(all::addAll);
        return all;
    }

    private static Block conv(int filters, int kernel) {
        return new ChunkedConv2d(Conv2d.builder()
                .setKernelShape(new Shape(kernel, kernel))
                .optPadding(new Shape(kernel / 2, kernel / 2))
                .setFilters(filters)
                .optBias(false));
    }

    private static Block batchNorm() {
        return BatchNorm.builder().build();
    }
}
