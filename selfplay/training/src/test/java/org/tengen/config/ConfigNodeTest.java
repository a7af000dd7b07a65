package org.tengen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigNodeTest {

    private static ConfigNode parse(String yaml) {
        return ConfigNode.parse("test.yaml", new StringReader(yaml));
    }

    @Test
    void readsNestedFieldsWithDefaults() {
        ConfigNode root = parse("""
                board:
                  width: 9
                search: {simulations: 64, c: 1.5}
                name: quick
                """);
        assertEquals(9, root.child("board").getInt("width", 5));
        assertEquals(9, root.child("board").getInt("height", 9));
        ConfigNode search = root.child("search");
        assertEquals(64, search.getInt("simulations", 1));
        assertEquals(1.5, search.getDouble("c", 0));
        assertEquals("quick", root.getString("name", ""));
        root.finish();
    }

    @Test
    void unknownFieldIsAnErrorWithPathAndSuggestion() {
        ConfigNode root = parse("search:\n  simulatons: 64\n");
        root.child("search").getInt("simulations", 32);
        ConfigException e = assertThrows(ConfigException.class, root::finish);
        assertTrue(e.getMessage().contains("search.simulatons: unknown field (did you mean 'simulations'?)"),
                e.getMessage());
    }

    /**
     * Found by ConfigFuzzTest: SnakeYAML let a bad explicitly tagged value fail with its own exception (a
     * NumberFormatException, a ClassCastException).
     */
    @ParameterizedTest
    @ValueSource(strings = {"a: !!int x", "a: !!map x", "!!map a"})
    void aBadlyTaggedValueIsAConfigError(String yaml) {
        ConfigException e = assertThrows(ConfigException.class, () -> parse(yaml));
        assertTrue(e.getMessage().startsWith("test.yaml: not valid YAML: "), e.getMessage());
    }

    /** Found by ConfigFuzzTest: a block scalar echoed in the message split it over several lines. */
    @Test
    void aMultiLineValueIsEchoedOnOneLine() {
        ConfigNode root = parse("training: |\n  block\n  text\n");
        ConfigException e = assertThrows(ConfigException.class, () -> root.child("training"));
        assertEquals("test.yaml: training: expected a mapping of fields, got 'block text '", e.getMessage());
    }

    @Test
    void wrongTypesAndRangesNameTheField() {
        ConfigNode root = parse("a: x\nb: 3.5\nc: 100\nd: [1]\n");
        assertTrue(assertThrows(ConfigException.class, () -> root.getInt("a", 0)).getMessage()
                .contains("a: expected a whole number, got 'x'"));
        assertTrue(assertThrows(ConfigException.class, () -> root.getInt("b", 0)).getMessage()
                .contains("b: expected a whole number"));
        assertTrue(assertThrows(ConfigException.class, () -> root.getInt("c", 0, 1, 10)).getMessage()
                .contains("c: 100 is out of range 1..10"));
        assertTrue(assertThrows(ConfigException.class, () -> root.child("d")).getMessage()
                .contains("d: expected a mapping of fields, got a list"));
    }

    @Test
    void choicesAndLists() {
        ConfigNode root = parse("algo: GUMBEL\nanchors: [random, mcts]\nbad: nope\n");
        assertEquals("gumbel", root.getChoice("algo", "puct", List.of("puct", "gumbel")));
        assertEquals(List.of("random", "mcts"), root.getStringList("anchors", List.of()));
        ConfigException e = assertThrows(ConfigException.class,
                () -> root.getChoice("bad", "puct", List.of("puct", "gumbel")));
        assertTrue(e.getMessage().contains("'nope' is not one of puct, gumbel"));
    }

    @Test
    void malformedYamlAndDuplicateKeysAreClearErrors() {
        assertTrue(assertThrows(ConfigException.class, () -> parse("a: [1, 2\n")).getMessage()
                .startsWith("test.yaml: not valid YAML"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("a: 1\na: 2\n")).getMessage()
                .startsWith("test.yaml: not valid YAML"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("- 1\n- 2\n")).getMessage()
                .contains("top level must be a mapping"));
    }

    @Test
    void missingFileIsAClearError() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigNode.load(java.nio.file.Path.of("no/such/config.yaml")));
        assertEquals("config file no/such/config.yaml does not exist", e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void hugeAndNonRegularFilesAreRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        java.nio.file.Path huge = tmp.resolve("huge.yaml");
        java.nio.file.Files.writeString(huge, "# " + "x".repeat(10 << 20) + "\nname: big\n");
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> ConfigNode.load(huge));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("longer than 1048576 characters"),
                e.getMessage());
        ConfigException dir = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> ConfigNode.load(tmp));
        org.junit.jupiter.api.Assertions.assertEquals("config file " + tmp + " is not a regular file",
                dir.getMessage());
        java.nio.file.Path binary = java.nio.file.Files.write(tmp.resolve("binary.yaml"),
                new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80});
        assertEquals(binary + " is not UTF-8 text",
                assertThrows(ConfigException.class, () -> ConfigNode.load(binary)).getMessage());
    }
}
