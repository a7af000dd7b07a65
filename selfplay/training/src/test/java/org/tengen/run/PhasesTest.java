package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each phase reads "done" off the run directory, so a run resumes at the first phase whose output is missing. */
class PhasesTest {

    @Test
    void eachPhaseIsDoneExactlyWhenItsOutputExists(@TempDir Path tmp) throws IOException {
        RunDirectory dir = new RunDirectory(tmp.resolve("run"));
        RunConfig config = TrainingRunTest.tiny(1);
        new TrainingRun(config, dir, false).run();
        RunContext context = new RunContext(config, dir, false, config.featureSet(),
                org.tengen.models.eval.InputSpec.of(config.featureSet(), config.rules()), new Agents(config),
                new Session());
        List<Phase> phases = List.of(new SelfPlayPhase(context), new TrainingPhase(context),
                new EvaluationPhase(context));
        assertEquals(List.of("self-play", "training", "evaluation"), phases.stream().map(Phase::name).toList());
        for (Phase phase : phases) {
            assertTrue(phase.isDone(1), phase.name() + " of generation 1");
            assertFalse(phase.isDone(2), phase.name() + " of generation 2");
        }
        Files.delete(dir.arenaFile(1));
        assertFalse(phases.get(2).isDone(1));
        assertTrue(phases.get(1).isDone(1), "only the evaluation is missing");
        GenerationStats stats = new GenerationStats();
        stats.best = "gen-0000";
        phases.get(2).run(1, stats);
        assertTrue(phases.get(2).isDone(1));
        assertEquals(RunTables.readResults(dir.arenaFile(1)).size(),
                config.evaluation().gamesVsPrevious() + config.evaluation().anchors().size()
                        * config.evaluation().gamesVsAnchors());
    }
}
