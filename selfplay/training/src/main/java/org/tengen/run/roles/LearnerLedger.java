package org.tengen.run.roles;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.ModelRef;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * What the learner committed with one generation's model ({@link RunLayout#ledger}): the shards it trained on
 * for the first time ({@code consumed}), those it found too old to train on ({@code stale}), the replay window the
 * model was trained on, and the highest shard number of each actor its listing had seen. Every shard is in at most one
 * ledger, consumed or stale, and all shards up to an actor's {@code seen} number are in one.
 *
 * @param model      the model of this generation
 * @param step       the optimiser's step count after training it
 * @param steps      training steps of this generation
 * @param consumed   keys of the shards new to this generation's training
 * @param stale      keys of the shards dropped unseen, their model more than {@code replay.maxModelAge} generations old
 * @param window     keys of every shard in the replay window it trained on, oldest first
 * @param seen       per actor, the highest shard number listed before training
 * @param loss       mean total loss of its training steps (NaN for the initial model)
 */
public record LearnerLedger(ModelRef model, long step, int steps, List<String> consumed, List<String> stale,
                            List<String> window, Map<String, Long> seen, double loss) {
    public LearnerLedger {
        consumed = List.copyOf(consumed);
        stale = List.copyOf(stale);
        window = List.copyOf(window);
        seen = new TreeMap<>(seen);
    }

    /** The ledger of the initial model: nothing trained. */
    public static LearnerLedger initial(ModelRef model) {
        return new LearnerLedger(model, 0, 0, List.of(), List.of(), List.of(), Map.of(), Double.NaN);
    }

    public int generation() {
        return model.generation();
    }

    public byte[] toYaml() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("generation", model.generation());
        map.put("sha256", model.sha256());
        map.put("step", step);
        map.put("steps", steps);
        map.put("loss", Double.isNaN(loss) ? "nan" : loss);
        map.put("seen", new LinkedHashMap<>(seen));
        map.put("consumed", consumed);
        map.put("stale", stale);
        map.put("window", window);
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(map).getBytes(StandardCharsets.UTF_8);
    }

    /** The ledger a {@link #toYaml()} text holds, or empty if it holds none. */
    @SuppressWarnings("unchecked")
    public static Optional<LearnerLedger> fromYaml(byte[] bytes) {
        try {
            Object loaded = new Yaml(new SafeConstructor(new LoaderOptions()))
                    .load(new String(bytes, StandardCharsets.UTF_8));
            Map<String, Object> map = (Map<String, Object>) loaded;
            ModelRef model = new ModelRef(((Number) map.get("generation")).intValue(), (String) map.get("sha256"));
            Object loss = map.get("loss");
            Map<String, Long> seen = new TreeMap<>();
            ((Map<String, Object>) map.get("seen")).forEach((k, v) -> seen.put(k, ((Number) v).longValue()));
            return Optional.of(new LearnerLedger(model, ((Number) map.get("step")).longValue(),
                    ((Number) map.get("steps")).intValue(), (List<String>) map.get("consumed"),
                    (List<String>) map.get("stale"), (List<String>) map.get("window"), seen,
                    loss instanceof Number n ? n.doubleValue() : Double.NaN));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
