package org.tengen.models.checkpoint;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.tengen.env.io.AtomicFiles;
import org.tengen.env.io.IoErrors;
import org.tengen.models.data.NpyArray;
import org.tengen.models.data.NpzFile;
import org.tengen.models.net.NetConfig;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.models.onnx.OnnxExport;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Saving and loading checkpoints. A checkpoint is a directory holding {@value #WEIGHTS_FILE} (DJL parameter format),
 * {@value #METADATA_FILE} (network config, feature set and version, rules preset, training step, creation time,
 * parent, SHA-256 of the weights and of the ONNX model), {@value #ONNX_FILE} (the same network for ONNX Runtime,
 * see {@link OnnxExport}) and, when it was trained here, {@value #OPTIMIZER_FILE} (the optimiser's state,
 * CRC-checked arrays, so that training continues from it exactly). Checkpoints saved before the ONNX model existed
 * have no {@value #ONNX_FILE}; {@link #onnxModel} exports theirs when asked.
 *
 * <p>Saving writes every file into a temporary directory next to the target, forces them to disk, then renames the
 * directory into place, so a reader sees either no checkpoint or a complete one, even after a crash. Loading checks
 * the hash and, when asked, that the stored network matches the expected configuration; every failure is a
 * {@link CheckpointException} naming the checkpoint and the problem.
 */
public final class Checkpoints {
    public static final String WEIGHTS_FILE = "weights.params";
    public static final String METADATA_FILE = "checkpoint.yaml";
    public static final String OPTIMIZER_FILE = "optimizer.npz";
    public static final String ONNX_FILE = "model.onnx";
    private static final int FORMAT = 1;

    private Checkpoints() {
    }

    /**
     * Writes {@code net} as a new checkpoint directory {@code dir}.
     *
     * @return the metadata written
     * @throws CheckpointException if {@code dir} already exists or cannot be written
     */
    public static CheckpointInfo save(Path dir, PolicyValueNet net, Provenance provenance) {
        return save(dir, net, provenance, Map.of());
    }

    /**
     * Writes {@code net} and the optimiser's state ({@code optimizerState}, nothing if empty) as a new checkpoint.
     *
     * @throws CheckpointException if {@code dir} already exists or cannot be written
     */
    public static CheckpointInfo save(Path dir, PolicyValueNet net, Provenance provenance,
                                      Map<String, ? extends NpyArray> optimizerState) {
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target)) {
            throw new CheckpointException("checkpoint " + target + " already exists; checkpoints are never"
                    + " overwritten");
        }
        Path tmp = null;
        try {
            Path parent = Files.createDirectories(target.getParent());
            tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".tmp-");
            ByteArrayOutputStream weights = new ByteArrayOutputStream();
            net.saveParameters(weights);
            byte[] weightBytes = weights.toByteArray();
            byte[] onnx = OnnxExport.toBytes(net);
            CheckpointInfo info = new CheckpointInfo(net.config(), provenance, Instant.now(), sha256(weightBytes),
                    sha256(onnx));
            writeDurably(tmp.resolve(WEIGHTS_FILE), weightBytes);
            writeDurably(tmp.resolve(ONNX_FILE), onnx);
            writeDurably(tmp.resolve(METADATA_FILE), toYaml(info).getBytes(StandardCharsets.UTF_8));
            if (!optimizerState.isEmpty()) {
                NpzFile.write(tmp.resolve(OPTIMIZER_FILE), optimizerState);
            }
            force(tmp);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            force(parent);
            return info;
        } catch (FileAlreadyExistsException e) {
            throw new CheckpointException("checkpoint " + target + " appeared while saving; not overwritten", e);
        } catch (IOException e) {
            throw new CheckpointException("cannot save checkpoint " + target + ": " + e, e);
        } finally {
            if (tmp != null) {
                deleteQuietly(tmp);
            }
        }
    }

    /**
     * Reads a checkpoint's metadata without loading weights.
     *
     * @throws CheckpointException if the directory or its metadata is missing or malformed
     */
    public static CheckpointInfo read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new CheckpointException("no checkpoint at " + dir.toAbsolutePath()
                    + (Files.exists(dir) ? " (not a directory)" : " (no such directory)"));
        }
        Path metadata = dir.resolve(METADATA_FILE);
        try {
            return fromYaml(Files.readString(metadata, StandardCharsets.UTF_8), dir);
        } catch (NoSuchFileException e) {
            throw new CheckpointException("checkpoint " + dir + " has no " + METADATA_FILE, e);
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + metadata + ": " + e, e);
        }
    }

    /** Loads a checkpoint with the network configuration it stores, after checking the weights' hash. */
    public static PolicyValueNet load(Path dir) {
        return load(dir, read(dir));
    }

    /**
     * Loads a checkpoint after checking the weights' hash and that its network is exactly {@code expected}.
     *
     * @throws CheckpointException naming the first differing field, e.g. {@code has channels=32 but the config says 64}
     */
    public static PolicyValueNet load(Path dir, NetConfig expected) {
        CheckpointInfo info = read(dir);
        info.requireNetwork(expected, dir);
        return load(dir, info);
    }

    /**
     * The optimiser state saved with a checkpoint, or empty when it has none (saved without one, or by an earlier
     * version).
     *
     * @throws CheckpointException if the state is there but damaged
     */
    public static Optional<Map<String, NpyArray>> optimizerState(Path dir) {
        Path file = dir.resolve(OPTIMIZER_FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(NpzFile.read(file));
        } catch (IOException e) {
            throw new CheckpointException("cannot read the optimiser state " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks a checkpoint without loading its network: metadata readable, weights present and matching their hash.
     *
     * @throws CheckpointException saying what is wrong
     */
    public static CheckpointInfo verify(Path dir) {
        CheckpointInfo info = read(dir);
        verifiedWeights(dir, info);
        if (info.onnxSha256() != null) {
            verifiedFile(dir, ONNX_FILE, info.onnxSha256());
        }
        return info;
    }

    /**
     * The checkpoint's ONNX model (the bytes of {@value #ONNX_FILE} after checking its hash), or for a checkpoint
     * saved before checkpoints carried one, its network exported now from the verified weights.
     *
     * @throws CheckpointException if a file is missing, damaged or does not match its hash
     */
    public static byte[] onnxModel(Path dir) {
        CheckpointInfo info = read(dir);
        if (info.onnxSha256() != null) {
            return verifiedFile(dir, ONNX_FILE, info.onnxSha256());
        }
        try (PolicyValueNet net = load(dir, info)) {
            return OnnxExport.toBytes(net);
        }
    }

    /**
     * A model derived from a checkpoint on this machine and kept beside it, as {@code NAME} with its record
     * {@code NAME.yaml}: the model's SHA-256, the hash of what it was derived from ({@value #ONNX_FILE}, or the weights
     * for a checkpoint without one) and what the deriver measured ({@code facts}). Not part of the checkpoint: its
     * metadata and the run store do not know it, so whoever needs it derives it again when it is absent or stale.
     *
     * @param model the model's bytes
     * @param facts the record's other fields
     */
    public record Derived(byte[] model, Map<String, Object> facts) {
    }

    /**
     * The derived model {@code name} beside checkpoint {@code dir}, or empty if it has none.
     *
     * @throws CheckpointException if it is there but damaged, or derived from another model than the checkpoint's
     */
    public static Optional<Derived> readDerived(Path dir, String name) {
        Path recordFile = dir.resolve(name + ".yaml");
        if (!Files.exists(recordFile)) {
            return Optional.empty();
        }
        Map<?, ?> record;
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(recordFile,
                    StandardCharsets.UTF_8));
            if (!(doc instanceof Map<?, ?> map)) {
                throw new CheckpointException(recordFile + " is not a YAML mapping");
            }
            record = map;
        } catch (IOException | YAMLException e) {
            throw new CheckpointException("cannot read " + recordFile + ": " + e.getMessage(), e);
        }
        Fields f = new Fields(dir, recordFile.getFileName().toString());
        String source = sourceSha256(read(dir));
        if (!source.equals(f.string(record, "sourceSha256"))) {
            throw new CheckpointException(recordFile + " was derived from another model (sourceSha256 "
                    + f.string(record, "sourceSha256") + ", the checkpoint's is " + source + ")");
        }
        byte[] model = verifiedFile(dir, name, f.string(record, "sha256"));
        Map<String, Object> facts = new LinkedHashMap<>();
        record.forEach((k, v) -> facts.put(k.toString(), v));
        facts.remove("sha256");
        facts.remove("sourceSha256");
        return Optional.of(new Derived(model, facts));
    }

    /**
     * Keeps {@code derived} beside checkpoint {@code dir} as {@code name}, replacing any earlier one: the model first,
     * then its record, each written atomically, so a reader sees a model that matches its record or re-derives it.
     *
     * @throws CheckpointException if it cannot be written (a read-only checkpoint, say)
     */
    public static void writeDerived(Path dir, String name, Derived derived) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("sha256", sha256(derived.model()));
        record.put("sourceSha256", sourceSha256(read(dir)));
        record.putAll(derived.facts());
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        String text = "# " + name + ", derived from checkpoint " + dir.getFileName() + " on this machine\n"
                + new Yaml(options).dump(record);
        try {
            AtomicFiles.write(dir.resolve(name), derived.model());
            AtomicFiles.write(dir.resolve(name + ".yaml"), text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CheckpointException("cannot write " + dir.resolve(name) + ": " + IoErrors.reason(e), e);
        }
    }

    /** The hash of what models are derived from: the ONNX model, or the weights of a checkpoint without one. */
    private static String sourceSha256(CheckpointInfo info) {
        return info.onnxSha256() != null ? info.onnxSha256() : info.weightsSha256();
    }

    /** The weights' bytes after checking them against the metadata's hash. */
    private static byte[] verifiedWeights(Path dir, CheckpointInfo info) {
        return verifiedFile(dir, WEIGHTS_FILE, info.weightsSha256());
    }

    /** The bytes of {@code name} after checking them against {@code sha256}. */
    private static byte[] verifiedFile(Path dir, String name, String sha256) {
        Path file = dir.resolve(name);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new CheckpointException("checkpoint " + dir + " has no " + name, e);
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + file + ": " + e, e);
        }
        String actual = sha256(bytes);
        if (!actual.equals(sha256)) {
            throw new CheckpointException("checkpoint " + dir + ": " + name + " has SHA-256 " + actual
                    + " but " + METADATA_FILE + " says " + sha256 + " (corrupt or replaced)");
        }
        return bytes;
    }

    private static PolicyValueNet load(Path dir, CheckpointInfo info) {
        byte[] weights = verifiedWeights(dir, info);
        try {
            return PolicyValueNet.load(info.network(), new ByteArrayInputStream(weights));
        } catch (IOException e) {
            throw new CheckpointException("checkpoint " + dir + ": " + e.getMessage(), e);
        }
    }

    static String toYaml(CheckpointInfo info) {
        NetConfig n = info.network();
        Map<String, Object> network = new LinkedHashMap<>();
        network.put("inputPlanes", n.inputPlanes());
        network.put("width", n.width());
        network.put("height", n.height());
        network.put("blocks", n.blocks());
        network.put("channels", n.channels());
        network.put("globalPooling", n.globalPooling());
        network.put("ownershipHead", n.ownershipHead());
        network.put("scoreHead", n.scoreHead());
        Provenance p = info.provenance();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("network", network);
        root.put("featureSet", p.featureSet());
        root.put("featureVersion", p.featureVersion());
        root.put("rules", p.rules());
        root.put("trainingStep", p.trainingStep());
        root.put("created", info.created().toString());
        root.put("parent", p.parent());
        root.put("weightsSha256", info.weightsSha256());
        if (info.onnxSha256() != null) {
            root.put("onnxSha256", info.onnxSha256());
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return "# Tengen checkpoint metadata; " + WEIGHTS_FILE + " holds the weights.\n"
                + new Yaml(options).dump(root);
    }

    static CheckpointInfo fromYaml(String text, Path dir) {
        Map<?, ?> root;
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            if (!(doc instanceof Map<?, ?> map)) {
                throw new CheckpointException("checkpoint " + dir + ": " + METADATA_FILE + " is not a YAML mapping");
            }
            root = map;
        } catch (YAMLException e) {
            throw new CheckpointException("checkpoint " + dir + ": " + METADATA_FILE + " is not valid YAML: "
                    + e.getMessage(), e);
        }
        Fields f = new Fields(dir);
        int format = f.integer(root, "format");
        if (format != FORMAT) {
            throw new CheckpointException("checkpoint " + dir + " has format " + format + "; this version reads "
                    + FORMAT);
        }
        Map<?, ?> net = f.map(root, "network");
        try {
            NetConfig network = new NetConfig(f.integer(net, "inputPlanes"), f.integer(net, "width"),
                    f.integer(net, "height"), f.integer(net, "blocks"), f.integer(net, "channels"),
                    f.bool(net, "globalPooling"), f.bool(net, "ownershipHead"), f.bool(net, "scoreHead"));
            Provenance provenance = new Provenance(f.string(root, "featureSet"), f.integer(root, "featureVersion"),
                    f.string(root, "rules"), f.longInteger(root, "trainingStep"),
                    root.get("parent") == null ? null : f.string(root, "parent"));
            return new CheckpointInfo(network, provenance, Instant.parse(f.string(root, "created")),
                    f.string(root, "weightsSha256"), root.get("onnxSha256") == null ? null
                    : f.string(root, "onnxSha256"));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new CheckpointException("checkpoint " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Typed access to the fields of {@code file} in checkpoint {@code dir}, with errors naming the field. */
    private record Fields(Path dir, String file) {
        Fields(Path dir) {
            this(dir, METADATA_FILE);
        }

        Object get(Map<?, ?> map, String key) {
            Object value = map.get(key);
            if (value == null) {
                throw new CheckpointException("checkpoint " + dir + ": " + file + " lacks field '" + key
                        + "'");
            }
            return value;
        }

        int integer(Map<?, ?> map, String key) {
            return Math.toIntExact(longInteger(map, key));
        }

        long longInteger(Map<?, ?> map, String key) {
            if (get(map, key) instanceof Number number && !(number instanceof Double)) {
                return number.longValue();
            }
            throw wrongType(key, "an integer");
        }

        boolean bool(Map<?, ?> map, String key) {
            if (get(map, key) instanceof Boolean value) {
                return value;
            }
            throw wrongType(key, "true or false");
        }

        String string(Map<?, ?> map, String key) {
            Object value = get(map, key);
            if (value instanceof Map<?, ?> || value instanceof List<?>) {
                throw wrongType(key, "a string");
            }
            return value.toString();
        }

        Map<?, ?> map(Map<?, ?> map, String key) {
            if (get(map, key) instanceof Map<?, ?> value) {
                return value;
            }
            throw wrongType(key, "a mapping");
        }

        private CheckpointException wrongType(String key, String expected) {
            return new CheckpointException("checkpoint " + dir + ": field '" + key + "' in " + file
                    + " must be " + expected);
        }
    }

    private static void writeDurably(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /** Flushes a directory's entries (new names, renames) to disk. */
    private static void force(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a leftover hidden temp directory is harmless.
        }
    }
}
