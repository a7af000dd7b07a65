package org.tengen.sweep;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.tengen.config.ConfigNode;
import org.tengen.run.RunConfig;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * An experiment: a base run config, the variants to compare with it and the seeds to repeat each with. Every run's
 * config is the base's YAML with the variant's edits, its seed and its name; each is validated as a run config
 * before any run starts, so a typo in a field fails the whole sweep in one line instead of its fifth run.
 *
 * <p>Runs are named {@code VARIANT-sN} (seed N); {@code tengen report} groups runs so named into one row per
 * variant with intervals over the seeds.
 *
 * @param baseFile the base config's file, named in errors
 * @param baseText the base config's text
 * @param variants the variants, by unique name
 * @param seeds    the seeds each variant runs with
 */
public record SweepPlan(Path baseFile, String baseText, List<Variant> variants, List<Integer> seeds) {
    /** A run directory name's variant and seed, as {@link #runName} writes it. */
    public static final Pattern RUN_NAME = Pattern.compile("(.+)-s(\\d+)");
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9._=,+-]+");

    /**
     * One arm of the experiment.
     *
     * @param name  its name, part of the run directories' names
     * @param edits         dotted config field to its new value, as YAML reads it ({@code selfplay.search.simulations}
     *                      to {@code 32}, see {@link #value}); null removes the field
     * @param requireChange whether an edit that leaves its field as the base has it is an error: for a named
     *                      variant it is (a base edited since would silently make the variant a copy of it); a grid
     *                      point may be the base
     */
    public record Variant(String name, Map<String, Object> edits, boolean requireChange) {
        public Variant {
            if (!SAFE_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("variant name '" + name + "': use letters, digits and . _ = , + -");
            }
            edits = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(edits)); // applied in order
        }

        /** A named variant: every edit must change its field. */
        public Variant(String name, Map<String, Object> edits) {
            this(name, edits, true);
        }

        /** This variant after {@code shared}: those edits first, its own over them. */
        public Variant after(Map<String, Object> shared) {
            Map<String, Object> all = new LinkedHashMap<>(shared);
            all.putAll(edits);
            return new Variant(name, all, requireChange);
        }

        /** The base itself. */
        public static Variant base() {
            return new Variant("base", Map.of());
        }
    }

    /** One run of the sweep: its name (also its directory's), variant, seed and config text. */
    public record Run(String name, Variant variant, int seed, String config) {
    }

    public SweepPlan {
        variants = List.copyOf(variants);
        seeds = List.copyOf(seeds);
        if (variants.isEmpty() || seeds.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one variant and one seed");
        }
        if (variants.stream().map(Variant::name).distinct().count() < variants.size()) {
            throw new IllegalArgumentException("two variants have the same name");
        }
    }

    /**
     * The grid of {@code vary} (field to its values, in order): one variant per combination, named by its
     * values ({@code simulations=32,learningRate=0.01}).
     */
    public static List<Variant> grid(Map<String, List<Object>> vary) {
        List<Variant> grid = new ArrayList<>(List.of(new Variant("grid", Map.of(), false)));
        for (Map.Entry<String, List<Object>> field : vary.entrySet()) {
            if (field.getValue().isEmpty()) {
                throw new IllegalArgumentException("--vary " + field.getKey() + ": no values");
            }
            List<Variant> next = new ArrayList<>();
            for (Variant v : grid) {
                for (Object value : field.getValue()) {
                    Map<String, Object> edits = new LinkedHashMap<>(v.edits());
                    edits.put(field.getKey(), value);
                    String part = lastSegment(field.getKey()) + "=" + value;
                    next.add(new Variant(v.edits().isEmpty() ? part : v.name() + "," + part, edits, false));
                }
            }
            grid = next;
        }
        return grid;
    }

    /** The directory name of {@code variant}'s run with {@code seed}. */
    public static String runName(String variant, int seed) {
        return variant + "-s" + seed;
    }

    /**
     * Every run's config: the base with the variant's edits, {@code seed} and {@code name} set, checked as a run
     * config. Fields are written under their current names ({@link RunConfig#RENAMED}), in the base and the edits.
     *
     * @throws IllegalArgumentException naming the variant and the edit or field at fault
     */
    public List<Run> runs() {
        Map<String, Object> base = load(baseText);
        ConfigNode.renameFields(baseFile.toString(), base, RunConfig.RENAMED);
        String baseName = String.valueOf(base.getOrDefault("name", "run"));
        List<Run> runs = new ArrayList<>();
        for (Variant variant : variants) {
            Map<String, Object> edited = deepCopy(base);
            variant.edits().forEach((field, value) -> edit(edited, variant, RunConfig.currentName(field), value));
            for (int seed : seeds) {
                Map<String, Object> config = deepCopy(edited);
                config.put("seed", seed);
                String name = runName(variant.name(), seed);
                config.put("name", baseName + "-" + name);
                String text = dump(config);
                try {
                    RunConfig.from(ConfigNode.parse(name + ".yaml", new StringReader(text)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("variant " + variant.name() + ": " + e.getMessage(), e);
                }
                runs.add(new Run(name, variant, seed, text));
            }
        }
        return runs;
    }

    /** A value as YAML reads {@code text}: {@code 32}, {@code true}, {@code cosine}, {@code [random]}; ~ is null. */
    public static Object value(String text) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    /**
     * Variants and shared edits from a YAML file: {@code set} (field to value, for every run) and {@code variants}
     * (name to its fields and values), fields as dotted paths.
     */
    public record VariantFile(Map<String, Object> set, List<Variant> variants) {
        public static VariantFile read(Path file) {
            Object root;
            try {
                root = new Yaml(new SafeConstructor(new LoaderOptions())).load(java.nio.file.Files.readString(file));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(file + ": not YAML: " + e.getMessage().lines().findFirst()
                        .orElse(""), e);
            }
            Map<String, Object> top = section(file, "the file", root);
            for (String key : top.keySet()) {
                if (!key.equals("set") && !key.equals("variants")) {
                    throw new IllegalArgumentException(file + ": unknown field '" + key + "' (set, variants)");
                }
            }
            List<Variant> variants = new ArrayList<>();
            section(file, "variants", top.get("variants")).forEach((name, edits) ->
                    variants.add(new Variant(name, section(file, "variants." + name, edits))));
            return new VariantFile(section(file, "set", top.get("set")), variants);
        }

        private static Map<String, Object> section(Path file, String name, Object node) {
            if (node == null) {
                return Map.of();
            }
            if (!(node instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException(file + ": " + name + " must be a mapping of fields to values");
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            map.forEach((k, v) -> fields.put(String.valueOf(k), v));
            return fields;
        }
    }

    /** Sets (or with null removes) dotted {@code field}, refusing an edit that changes nothing. */
    private void edit(Map<String, Object> config, Variant variant, String field, Object parsed) {
        String[] path = field.split("\\.");
        Map<String, Object> node = config;
        for (int i = 0; i < path.length - 1; i++) {
            Object child = node.computeIfAbsent(path[i], k -> new LinkedHashMap<String, Object>());
            if (!(child instanceof Map<?, ?>)) {
                throw new IllegalArgumentException("variant " + variant.name() + ": " + field + ": "
                        + String.join(".", List.of(path).subList(0, i + 1)) + " is not a section in " + baseFile);
            }
            node = castMap(child);
        }
        String key = path[path.length - 1];
        Object old = node.get(key);
        if (variant.requireChange() && Objects.equals(old, parsed) && (parsed != null || !node.containsKey(key))) {
            throw new IllegalArgumentException("variant " + variant.name() + ": " + field + "=" + parsed
                    + " changes nothing in " + baseFile);
        }
        if (parsed == null) {
            node.remove(key);
        } else {
            node.put(key, parsed);
        }
    }

    private Map<String, Object> load(String text) {
        Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        if (root == null) {
            return new LinkedHashMap<>();
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException(baseFile + ": not a run config (a YAML mapping)");
        }
        return deepCopy(castMap(map));
    }

    private static String dump(Map<String, Object> config) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(new Representer(options), options).dump(config);
    }

    private static Map<String, Object> deepCopy(Map<String, Object> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, v instanceof Map<?, ?> m ? deepCopy(castMap(m)) : v));
        return copy;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object map) {
        return (Map<String, Object>) map;
    }

    private static String lastSegment(String field) {
        return field.substring(field.lastIndexOf('.') + 1);
    }
}
