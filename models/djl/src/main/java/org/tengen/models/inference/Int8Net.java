package org.tengen.models.inference;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.onnx.OnnxModel;
import org.tengen.models.onnx.OnnxQuantize;

/**
 * A network's int8 model: the exported fp32 model plays {@value #GAMES} games against itself (moves sampled from its
 * policy, fixed seed), every {@value #STRIDE}nd position of the first {@value #PLIES} plies calibrates the activation
 * ranges, {@link OnnxQuantize} rewrites the graph, and the int8 model is checked against fp32 on those positions.
 *
 * <p>Derived on the machine that runs it rather than shipped with the checkpoint, because the right weight range
 * depends on the CPU (7-bit without VNNI, see {@link OnnxQuantize#REDUCED_RANGE}) and actors of one run store may
 * differ. {@link #of} keeps it beside the checkpoint, one file per weight range with its hash and agreement
 * ({@link Checkpoints#writeDerived}), so that every later load on this machine, in any process, reuses it.
 */
public final class Int8Net {
    private static final Logger LOG = LoggerFactory.getLogger(Int8Net.class);
    static final int GAMES = 16;
    static final int PLIES = 64;
    static final int STRIDE = 2;
    private static final long SEED = 20261126L;
    /** Rounds of each model in the speed probe, alternating, the fastest kept. */
    private static final int PROBE_ROUNDS = 5;
    private static final long PROBE_ROUND_NANOS = 40_000_000L;

    private final OnnxModel model;
    private final BackendAgreement.Summary agreement;
    private final byte[] bytes;

    private Int8Net(OnnxModel model, BackendAgreement.Summary agreement, byte[] bytes) {
        this.model = model;
        this.agreement = agreement;
        this.bytes = bytes;
    }

    /** The int8 model, on ONNX Runtime. */
    public OnnxModel model() {
        return model;
    }

    /** int8 against fp32 on the calibration positions. */
    public BackendAgreement.Summary agreement() {
        return agreement;
    }

    /** The file name of the int8 model with weights up to {@code range} beside a checkpoint. */
    static String fileName(int range) {
        return "model-int8-w" + range + ".onnx";
    }

    /**
     * The int8 model of checkpoint {@code dir} (whose fp32 ONNX model is {@code fp32}, loaded as {@code fp32Model})
     * for this CPU, loaded with {@code threads} intra-op threads: the one kept beside the checkpoint when it is there
     * and verifies, else derived now ({@link #quantize}) and kept there (a checkpoint that cannot be written is only
     * logged: the next load derives it again).
     */
    public static Int8Net of(Path dir, OnnxModel fp32Model, byte[] fp32, Rules rules, FeatureSet features,
                             int threads) {
        int range = weightRange();
        String name = fileName(range);
        try {
            Optional<Checkpoints.Derived> kept = Checkpoints.readDerived(dir, name);
            if (kept.isPresent()) {
                BackendAgreement.Summary a = BackendAgreement.Summary.fromMap(kept.get().facts(),
                        key -> new CheckpointException("the int8 record has no number '" + key + "'"));
                return new Int8Net(OnnxModel.load(kept.get().model(), threads), a, kept.get().model());
            }
        } catch (CheckpointException e) {
            LOG.warn("Deriving the int8 model again: {}", e.getMessage());
        }
        Int8Net derived = quantize(fp32Model, fp32, rules, features, threads);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("weightRange", range);
        facts.put("cpu", CpuFeatures.detect().describe());
        facts.putAll(derived.agreement.toMap());
        try {
            Checkpoints.writeDerived(dir, name, new Checkpoints.Derived(derived.bytes, facts));
        } catch (CheckpointException e) {
            LOG.warn("The int8 model is not kept ({}); the next load derives it again", e.getMessage());
        }
        return derived;
    }

    /**
     * Positions per second of {@code int8} over {@code fp32} at batch {@value #GAMES} of random positions shaped as
     * {@code spec}: a quick probe (about {@code 2 * PROBE_ROUNDS * 40} ms), each model's fastest round, alternating so
     * load hits both alike.
     */
    public static double speedup(OnnxModel int8, OnnxModel fp32, InputSpec spec) {
        FloatBuffer observations = ByteBuffer.allocateDirect(GAMES * spec.observationSize() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < GAMES * spec.observationSize(); i++) {
            observations.put(i, random.nextBoolean() ? 1f : 0f);
        }
        boolean[] legal = new boolean[GAMES * spec.actionCount()];
        java.util.Arrays.fill(legal, true);
        try (Evaluator a = int8.evaluator(spec); Evaluator b = fp32.evaluator(spec)) {
            long bestInt8 = Long.MAX_VALUE;
            long bestFp32 = Long.MAX_VALUE;
            for (int r = 0; r < PROBE_ROUNDS; r++) {
                bestInt8 = Math.min(bestInt8, nanosPerCall(a, spec, observations, legal));
                bestFp32 = Math.min(bestFp32, nanosPerCall(b, spec, observations, legal));
            }
            return (double) bestFp32 / bestInt8;
        }
    }

    private static long nanosPerCall(Evaluator e, InputSpec spec, FloatBuffer observations, boolean[] legal) {
        float[] p = new float[GAMES * spec.actionCount()];
        float[] v = new float[GAMES];
        long start = System.nanoTime();
        long calls = 0;
        long now;
        do {
            e.evaluate(GAMES, observations, legal, p, v, v);
            calls++;
            now = System.nanoTime();
        } while (now - start < PROBE_ROUND_NANOS);
        return (now - start) / calls;
    }

    /** Calibration positions with their legal moves and the fp32 model's outputs there. */
    record Calibration(InputSpec spec, int positions, FloatBuffer observations, boolean[] legal, float[] policy,
                       float[] value) {
    }

    /**
     * Quantizes {@code fp32} (a network taking games of {@code rules} encoded by {@code features}) for this CPU and
     * loads it with {@code threads} intra-op threads, not kept anywhere.
     */
    public static Int8Net quantize(OnnxModel fp32Model, byte[] fp32, Rules rules, FeatureSet features, int threads) {
        long start = System.nanoTime();
        int range = weightRange();
        Calibration c = calibrate(fp32Model, rules, features);
        byte[] int8 = OnnxQuantize.int8(fp32, c.spec(), c.observations(), c.positions(), range);
        OnnxModel model = OnnxModel.load(int8, threads);
        BackendAgreement agreement = new BackendAgreement();
        int actions = c.spec().actionCount();
        float[] policy = new float[c.positions() * actions];
        float[] value = new float[c.positions()];
        try (Evaluator e = model.evaluator(c.spec())) {
            e.evaluate(c.positions(), c.observations(), c.legal(), policy, value, new float[c.positions()]);
        }
        agreement.add(c.positions(), actions, policy, value, c.policy(), c.value());
        LOG.info("int8 model ({}-bit weights) derived in {} ms; against fp32 on its calibration {}",
                range == OnnxQuantize.FULL_RANGE ? 8 : 7, (System.nanoTime() - start) / 1_000_000,
                agreement.describe());
        return new Int8Net(model, agreement.summary(), int8);
    }

    /** Largest weight magnitude on this CPU: 7 bits without int8 dot products that accumulate in 32 bits. */
    static int weightRange() {
        return CpuFeatures.detect().int8DotProducts() ? OnnxQuantize.FULL_RANGE : OnnxQuantize.REDUCED_RANGE;
    }

    /** Positions of the network's own games, sampled from its policy. */
    static Calibration calibrate(OnnxModel fp32, Rules rules, FeatureSet features) {
        InputSpec spec = InputSpec.of(features, rules);
        int size = spec.observationSize();
        int actions = spec.actionCount();
        int positions = GAMES * (PLIES / STRIDE);
        FloatBuffer observations = ByteBuffer.allocateDirect(positions * size * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        boolean[] legal = new boolean[positions * actions];
        float[] policy = new float[positions * actions];
        float[] value = new float[positions];
        float[] p = new float[GAMES * actions];
        float[] v = new float[GAMES];
        float[] s = new float[GAMES];
        int[] moves = new int[GAMES];
        SplittableRandom random = new SplittableRandom(SEED);
        try (VecEnv env = new VecEnv(VecEnvConfig.of(rules, GAMES).withFeatures(features));
             Evaluator evaluator = fp32.evaluator(spec)) {
            int kept = 0;
            for (int ply = 0; ply < PLIES; ply++) {
                evaluator.evaluate(GAMES, env.observations(), env.legalMask(), p, v, s);
                if (ply % STRIDE == 0) {
                    observations.put(kept * size, env.observations(), 0, GAMES * size);
                    System.arraycopy(env.legalMask(), 0, legal, kept * actions, GAMES * actions);
                    System.arraycopy(p, 0, policy, kept * actions, GAMES * actions);
                    System.arraycopy(v, 0, value, kept, GAMES);
                    kept += GAMES;
                }
                for (int g = 0; g < GAMES; g++) {
                    moves[g] = sample(p, g * actions, actions, random.nextDouble());
                }
                env.step(moves);
            }
        }
        return new Calibration(spec, positions, observations, legal, policy, value);
    }

    private static int sample(float[] policy, int from, int actions, double u) {
        double sum = 0;
        int last = actions - 1;
        for (int a = 0; a < actions; a++) {
            if (policy[from + a] > 0) {
                sum += policy[from + a];
                last = a;
                if (u < sum) {
                    return a;
                }
            }
        }
        return last;
    }
}
