package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;

/**
 * One learner, two actors and the arena as real processes over a file store: an actor, the arena and the
 * learner are killed with SIGKILL mid-run and started again. The learner still reaches its generation, the store
 * accounts for every shard exactly once ({@link RoleProcesses#check}), and every model is rated exactly once
 * ({@link RoleProcesses#checkRated}).
 */
class RolesKillTest {
    private static final int GENERATIONS = 4;

    @Test
    void learnerAndActorsSurviveKillNine(@TempDir Path tmp) throws Exception {
        Path config = tmp.resolve("roles.yaml");
        Files.writeString(config, RoleProcesses.CONFIG);
        String location = tmp.resolve("store").toString();
        Map<String, String> env = Map.of();
        long start = System.nanoTime();
        try (RunStore store = RunStore.open(location)) {
            Process learner = RoleProcesses.learner(config, location, tmp, GENERATIONS, "learner.log", env);
            Process a1 = RoleProcesses.actor(config, location, tmp, "a1", "a1.log", env);
            Process a2 = RoleProcesses.actor(config, location, tmp, "a2", "a2.log", env);
            Process arena = RoleProcesses.arena(config, location, tmp, GENERATIONS, "arena.log", env);
            try {
                // Hang guards, not speed limits: four JVMs on a shared 2-core machine can take minutes per step.
                Duration patience = Duration.ofMinutes(5);
                RoleProcesses.waitFor(() -> RoleProcesses.shards(store, "a1") >= 1, patience, "a1's first shard",
                        tmp.resolve("a1.log"), tmp.resolve("learner.log"));
                a1.destroyForcibly().waitFor();
                int a1Before = RoleProcesses.shards(store, "a1");
                long nextBefore = RunLayout.nextSeq(store, "a1");
                a1 = RoleProcesses.actor(config, location, tmp, "a1", "a1.log", env);

                RoleProcesses.waitFor(() -> RoleProcesses.hasLedger(store, 1), patience, "generation 1",
                        tmp.resolve("learner.log"));
                // The arena is killed as it starts on generation 1 (downloading, playing or committing it).
                RoleProcesses.waitFor(() -> !store.list(RunLayout.arenaGames(1)).isEmpty()
                        || !store.list(RunLayout.arenaResults(1)).isEmpty(), patience, "generation 1's arena",
                        tmp.resolve("arena.log"));
                arena.destroyForcibly().waitFor();
                arena = RoleProcesses.arena(config, location, tmp, GENERATIONS, "arena.log", env);

                // The next generation needs one more shard: kill the learner while it waits or trains.
                Thread.sleep(300);
                learner.destroyForcibly().waitFor();
                learner = RoleProcesses.learner(config, location, tmp, GENERATIONS, "learner.log", env);

                assertTrue(learner.waitFor(5, TimeUnit.MINUTES), "the learner reaches generation " + GENERATIONS
                        + "\n" + Files.readString(tmp.resolve("learner.log")));
                assertEquals(0, learner.exitValue(), Files.readString(tmp.resolve("learner.log")));
                a1.destroyForcibly().waitFor();
                a2.destroyForcibly().waitFor();
                assertTrue(arena.waitFor(5, TimeUnit.MINUTES), "the arena rates generation " + GENERATIONS
                        + "\n" + Files.readString(tmp.resolve("arena.log")));
                assertEquals(0, arena.exitValue(), Files.readString(tmp.resolve("arena.log")));

                String learnerLog = Files.readString(tmp.resolve("learner.log"));
                assertTrue(learnerLog.contains("Learner: resumed at gen-"), learnerLog);
                assertTrue(RoleProcesses.shards(store, "a1") > a1Before, "a1 uploaded again after its restart");
                assertTrue(RunLayout.gameShards(store).stream().filter(b -> b.actorId().equals("a1"))
                        .anyMatch(b -> b.seq() >= nextBefore), "a1 continued its numbering");
                String a1Log = Files.readString(tmp.resolve("a1.log"));
                assertTrue(a1Log.contains("from number " + nextBefore), a1Log);
                RoleProcesses.Accounting a = RoleProcesses.check(store, GENERATIONS, tmp);
                int games = RoleProcesses.checkRated(store, RoleProcesses.config(RoleProcesses.CONFIG), GENERATIONS);
                System.out.printf("roles kill test: %d shards (%d trained on, %d stale, %d after the last listing),"
                                + " %d models, %d arena games, %.1f s%n", a.shards(), a.consumed(), a.stale(),
                        a.unlisted(), a.models(), games, (System.nanoTime() - start) / 1e9);
            } finally {
                learner.destroyForcibly();
                arena.destroyForcibly();
                a1.destroyForcibly();
                a2.destroyForcibly();
            }
        }
    }
}
