package org.tengen.run.roles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tengen.env.io.FileTrees;
import org.tengen.models.checkpoint.CheckpointException;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.ModelRef;
import org.tengen.store.RunStore;

/**
 * Checkpoints in a run store: a checkpoint directory's files under {@code models/gen-NNNN-SHA/}, named by the SHA-256
 * of its weights, and back. Both ways verify: an upload names the model by the hash its metadata records (after
 * checking the weights against it), a download checks the store's per-object hashes, then the checkpoint's own.
 */
public final class StoreModels {
    /**
     * What a learner needs to continue training; an actor takes all but the optimiser state. The ONNX model is absent
     * from checkpoints saved before it existed (its hash is then absent from the metadata too).
     */
    private static final List<String> FILES = List.of(Checkpoints.WEIGHTS_FILE, Checkpoints.METADATA_FILE,
            Checkpoints.ONNX_FILE, Checkpoints.OPTIMIZER_FILE);

    /** The folders {@link #cacheName} gives. */
    private static final Pattern CACHED_MODEL = Pattern.compile("gen-\\d{4,}-[0-9a-f]{64}");

    private StoreModels() {
    }

    /**
     * Puts the files of {@code checkpoint} (verified first) into the store as the model of {@code generation}, which
     * nobody may use yet: its keys are cleared first, so that the files of an earlier attempt at the same weights
     * (another creation time in the metadata, or a file store's record of a put that a kill cut short) are
     * replaced rather than refused.
     */
    public static ModelRef upload(RunStore store, Path checkpoint, int generation) {
        CheckpointInfo info = Checkpoints.verify(checkpoint);
        ModelRef model = new ModelRef(generation, info.weightsSha256());
        delete(store, model);
        for (String name : FILES) {
            Path file = checkpoint.resolve(name);
            if (Files.exists(file)) {
                store.put(model.file(name), file);
            }
        }
        return model;
    }

    /** Deletes the model's files, listed or not (a file store's record of a cut-short put included). */
    public static void delete(RunStore store, ModelRef model) {
        for (String name : FILES) {
            store.delete(model.file(name));
        }
        for (org.tengen.store.StoreEntry entry : store.list(model.prefix())) {
            store.delete(entry.key());
        }
    }

    /**
     * The model's checkpoint in {@code cacheDir} ({@code cacheDir/gen-NNNN-SHA}), downloaded unless a verified copy is
     * there already, with its optimiser state if {@code withOptimizer} and the store has it.
     *
     * @throws CheckpointException if the store does not have the model whole, or it does not verify
     */
    public static Path fetch(RunStore store, ModelRef model, Path cacheDir, boolean withOptimizer) {
        Path target = cacheDir.resolve(cacheName(model));
        if (isVerified(target, model, withOptimizer)) {
            return target;
        }
        try {
            Files.createDirectories(cacheDir);
            Path tmp = Files.createTempDirectory(cacheDir, "." + target.getFileName() + ".tmp-");
            try {
                for (String name : FILES) {
                    if (name.equals(Checkpoints.OPTIMIZER_FILE) && !withOptimizer) {
                        continue;
                    }
                    // Checkpoints.verify below refuses a model whose metadata names a file that is missing.
                    boolean optional = name.equals(Checkpoints.OPTIMIZER_FILE) || name.equals(Checkpoints.ONNX_FILE);
                    if (!store.download(model.file(name), tmp.resolve(name)) && !optional) {
                        throw new CheckpointException(store.location() + ": model " + model + " has no readable "
                                + name);
                    }
                }
                requireModel(tmp, model);
                FileTrees.delete(target);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                return target;
            } finally {
                FileTrees.delete(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot download model " + model + " into " + cacheDir + ": " + e, e);
        }
    }

    /**
     * Deletes the models {@link #fetch} put in {@code cacheDir}, other than {@code keep}: a role that follows the
     * latest model needs only the one it plays (and perhaps the one before), not every generation's. Other files
     * are left alone.
     */
    public static void prune(Path cacheDir, Set<ModelRef> keep) {
        Set<String> kept = new HashSet<>();
        keep.forEach(m -> kept.add(cacheName(m)));
        try (var entries = Files.list(cacheDir)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                if (CACHED_MODEL.matcher(name).matches() && !kept.contains(name)) {
                    FileTrees.delete(entry);
                }
            }
        } catch (NoSuchFileException e) {
            // Nothing cached yet.
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prune the model cache " + cacheDir + ": " + e, e);
        }
    }

    /** A model's folder in a cache: {@code gen-NNNN-SHA}. */
    private static String cacheName(ModelRef model) {
        return RunLayout.generationName(model.generation()) + "-" + model.sha256();
    }

    /** Whether {@code dir} holds the model whole (and its optimiser state, if asked and not known to be absent). */
    private static boolean isVerified(Path dir, ModelRef model, boolean withOptimizer) {
        if (!Files.isDirectory(dir) || (withOptimizer && !Files.exists(dir.resolve(Checkpoints.OPTIMIZER_FILE)))) {
            return false;
        }
        try {
            requireModel(dir, model);
            return true;
        } catch (CheckpointException e) {
            return false;
        }
    }

    private static void requireModel(Path dir, ModelRef model) {
        CheckpointInfo info = Checkpoints.verify(dir);
        if (!info.weightsSha256().equals(model.sha256())) {
            throw new CheckpointException("model " + model + " has weights with SHA-256 " + info.weightsSha256());
        }
    }
}
