package org.tengen.models.inference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tengen.env.io.AtomicFiles;
import org.tengen.env.io.IoErrors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The speed half of {@link InferenceBackend#AUTO}'s choice: whether int8 is enough faster than fp32 ONNX Runtime on
 * this CPU ({@link InferenceBackend#INT8_MIN_SPEEDUP}). A timing probe is noisy on a loaded machine, so it is made
 * once and kept in {@value #FILE} of the folder where networks run (a run directory for {@code train},
 * {@code match} and {@code gtp} on a run; a role's cache for actors and the arena), with the probe's figures and
 * the CPU, and decided again only on another CPU; elsewhere (a bare checkpoint) once per process. The other half, whether a network's int8 model agrees with fp32,
 * is a property of the network, kept with its int8 model ({@link Int8Net#of}).
 */
public final class AutoChoice {
    /** The file of a run's decision, in the run directory. */
    public static final String FILE = "inference.yaml";
    private static final Logger LOG = LoggerFactory.getLogger(AutoChoice.class);
    private static final AutoChoice PROCESS = new AutoChoice(null);

    private final Path file;
    private Decision decision;

    /**
     * A decision.
     *
     * @param int8       whether auto runs networks whose int8 model agrees on int8
     * @param speedup    the probe's int8 positions/s over fp32's
     * @param checkpoint the network it was probed with
     * @param cpu        the CPU it was probed on ({@link CpuFeatures#describe()})
     * @param decided    when
     */
    public record Decision(boolean int8, double speedup, String checkpoint, String cpu, Instant decided) {
    }

    private AutoChoice(Path file) {
        this.file = file;
    }

    /** Decided once in this process, kept nowhere. */
    public static AutoChoice perProcess() {
        return PROCESS;
    }

    /** Decided once and kept in {@code file} (a run's {@value #FILE}), read from there when it holds a decision. */
    public static AutoChoice recordedIn(Path file) {
        return new AutoChoice(file);
    }

    /**
     * The decision: the one made already (in this process, or kept in the file on this CPU), else made now by running
     * {@code probe} (int8 over fp32 speed) on {@code checkpoint}'s network, and kept.
     */
    public synchronized Decision decide(String checkpoint, DoubleSupplier probe) {
        if (decision == null && file != null) {
            decision = read().orElse(null);
        }
        if (decision == null) {
            double speedup = probe.getAsDouble();
            decision = new Decision(speedup >= InferenceBackend.INT8_MIN_SPEEDUP, speedup, checkpoint,
                    CpuFeatures.detect().describe(), Instant.now());
            LOG.info("Inference backend auto decided {} int8 on this CPU: {} times as fast as fp32 in the probe on {}"
                    + " (needs {}){}", decision.int8() ? "for" : "against", format(speedup), checkpoint,
                    InferenceBackend.INT8_MIN_SPEEDUP, file == null ? "" : "; kept in " + file);
            write();
        }
        return decision;
    }

    /** The decision kept in the file for this CPU, or empty (none, another CPU's, or unreadable: logged). */
    private Optional<Decision> read() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file,
                    StandardCharsets.UTF_8));
            if (doc instanceof Map<?, ?> map && map.get("int8") instanceof Boolean int8
                    && map.get("speedup") instanceof Number speedup && map.get("cpu") instanceof String cpu
                    && map.get("checkpoint") != null && map.get("decided") != null) {
                Decision d = new Decision(int8, speedup.doubleValue(), map.get("checkpoint").toString(), cpu,
                        Instant.parse(map.get("decided").toString()));
                if (!cpu.equals(CpuFeatures.detect().describe())) {
                    LOG.info("{} was decided on another CPU ({}); deciding again on this one", file, cpu);
                    return Optional.empty();
                }
                LOG.info("Inference backend auto: {} int8, as decided on {} ({} times as fast as fp32 on {}, kept "
                        + "in {})", d.int8() ? "for" : "against", d.decided(), format(d.speedup()), d.checkpoint(),
                        file);
                return Optional.of(d);
            }
            LOG.warn("{} lacks a field of the decision (int8, speedup, checkpoint, cpu, decided); deciding again",
                    file);
        } catch (IOException | YAMLException | java.time.format.DateTimeParseException e) {
            LOG.warn("Cannot read {} ({}); deciding again", file, e.getMessage());
        }
        return Optional.empty();
    }

    private void write() {
        if (file == null) {
            return;
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("int8", decision.int8());
        record.put("speedup", Double.parseDouble(format(decision.speedup())));
        record.put("minSpeedup", InferenceBackend.INT8_MIN_SPEEDUP);
        record.put("checkpoint", decision.checkpoint());
        record.put("cpu", decision.cpu());
        record.put("decided", decision.decided().toString());
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        String text = "# backend auto's speed decision for this run: int8 (where a network's int8 model agrees) or "
                + "fp32 ONNX Runtime.\n# Made once per CPU; delete this file to probe again.\n"
                + new Yaml(options).dump(record);
        try {
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.warn("Cannot keep auto's decision in {} ({}); this process keeps it", file, IoErrors.reason(e));
        }
    }

    private static String format(double speedup) {
        return String.format(Locale.ROOT, "%.2f", speedup);
    }
}
