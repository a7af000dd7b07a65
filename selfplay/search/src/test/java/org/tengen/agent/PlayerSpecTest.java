package org.tengen.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every player name the CLI and run configs accept, and the one error for every other. */
class PlayerSpecTest {
    @TempDir
    Path tmp;

    @Test
    void anchorsAndEngines() {
        assertEquals(new PlayerSpec.Random(), PlayerSpec.parse(" random ", Optional.empty()));
        assertEquals(new PlayerSpec.MctsRollout(OptionalInt.empty()),
                PlayerSpec.parse("mcts-rollout", Optional.empty()));
        assertEquals(new PlayerSpec.MctsRollout(OptionalInt.of(400)),
                PlayerSpec.parse("mcts-rollout:400", Optional.empty()));
        assertEquals(new PlayerSpec.Engine("gnugo --mode gtp --level 0"),
                PlayerSpec.parse("engine: gnugo --mode gtp --level 0", Optional.empty()));
    }

    @Test
    void checkpointsRunsAndNamesInARun() throws IOException {
        Path checkpoint = Files.createDirectories(tmp.resolve("ckpt"));
        Files.writeString(checkpoint.resolve("checkpoint.yaml"), "format: 1\n");
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("config.yaml"), "");
        assertEquals(new PlayerSpec.Checkpoint(checkpoint),
                PlayerSpec.parse(checkpoint.toString(), Optional.empty()));
        assertEquals(new PlayerSpec.RunCheckpoint(run, "latest"), PlayerSpec.parse(run.toString(), Optional.empty()));
        for (String name : new String[] {"latest", "best", "gen-0003", "3"}) {
            assertEquals(new PlayerSpec.RunCheckpoint(run, name), PlayerSpec.parse(name, Optional.of(run)));
        }
        assertEquals(new PlayerSpec.OnBackend(new PlayerSpec.RunCheckpoint(run, "latest"), "int8"),
                PlayerSpec.parse("latest@int8", Optional.of(run)));
        assertEquals(new PlayerSpec.OnBackend(new PlayerSpec.Checkpoint(checkpoint), "libtorch"),
                PlayerSpec.parse(checkpoint + "@libtorch", Optional.empty()));
    }

    @Test
    void onlyCheckpointsTakeABackend() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlayerSpec.parse("random@int8", Optional.empty()));
        assertEquals("'random@int8': only checkpoints take an @BACKEND", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gnugo", "latest", "", "no/such/dir"})
    void anythingElseNamesTheValidForms(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlayerSpec.parse(text, Optional.empty()));
        assertEquals("'" + text + "' is not a player; expected " + PlayerSpec.FORMS, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gnugo", "gen-", "latest/", "gen-0003x"})
    void withARunOnlyCheckpointNamesAreCheckpoints(String text, @TempDir Path tmp) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlayerSpec.parse(text, Optional.of(tmp)));
        assertEquals("'" + text + "' is not a player; expected " + PlayerSpec.FORMS, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcts-rollout:0", "mcts-rollout:x", "mcts-rollout:"})
    void badSimulationCountsAreNamed(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlayerSpec.parse(text, Optional.empty()));
        assertEquals("'" + text + "': expected mcts-rollout:SIMULATIONS with a positive number", e.getMessage());
    }

    @Test
    void anEmptyEngineCommandIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlayerSpec.parse("engine:  ", Optional.empty()));
        assertEquals("engine: the command is empty", e.getMessage());
    }
}
