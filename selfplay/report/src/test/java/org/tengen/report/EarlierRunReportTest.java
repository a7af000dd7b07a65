package org.tengen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tengen.arena.EloLadder;

/**
 * The report reads the 20-generation run written by the code before the re-cut (commit 6958e74), the golden files of
 * training's {@code EarlierRunFilesTest}; read from the source tree so that both modules' tests share one copy.
 */
class EarlierRunReportTest {
    private static final Path GOLDEN_RUN = Path.of("../training/src/test/resources/golden/run-6958e74");
    private static final int GENERATIONS = 20;

    @Test
    void reportReadsTheRun() {
        RunData data = RunData.read(GOLDEN_RUN);
        assertEquals(GENERATIONS, data.metrics().size());
        assertEquals(4500, data.metrics().column("samples")[0]);
        assertEquals(825.6, data.metrics().column("elo")[GENERATIONS - 1]);
        assertEquals(23, data.ladder().size());
        assertEquals(new EloLadder.Rating("gen-0011", 969.0, 191.1, 80, 0.825), data.ladder().get(0));
        assertEquals(List.of(new RunData.ArenaScore(20, "gen-0019", 20, 0.45),
                        new RunData.ArenaScore(20, "mcts-rollout", 20, 1.0),
                        new RunData.ArenaScore(20, "random", 20, 1.0)),
                data.arena().stream().filter(s -> s.generation() == 20).toList());
        assertTrue(data.summary().startsWith("Run summary"), data.summary());
    }
}
