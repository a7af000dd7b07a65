package org.tengen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tengen.config.ConfigNode;
import org.tengen.run.RunConfig;

class SweepPlanTest {
    private static final String BASE = """
            name: tiny
            game: {size: 5, komi: 0.5}
            features: az5
            network: {blocks: 1, channels: 8, scoreHead: true}
            selfplay:
              gamesPerGeneration: 8
              search: {algorithm: gumbel, simulations: 8, scoreUtility: 0.3}
            training: {schedule: cosine, floor: 0.1}
            """;

    private static RunConfig parse(SweepPlan.Run run) {
        return RunConfig.from(ConfigNode.parse(run.name(), new StringReader(run.config())));
    }

    private static SweepPlan plan(List<SweepPlan.Variant> variants, int seeds) {
        return new SweepPlan(Path.of("base.yaml"), BASE, variants, java.util.stream.IntStream.rangeClosed(1, seeds)
                .boxed().toList());
    }

    @Test
    void aGridHasEveryCombinationNamedByItsValues() {
        Map<String, List<Object>> vary = new LinkedHashMap<>();
        vary.put("selfplay.search.simulations", List.of(8, 16));
        vary.put("training.learningRate", List.of(0.01, 0.02, 0.04));
        List<SweepPlan.Variant> grid = SweepPlan.grid(vary);
        assertEquals(6, grid.size());
        assertEquals("simulations=8,learningRate=0.01", grid.get(0).name());
        assertEquals("simulations=16,learningRate=0.04", grid.get(5).name());

        List<SweepPlan.Run> runs = plan(grid, 2).runs();
        assertEquals(12, runs.size());
        SweepPlan.Run last = runs.get(11);
        assertEquals("simulations=16,learningRate=0.04-s2", last.name());
        RunConfig config = parse(last);
        assertEquals(16, config.search().simulations());
        assertEquals(0.04, config.training().learningRate(), 1e-9);
        assertEquals(2, config.seed());
        assertEquals("tiny-simulations=16,learningRate=0.04-s2", config.name());
    }

    @Test
    void aVariantChangesItsFieldsAloneAndTildeRemovesOne() {
        Map<String, Object> edits = new LinkedHashMap<>();
        edits.put("training.schedule", "constant");
        edits.put("training.floor", SweepPlan.value("~"));
        SweepPlan.Variant constant = new SweepPlan.Variant("constant-lr", edits);
        List<SweepPlan.Run> runs = plan(List.of(SweepPlan.Variant.base(), constant), 1).runs();
        RunConfig base = parse(runs.get(0));
        RunConfig changed = parse(runs.get(1));
        assertEquals(base.search(), changed.search());
        assertEquals(base.network(), changed.network());
        assertFalse(runs.get(1).config().contains("floor"));
        assertEquals("constant-lr-s1", SweepPlan.runName("constant-lr", 1));
        java.util.regex.Matcher name = SweepPlan.RUN_NAME.matcher("constant-lr-s12");
        assertEquals(true, name.matches());
        assertEquals(List.of("constant-lr", "12"), List.of(name.group(1), name.group(2)));
    }

    /** Issue 24: {@code evaluation} is now {@code arena}, in a base config and in an edit, in either order. */
    @Test
    void earlierNamesOfFieldsAreEditedAndWrittenUnderTheCurrentOnes() {
        String earlierBase = BASE + "evaluation: {gamesVsAnchors: 4}\n";
        SweepPlan.Variant earlierEdit = new SweepPlan.Variant("more", Map.of("evaluation.gamesVsAnchors", 6));
        SweepPlan.Variant currentEdit = new SweepPlan.Variant("more", Map.of("arena.gamesVsAnchors", 6));
        for (String base : List.of(earlierBase, earlierBase.replace("evaluation:", "arena:"))) {
            for (SweepPlan.Variant edit : List.of(earlierEdit, currentEdit)) {
                SweepPlan.Run run = new SweepPlan(Path.of("base.yaml"), base, List.of(edit), List.of(1)).runs().get(0);
                assertEquals(6, parse(run).arena().gamesVsAnchors(), run.config());
                assertFalse(run.config().contains("evaluation"), run.config());
            }
        }
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class, () -> new SweepPlan(
                Path.of("base.yaml"), earlierBase, List.of(new SweepPlan.Variant("same",
                Map.of("arena.gamesVsAnchors", 4))), List.of(1)).runs());
        assertEquals("variant same: arena.gamesVsAnchors=4 changes nothing in base.yaml", same.getMessage());
    }

    @Test
    void anEditThatChangesNothingOrBreaksTheConfigIsRefusedNamingTheVariant() {
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class, () -> plan(List.of(
                new SweepPlan.Variant("same", Map.of("selfplay.search.simulations", 8))), 1).runs());
        assertEquals("variant same: selfplay.search.simulations=8 changes nothing in base.yaml", same.getMessage());

        IllegalArgumentException typo = assertThrows(IllegalArgumentException.class, () -> plan(List.of(
                new SweepPlan.Variant("typo", Map.of("selfplay.search.simulaton", 16))), 1).runs());
        assertEquals(true, typo.getMessage().startsWith("variant typo: "), typo.getMessage());
        assertEquals(true, typo.getMessage().contains("did you mean 'simulations'"), typo.getMessage());

        IllegalArgumentException notASection = assertThrows(IllegalArgumentException.class, () -> plan(List.of(
                new SweepPlan.Variant("deep", Map.of("features.x", 1))), 1).runs());
        assertEquals("variant deep: features.x: features is not a section in base.yaml", notASection.getMessage());

        assertThrows(IllegalArgumentException.class, () -> new SweepPlan.Variant("a/b", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> plan(List.of(SweepPlan.Variant.base(),
                SweepPlan.Variant.base()), 1));
    }
}
