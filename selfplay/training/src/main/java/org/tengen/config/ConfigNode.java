package org.tengen.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A strict view of one YAML mapping. Readers take fields by name with a default; {@link #finish()} then fails on
 * any field nobody read, so a typo is an error ("selfplay.search.simulatons: unknown field; known: ...") instead of
 * a silently ignored setting. Every error names the full dotted path.
 */
public final class ConfigNode {
    private final String source;
    private final String path;
    private final Map<String, Object> values;
    private final Set<String> known = new LinkedHashSet<>();
    private final Map<String, ConfigNode> children = new LinkedHashMap<>();

    private ConfigNode(String source, String path, Map<String, Object> values) {
        this.source = source;
        this.path = path;
        this.values = values;
    }

    /** The most characters a config may have. */
    public static final int MAX_CHARS = 1 << 20;

    /** Parses a YAML file whose top level is a mapping (an empty file is an empty mapping). */
    public static ConfigNode load(Path file) {
        return parse(file.toString(), new java.io.StringReader(readText(file)));
    }

    /**
     * The text of a config file, refused with one line naming it when it is missing, not a regular file, not UTF-8
     * text (a binary file) or longer than {@link #MAX_CHARS}.
     */
    public static String readText(Path file) {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new ConfigException("config file " + file + " is not a regular file");
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return bounded(file.toString(), reader);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file " + file + " does not exist");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ConfigException("config file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The text of {@code reader}, refused beyond {@link #MAX_CHARS}: a run config is a few KB, and the YAML parser
     * would spend minutes on a file of many MB (a huge comment, a binary file).
     */
    private static String bounded(String source, Reader reader) {
        char[] buffer = new char[8192];
        StringBuilder text = new StringBuilder();
        try {
            for (int n; (n = reader.read(buffer)) != -1; ) {
                text.append(buffer, 0, n);
                if (text.length() > MAX_CHARS) {
                    throw new ConfigException(source + ": longer than " + MAX_CHARS + " characters; a run config is "
                            + "a few KB");
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ConfigException(source + " is not UTF-8 text");
        } catch (IOException e) {
            throw new ConfigException("cannot read " + source + ": " + e.getMessage(), e);
        }
        return text.toString();
    }

    /** Parses YAML text; {@code source} names it in messages. */
    public static ConfigNode parse(String source, Reader reader) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(10);
        String text = bounded(source, reader);
        Object root;
        try {
            root = new Yaml(new SafeConstructor(options)).load(text);
        } catch (RuntimeException e) {
            // Besides its YAMLException, SnakeYAML fails on some explicitly tagged values with whatever their conversion
            // throws (!!int x: NumberFormatException, !!map x: ClassCastException).
            throw new ConfigException(source + ": not valid YAML: " + e.getMessage(), e);
        }
        if (root == null) {
            return new ConfigNode(source, "", new LinkedHashMap<>());
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new ConfigException(source + ": the top level must be a mapping of fields");
        }
        return new ConfigNode(source, "", asStringMap(source, "", map));
    }

    private static Map<String, Object> asStringMap(String source, String path, Map<?, ?> map) {
        Map<String, Object> result = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw new ConfigException(source + ": " + (path.isEmpty() ? "" : path + ": ") + "field name "
                        + e.getKey() + " is not a string");
            }
            result.put(key, e.getValue());
        }
        return result;
    }

    /**
     * Reads the fields that {@code renamed} maps from an earlier dotted name to the current one ({@code evaluation}
     * to {@code arena}) under their current names, so that a config written before a rename still loads. Call it on
     * the top node before reading; a config that gives a field under both names is refused.
     */
    public void rename(Map<String, String> renamed) {
        renameFields(source, values, renamed);
    }

    /**
     * {@link #rename} on a mapping as YAML reads it (nested mappings are {@code Map}s): each field of {@code renamed}
     * found there is moved to its current name, which keeps its parent and its place among its siblings.
     *
     * @throws ConfigException naming {@code source} and both names when the mapping gives a field under both
     */
    public static void renameFields(String source, Map<String, Object> root, Map<String, String> renamed) {
        renamed.forEach((earlier, current) -> {
            int dot = earlier.lastIndexOf('.');
            if (dot != current.lastIndexOf('.') || !current.startsWith(earlier.substring(0, dot + 1))) {
                throw new IllegalArgumentException("a rename keeps a field's parent: " + earlier + " -> " + current);
            }
            Object parent = root;
            for (String key : earlier.substring(0, dot + 1).split("\\.")) {
                parent = key.isEmpty() || !(parent instanceof Map<?, ?> map) ? parent : map.get(key);
            }
            String from = earlier.substring(dot + 1);
            String to = current.substring(dot + 1);
            if (!(parent instanceof Map<?, ?> map) || !map.containsKey(from)) {
                return;
            }
            if (map.containsKey(to)) {
                throw new ConfigException(source + ": " + earlier + " is the earlier name of " + current
                        + ": give only " + current);
            }
            @SuppressWarnings("unchecked")
            Map<Object, Object> fields = (Map<Object, Object>) map;
            Map<Object, Object> reordered = new LinkedHashMap<>();
            fields.forEach((k, v) -> reordered.put(from.equals(k) ? to : k, v));
            fields.clear();
            fields.putAll(reordered);
        });
    }

    /** The dotted path of this node ("" at the top). */
    public String path() {
        return path;
    }

    private String at(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private ConfigException error(String key, String problem) {
        return new ConfigException(source + ": " + at(key) + ": " + problem);
    }

    public boolean has(String key) {
        known.add(key);
        return values.containsKey(key) && values.get(key) != null;
    }

    /** A nested mapping; an absent one reads as empty so its fields take their defaults. */
    public ConfigNode child(String key) {
        known.add(key);
        ConfigNode existing = children.get(key);
        if (existing != null) {
            return existing;
        }
        Object v = values.get(key);
        Map<String, Object> map;
        if (v == null) {
            map = new LinkedHashMap<>();
        } else if (v instanceof Map<?, ?> m) {
            map = asStringMap(source, at(key), m);
        } else {
            throw error(key, "expected a mapping of fields, got " + describe(v));
        }
        ConfigNode node = new ConfigNode(source, at(key), map);
        children.put(key, node);
        return node;
    }

    public int getInt(String key, int def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        if (v instanceof Integer i) {
            return i;
        }
        if (v instanceof Long l && l == (int) (long) l) {
            return (int) (long) l;
        }
        throw error(key, "expected a whole number, got " + describe(v));
    }

    /** An int within {@code [min, max]}. */
    public int getInt(String key, int def, int min, int max) {
        int v = getInt(key, def);
        if (v < min || v > max) {
            throw error(key, v + " is out of range " + min + ".." + max);
        }
        return v;
    }

    public double getDouble(String key, double def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw error(key, "expected a number, got " + describe(v));
    }

    /** A double within {@code [min, max]}. */
    public double getDouble(String key, double def, double min, double max) {
        double v = getDouble(key, def);
        if (!(v >= min && v <= max)) {
            throw error(key, v + " is out of range " + min + ".." + max);
        }
        return v;
    }

    public boolean getBoolean(String key, boolean def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw error(key, "expected true or false, got " + describe(v));
    }

    public String getString(String key, String def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        throw error(key, "expected a string, got " + describe(v));
    }

    /** One of {@code choices} (case-insensitive, '_' and '-' alike), returned as written in {@code choices}. */
    public String getChoice(String key, String def, Collection<String> choices) {
        String v = getString(key, def);
        String norm = v.toLowerCase(Locale.ROOT).replace('_', '-');
        for (String c : choices) {
            if (c.toLowerCase(Locale.ROOT).replace('_', '-').equals(norm)) {
                return c;
            }
        }
        throw error(key, "'" + v + "' is not one of " + String.join(", ", choices));
    }

    /** A list of strings (a single scalar reads as a one-element list). */
    public List<String> getStringList(String key, List<String> def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        List<String> out = new ArrayList<>();
        if (v instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map || o instanceof List || o == null) {
                    throw error(key, "expected a list of plain values, got an entry " + describe(o));
                }
                out.add(o.toString());
            }
        } else if (v instanceof Map) {
            throw error(key, "expected a list, got a mapping");
        } else {
            out.add(v.toString());
        }
        return List.copyOf(out);
    }

    /** A mapping of names to plain values (strings, numbers, booleans), in file order. */
    public Map<String, String> getStringMap(String key, Map<String, String> def) {
        Object v = raw(key);
        if (v == null) {
            return def;
        }
        if (!(v instanceof Map<?, ?> map)) {
            throw error(key, "expected a mapping of names to values, got " + describe(v));
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : asStringMap(source, at(key), map).entrySet()) {
            Object o = e.getValue();
            if (o instanceof Map || o instanceof List || o == null) {
                throw error(key, "expected a plain value for '" + e.getKey() + "', got " + describe(o));
            }
            out.put(e.getKey(), o.toString());
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** Wraps a validation failure of a value already read with the path of its field. */
    public ConfigException invalid(String key, String problem) {
        return error(key, problem);
    }

    /** Wraps a validation failure of this whole section (e.g. from a record constructor) with its path. */
    public ConfigException invalid(String problem) {
        return new ConfigException(source + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
    }

    private Object raw(String key) {
        known.add(key);
        return values.get(key);
    }

    /** Fails on any field of this node or its children that no reader asked for. */
    public void finish() {
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                String hint = closest(key, known);
                throw error(key, "unknown field" + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                        + "; known fields here: " + String.join(", ", known));
            }
        }
        for (ConfigNode c : children.values()) {
            c.finish();
        }
    }

    private static String closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = 3;
        for (String c : candidates) {
            int d = editDistance(word.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best;
    }

    private static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static String describe(Object v) {
        if (v instanceof Map) {
            return "a mapping";
        }
        if (v instanceof List) {
            return "a list";
        }
        return "'" + v + "'";
    }
}
