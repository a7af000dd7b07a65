package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tengen.config.ConfigException;
import org.tengen.config.ConfigNode;
import org.yaml.snakeyaml.Yaml;

/**
 * The reference config, configs/quick-5x5.yaml (its commented lines included), and the configs page,
 * docs/configs.md, name every field the run-config reader accepts, and no other. The reader's fields are found by
 * asking it: each section is given an unknown field, and the error lists the fields the reader asked for there.
 */
class ConfigFieldsDocumentedTest {
    private static final Path REFERENCE = RunConfigTest.CONFIGS.resolve("quick-5x5.yaml");
    private static final Path PAGE = RunConfigTest.CONFIGS.resolve("../docs/configs.md");
    /** Sections: fields whose value is a mapping of fields, documented by a heading rather than a row. */
    private static final Set<String> SECTIONS = Set.of("game", "network", "selfplay", "selfplay.search", "pretrain",
            "replay", "training", "arena", "arena.search");
    /** Each section's probe: a config that reaches the section's reader with an unknown field {@code zzz} in it. */
    private static final Map<String, String> PROBES = Map.ofEntries(
            Map.entry("", "zzz: 1\n"),
            Map.entry("game", "game: {zzz: 1}\n"),
            Map.entry("network", "network: {zzz: 1}\n"),
            Map.entry("selfplay", "features: rich\nselfplay: {zzz: 1, randomKomi: {min: 0.5, max: 1.5}}\n"),
            Map.entry("selfplay.randomKomi", "features: rich\nselfplay: {randomKomi: {min: 0.5, max: 1.5, zzz: 1}}\n"),
            Map.entry("selfplay.search", "selfplay: {search: {zzz: 1}}\n"),
            Map.entry("pretrain", "pretrain: {data: d, zzz: 1}\n"),
            Map.entry("replay", "replay: {zzz: 1}\n"),
            Map.entry("training", "training: {schedule: cosine, zzz: 1}\n"),
            Map.entry("training ", "training: {schedule: step, zzz: 1}\n"),
            Map.entry("arena", "arena: {zzz: 1}\n"),
            Map.entry("arena.search", "arena: {search: {zzz: 1}}\n"));
    private static final Pattern KNOWN = Pattern.compile("known fields here: (.*)$");

    /** Every field path the run-config reader accepts, such as {@code selfplay.search.simulations}. */
    static Set<String> readerFields() {
        Set<String> fields = new TreeSet<>();
        PROBES.forEach((section, yaml) -> {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> RunConfig.from(ConfigNode.parse("probe.yaml", new StringReader(yaml))), yaml);
            String prefix = section.strip().isEmpty() ? "" : section.strip() + ".";
            assertTrue(e.getMessage().contains(": " + prefix + "zzz: unknown field"), e.getMessage());
            Matcher known = KNOWN.matcher(e.getMessage());
            assertTrue(known.find(), e.getMessage());
            for (String field : known.group(1).split(", ")) {
                fields.add(prefix + field);
            }
        });
        return fields;
    }

    /** Field paths of the reference config with its commented-out fields put back ({@code # name: value} lines). */
    static Set<String> referenceFields() throws IOException {
        StringBuilder uncommented = new StringBuilder();
        Pattern commentedField = Pattern.compile("^(\\s*)# (\\s*[A-Za-z][\\w-]*:.*)$");
        for (String line : Files.readAllLines(REFERENCE)) {
            Matcher m = commentedField.matcher(line);
            uncommented.append(m.matches() ? m.group(1) + m.group(2) : line).append('\n');
        }
        Map<String, Object> root = new Yaml().load(uncommented.toString());
        Set<String> paths = new TreeSet<>();
        collect("", root, paths);
        return paths;
    }

    private static void collect(String prefix, Map<?, ?> map, Set<String> paths) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String path = prefix + e.getKey();
            paths.add(path);
            if (e.getValue() instanceof Map<?, ?> child && !path.equals("arena.externalAnchors")) {
                collect(path + ".", child, paths);
            }
        }
    }

    /** Field paths in backticks in the first column of the configs page's tables. */
    static Set<String> pageFields() throws IOException {
        Set<String> paths = new TreeSet<>();
        Pattern row = Pattern.compile("^\\| ([^|]*) \\|");
        Pattern code = Pattern.compile("`([A-Za-z][\\w.]*)`");
        for (String line : Files.readAllLines(PAGE)) {
            Matcher r = row.matcher(line);
            if (r.find()) {
                Matcher c = code.matcher(r.group(1));
                while (c.find()) {
                    paths.add(c.group(1));
                }
            }
        }
        return paths;
    }

    /** Where a field is documented: the arena search shares the self-play search's fields. */
    private static String documentedAs(String field) {
        String arenaSearch = "arena.search.";
        return field.startsWith(arenaSearch) ? "selfplay.search." + field.substring(arenaSearch.length()) : field;
    }

    @Test
    void theReferenceConfigNamesEveryField() throws IOException {
        Set<String> reference = referenceFields();
        List<String> missing = new ArrayList<>();
        for (String field : readerFields()) {
            if (!SECTIONS.contains(field) && !reference.contains(documentedAs(field))) {
                missing.add(field);
            }
        }
        assertTrue(missing.isEmpty(), REFERENCE + " does not name these fields (add each as a line, commented out "
                + "where it is not set: '# name: value  # meaning [default]'): " + missing);
        List<String> unknown = new ArrayList<>(reference);
        unknown.removeAll(readerFields());
        assertTrue(unknown.isEmpty(), REFERENCE + " names fields the reader does not accept: " + unknown);
    }

    @Test
    void theConfigsPageDocumentsEveryField() throws IOException {
        Set<String> page = pageFields();
        List<String> missing = new ArrayList<>();
        for (String field : readerFields()) {
            if (!SECTIONS.contains(field) && !page.contains(documentedAs(field))) {
                missing.add(field);
            }
        }
        assertTrue(missing.isEmpty(), PAGE + " has no row for these fields: " + missing);
        List<String> unknown = new ArrayList<>(page);
        unknown.removeAll(readerFields());
        assertTrue(unknown.isEmpty(), PAGE + " documents fields the reader does not accept: " + unknown);
        assertTrue(page.size() > 60, "the page's tables name the fields: " + page);
    }
}
