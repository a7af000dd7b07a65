package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.agent.PlayerSpec;

/** Players named with a run at hand: errors say what the valid forms and the run's checkpoints are. */
class AgentsTest {

    @Test
    void aPlayerOfNoKnownFormListsTheFormsAndTheRunsCheckpoints(@TempDir Path tmp) throws IOException {
        RunDirectory run = new RunDirectory(tmp.resolve("run"));
        for (int g = 0; g <= 2; g++) {
            Files.createDirectories(run.checkpoint(g));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Agents.parse("gnugo", Optional.of(run)));
        assertEquals("'gnugo' is not a player; expected " + PlayerSpec.FORMS + "; " + run.root()
                + " has checkpoints gen-0000 to gen-0002", e.getMessage());
        assertEquals(new PlayerSpec.RunCheckpoint(run.root(), "gen-2"), Agents.parse("gen-2", Optional.of(run)));
        assertEquals(run.checkpoint(2), run.resolveCheckpoint("gen-2"));

        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> run.resolveCheckpoint("7"));
        assertEquals("run " + run.root() + " has no checkpoint gen-0007 (checkpoints gen-0000 to gen-0002)",
                missing.getMessage());
    }

    @Test
    void withoutARunTheErrorListsTheForms() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Agents.parse("gnugo", Optional.empty()));
        assertEquals("'gnugo' is not a player; expected " + PlayerSpec.FORMS, e.getMessage());
    }

    @Test
    void anUnknownBackendOfAPlayerIsNamed(@TempDir Path tmp) throws IOException {
        RunDirectory run = new RunDirectory(tmp.resolve("run"));
        Files.createDirectories(run.checkpoint(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Agents.parse("latest@gpu", Optional.of(run)));
        assertEquals("'latest@gpu': unknown backend 'gpu'; known: libtorch, onnx, int8, auto", e.getMessage());
    }
}
