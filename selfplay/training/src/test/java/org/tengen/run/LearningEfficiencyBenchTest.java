package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tengen.config.ConfigNode;
import org.tengen.models.learn.LrSchedule;
import org.tengen.search.SearchAlgorithm;
import org.tengen.sweep.SweepPlan;

/**
 * {@code bench/learning-efficiency-5x5.yaml} and {@code -9x9.yaml} give {@code tengen sweep} their variants of the
 * quick and 9x9 configs as edits; this keeps each variant one technique away from its base, so that an edit of a
 * config cannot silently turn a variant into a copy of the base or change more than its technique.
 */
class LearningEfficiencyBenchTest {
    private static Map<String, RunConfig> variants;
    private static Map<String, RunConfig> variants9x9;

    @BeforeAll
    static void planTheSweeps() throws IOException {
        variants = plan("quick-5x5.yaml", "learning-efficiency-5x5.yaml");
        variants9x9 = plan("9x9.yaml", "learning-efficiency-9x9.yaml");
    }

    /** The configs of the sweep of {@code config} with the variants of {@code variantFile}, by variant. */
    private static Map<String, RunConfig> plan(String config, String variantFile) throws IOException {
        Path base = RunConfigTest.CONFIGS.resolve(config);
        SweepPlan.VariantFile file = SweepPlan.VariantFile.read(RunConfigTest.CONFIGS.resolve("../bench/"
                + variantFile));
        List<SweepPlan.Variant> all = Stream.concat(Stream.of(SweepPlan.Variant.base()), file.variants().stream())
                .map(v -> v.after(file.set())).toList();
        Map<String, RunConfig> configs = new TreeMap<>();
        for (SweepPlan.Run run : new SweepPlan(base, Files.readString(base), all, List.of(1)).runs()) {
            configs.put(run.variant().name(), RunConfig.from(ConfigNode.parse(run.name(),
                    new StringReader(run.config()))));
        }
        return configs;
    }

    @Test
    void eachVariantOf9x9ChangesOneTechnique() {
        RunConfig nineByNine = RunConfig.load(RunConfigTest.CONFIGS.resolve("9x9.yaml"));
        RunConfig base = variants9x9.get("base");
        assertEquals(Set.of("name", "generations", "arena", "training"), differences(nineByNine, base),
                "shorter (the learning-rate schedule follows the generations), the anchors played more often");
        assertEquals(nineByNine.arena().externalAnchors(), base.arena().externalAnchors(),
                "GNU Go level 10 is measured apart");
        assertEquals(20, base.arena().gamesVsAnchors());
        assertEquals(5, base.arena().anchorsEvery());
        assertEquals(Set.of("base", "from-random", "resign", "no-score-utility", "no-playout-cap", "puct",
                "constant-lr"), variants9x9.keySet());
        assertEquals(Set.of("name", "initFrom"), differences(base, variants9x9.get("from-random")));
        assertEquals(Set.of("name", "selfPlay"), differences(base, variants9x9.get("resign")));
        for (String search : List.of("no-score-utility", "no-playout-cap", "puct")) {
            assertEquals(Set.of("name", "search"), differences(base, variants9x9.get(search)), search);
        }
        assertEquals(Set.of("name", "training"), differences(base, variants9x9.get("constant-lr")));
    }

    @Test
    void everyVariantIsWritten() {
        assertEquals(Set.of("base", "no-score-utility", "no-ownership", "playout-cap", "random-komi", "constant-lr",
                "puct", "puct-forced-playouts"), variants.keySet());
    }

    @Test
    void theBaseIsTheQuickConfigWithGnuGoAsAnAnchor() {
        RunConfig quick = RunConfig.load(RunConfigTest.CONFIGS.resolve("quick-5x5.yaml"));
        RunConfig base = variants.get("base");
        assertEquals(Set.of("name", "arena"), differences(quick, base));
        assertEquals(Set.of("gnugo-10"), base.arena().externalAnchors().keySet());
        assertEquals(quick.arena().search(), base.arena().search());
    }

    @Test
    void eachVariantChangesOneTechnique() {
        RunConfig base = variants.get("base");
        assertEquals(Set.of("name", "search"), differences(base, variants.get("no-score-utility")));
        assertEquals(0f, variants.get("no-score-utility").search().scoreUtility());

        assertEquals(Set.of("name", "network"), differences(base, variants.get("no-ownership")));
        assertFalse(variants.get("no-ownership").network().ownershipHead());

        assertEquals(Set.of("name", "search"), differences(base, variants.get("playout-cap")));
        assertEquals(0.25, variants.get("playout-cap").search().playoutCap().fullSearchProbability());

        // Komi as an input needs a feature set that shows it, hence more input planes.
        assertEquals(Set.of("name", "features", "network", "selfPlayKomi"),
                differences(base, variants.get("random-komi")));
        assertTrue(variants.get("random-komi").selfPlayKomi().randomises());

        assertEquals(Set.of("name", "training"), differences(base, variants.get("constant-lr")));
        assertInstanceOf(LrSchedule.Cosine.class, base.training().schedule());
        assertInstanceOf(LrSchedule.Constant.class, variants.get("constant-lr").training().schedule());

        assertEquals(Set.of("name", "search"), differences(base, variants.get("puct")));
        assertEquals(SearchAlgorithm.PUCT, variants.get("puct").search().algorithm());
        assertEquals(Set.of("name", "search"), differences(variants.get("puct"), variants.get("puct-forced-playouts")));
        assertEquals(2f, variants.get("puct-forced-playouts").search().puct().forcedPlayouts());
    }

    /** The names of the record components in which two configs differ. */
    private static Set<String> differences(RunConfig a, RunConfig b) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : RunConfig.class.getRecordComponents()) {
            try {
                if (!Objects.equals(c.getAccessor().invoke(a), c.getAccessor().invoke(b))) {
                    names.add(c.getName());
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return names;
    }
}
