package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code tengen actor} without {@code --id} takes its host's name: pods and machines have names. */
class ActorCommandTest {

    /** Issue 24: it refused to start, "Missing required option: '--id=NAME'". */
    @Test
    void anActorNeedsNoId() {
        CommandLine.ParseResult parsed = Main.commandLine().parseArgs("actor", "--store", "runs/shared");
        assertEquals("actor", parsed.subcommand().commandSpec().name());
        assertEquals(null, parsed.subcommand().matchedOption("--id"));
    }

    /** Issue 24: what an actor uploads is a shard; {@code --batches}, the option's earlier name, still counts them. */
    @Test
    void shardsMayStillBeCountedAsBatches() {
        for (String option : new String[] {"--shards", "--batches"}) {
            CliRun r = CliRun.of("actor", "--store", "runs/shared", option, "0");
            assertEquals(1, r.code(), option);
            assertEquals("error: --shards must be at least 1, got 0", r.err().strip(), option);
        }
    }

    @Test
    void theIdIsThePodsOrElseTheMachinesShortName() {
        String pod = "tengen-actor-7c9d8f5b4x-q2w4z";
        assertEquals(pod, ActorCommand.hostId(Map.of("HOSTNAME", pod), () -> fail("HOSTNAME is set")));
        assertEquals("build-7", ActorCommand.hostId(Map.of(), () -> "Build-7.lab.example.org"));
        assertEquals("gpu-box", ActorCommand.hostId(Map.of("HOSTNAME", " "), () -> "gpu-box"));
    }

    @Test
    void aHostNameThatMakesNoIdAsksForOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ActorCommand.hostId(Map.of("HOSTNAME", "render_farm_01"), () -> fail("HOSTNAME is set")));
        assertEquals("the host name 'render_farm_01' makes no actor id (1 to 40 of a-z 0-9 -, starting with a letter"
                + " or digit): give --id NAME", e.getMessage());
    }
}
