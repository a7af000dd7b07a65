package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import org.tengen.config.ConfigException;
import org.tengen.config.ConfigNode;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.search.SearchAlgorithm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class RunConfigTest {
    /** The repository's configs folder, from the selfplay module's working directory. */
    static final Path CONFIGS = Path.of("..", "..", "configs");

    private static RunConfig parse(String yaml) {
        return RunConfig.from(ConfigNode.parse("test.yaml", new StringReader(yaml)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"quick-5x5.yaml", "7x7.yaml", "9x9.yaml",
        "19x19.yaml"})
    void shippedConfigsLoad(String file) {
        RunConfig config = RunConfig.load(CONFIGS.resolve(file));
        assertTrue(config.generations() > 0);
        assertEquals(config.featureSet().planes(), config.network().inputPlanes());
    }

    /**
     * Issue 24: the arena section was called {@code evaluation} and a shard a part ({@code gamesPerPart}); configs and
     * run directories of then still load.
     */
    @ParameterizedTest
    @ValueSource(strings = {"quick-5x5.yaml", "9x9.yaml"})
    void aConfigWithEarlierNamesLoadsEqualToTheCurrentOne(String file) throws java.io.IOException {
        String current = java.nio.file.Files.readString(CONFIGS.resolve(file));
        String earlier = current.replace("\narena:\n", "\nevaluation:\n").replace(" gamesPerShard:", " gamesPerPart:");
        assertTrue(earlier.contains("\nevaluation:\n") && earlier.contains(" gamesPerPart:"), earlier);
        assertEquals(parse(current), parse(earlier));
    }

    @Test
    void aFieldUnderBothItsNamesIsRefusedInOneLine() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> parse("arena:\n  gamesVsPrevious: 4\nevaluation:\n  gamesVsPrevious: 6\n"));
        assertEquals("test.yaml: evaluation is the earlier name of arena: give only arena", e.getMessage());
        assertEquals("arena.search.simulations", RunConfig.currentName("evaluation.search.simulations"));
        assertEquals("selfplay.gamesPerShard", RunConfig.currentName("selfplay.gamesPerPart"));
        assertEquals("selfplay.search.simulations", RunConfig.currentName("selfplay.search.simulations"));
        assertEquals("evaluationX", RunConfig.currentName("evaluationX"), "a prefix of a name is not the name");
    }

    @Test
    void quickConfigClaimsTheReadmesMeasuredTime() throws java.io.IOException {
        java.util.regex.Pattern about = java.util.regex.Pattern.compile("about (\\d+) minutes");
        String readme = java.nio.file.Files.readAllLines(CONFIGS.resolve("../README.md")).stream()
                .filter(line -> line.contains("train on the quick 5x5 config")).findFirst().orElseThrow();
        String header = java.nio.file.Files.readAllLines(CONFIGS.resolve("quick-5x5.yaml")).get(0);
        java.util.regex.Matcher inReadme = about.matcher(readme);
        java.util.regex.Matcher inConfig = about.matcher(header);
        assertTrue(inReadme.find(), readme);
        assertTrue(inConfig.find(), header);
        assertEquals(inReadme.group(1), inConfig.group(1), "README: " + readme + "\nconfig: " + header);
    }

    @Test
    void quickConfigIsFiveByFiveGumbel() {
        RunConfig config = RunConfig.load(CONFIGS.resolve("quick-5x5.yaml"));
        assertEquals(5, config.rules().width());
        assertEquals(0.5, config.rules().komi());
        assertEquals(SearchAlgorithm.GUMBEL, config.search().algorithm());
        assertEquals(SearchAlgorithm.PUCT, config.arena().search().algorithm());
        assertEquals(0f, config.arena().search().puct().dirichletEpsilon());
    }

    @Test
    void anEmptySearchSectionIsThePreset() {
        RunConfig config = parse("");
        assertEquals(org.tengen.search.SearchConfig.selfPlayDefaults(), config.search());
        assertEquals(org.tengen.search.SearchConfig.arenaDefaults(), config.arena().search());
        assertEquals(config, RunConfig.defaults());
    }

    @Test
    void defaultsFillAnEmptyConfig() {
        RunConfig config = parse("");
        assertEquals(9, config.rules().width());
        assertEquals("az17", config.features());
        assertEquals(243, config.rules().maxMoves(), "3 turns per point of 9x9");
    }

    @Test
    void typosAndBadValuesNameTheField() {
        assertTrue(assertThrows(ConfigException.class, () -> parse("selfplay:\n  gamesPerGenration: 5\n"))
                .getMessage().contains("selfplay.gamesPerGenration: unknown field (did you mean "
                        + "'gamesPerGeneration'?)"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("game:\n  rules: japanese\n")).getMessage()
                .contains("game.rules: 'japanese' is not one of tromp-taylor, aga, nz, chinese, simple-ko"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("mode: async\npretrain: {data: d}\n"))
                .getMessage().contains("mode: async does not pre-train the initial network"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("mode: asynch\n")).getMessage()
                .contains("mode"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("game:\n  komi: 6.3\n")).getMessage()
                .contains("game: komi 6.3 is not a multiple of 0.5"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("features: az4\n")).getMessage()
                .contains("features:"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("network:\n  blocks: 0\n")).getMessage()
                .contains("network.blocks: 0 is out of range 1..256"));
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("arena:\n  anchors: [random, gnugo]\n")).getMessage()
                .contains("arena.anchors: unknown anchor 'gnugo'"));
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("selfplay:\n  search:\n    algorithm: gumbel\n    reuseTree: true\n")).getMessage()
                .contains("selfplay.search: reuseTree is not supported with GUMBEL"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("backend: cuda\n")).getMessage()
                .contains("backend: 'cuda' is not one of libtorch, onnx, int8, auto"));
    }

    @Test
    void theBackendDefaultsToAutoAndReadsAnyCase() {
        assertEquals(InferenceBackend.AUTO, parse("").backend());
        assertEquals(InferenceBackend.LIBTORCH, parse("backend: LibTorch\n").backend());
        assertEquals(InferenceBackend.ONNX, parse("backend: onnx\n").backend());
    }

    @Test
    void pretrainingIsOffUnlessGivenItsData() {
        assertEquals(RunConfig.Pretrain.OFF, parse("").pretrain());
        assertEquals(new RunConfig.Pretrain(java.nio.file.Path.of("data/gnugo"), 1000),
                parse("pretrain: {data: data/gnugo}\n").pretrain());
        assertEquals(50, parse("pretrain: {data: d, steps: 50}\n").pretrain().steps());
        assertTrue(assertThrows(ConfigException.class, () -> parse("pretrain: {steps: 50}\n")).getMessage()
                .contains("pretrain.data: the directory of imported shards (tengen import-sgf) is required"));
        assertTrue(assertThrows(ConfigException.class, () -> parse("pretrain: {data: d, steps: 0}\n")).getMessage()
                .contains("pretrain.steps: 0 is out of range"));
    }

    @Test
    void mixingImportedGamesNeedsTheirDirectory() {
        assertEquals(null, parse("").replay().external());
        assertEquals(0.0, parse("").replay().externalFraction());
        assertEquals(0.25, parse("replay: {external: d}\n").replay().externalFraction());
        assertTrue(assertThrows(ConfigException.class, () -> parse("replay: {externalFraction: 0.5}\n"))
                .getMessage().contains("replay.externalFraction: needs replay.external"));
    }

    @Test
    void randomKomiNeedsFeaturesThatShowKomi() {
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("features: az9\nselfplay:\n  randomKomi: {min: 0.5, max: 24.5}\n")).getMessage()
                .contains("selfplay.randomKomi: feature set 'az9' does not show komi"));
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("features: rich\nselfplay:\n  randomKomi: {min: 0.5, max: 2}\n")).getMessage()
                .contains("randomKomi: max must be min plus a whole number of points"));
        RunConfig.KomiRange range = parse("features: rich\nselfplay:\n  randomKomi: {min: 0.5, max: 24.5}\n")
                .selfPlayKomi();
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        java.util.Set<Double> drawn = new java.util.TreeSet<>();
        for (int i = 0; i < 2000; i++) {
            drawn.add(range.draw(org.tengen.env.rules.Rules.trompTaylor(5), random).komi());
        }
        assertEquals(25, drawn.size(), "every komi 0.5, 1.5 .. 24.5 is drawn: " + drawn);
        assertEquals(7.5, parse("").selfPlayKomi().draw(org.tengen.env.rules.Rules.trompTaylor(9), random).komi(),
                "without randomKomi, the game's komi");
    }

    @Test
    void anArenaSearchThatWouldRepeatOneGameIsRefused() {
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("arena:\n  search:\n    algorithm: gumbel\n    gumbelScale: 0\n")).getMessage()
                .contains("arena.search: gumbel with gumbelScale 0 plays every arena game between two players "
                        + "the same way"));
        assertTrue(assertThrows(ConfigException.class,
                () -> parse("arena:\n  search:\n    temperatureMoves: 0\n")).getMessage()
                .contains("arena.search: puct with temperatureMoves 0 plays every arena game"));
        assertEquals(SearchAlgorithm.GUMBEL, parse("arena:\n  search:\n    algorithm: gumbel\n"
                + "    gumbelScale: 1\n").arena().search().algorithm());
        // Self-play may be greedy: its games differ by their own noise settings, and nothing counts them as samples.
        assertEquals(0, parse("selfplay:\n  search:\n    algorithm: puct\n    temperatureMoves: 0\n").search()
                .puct().temperatureMoves());
    }
}
