package org.tengen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.store.RunStore;
import org.tengen.store.S3Store;
import org.tengen.store.S3TestServer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * Opt-in fault test of the roles: a learner, three actors and an evaluator as real processes, one of them killed with
 * SIGKILL at a random moment (seeded) and started again, over and over; then the learner and the evaluator finish,
 * and the store must account for every batch exactly once ({@link RoleProcesses#check}) and rate every model once
 * ({@link RoleProcesses#checkRated}). Once over a directory store, once over S3 (the store
 * tests' in-JVM S3 server, which the processes reach through {@code AWS_ENDPOINT_URL}). Run it with
 * {@code mvn -B test -pl selfplay/cli -am -Dtest=RolesKillLoopTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtengen.rolesKillLoop=20} (kills per store; {@code -Dtengen.rolesKillLoop.seed=N} draws other moments).
 */
@EnabledIfSystemProperty(named = "tengen.rolesKillLoop", matches = "\\d+")
class RolesKillLoopTest {
    private static final int GENERATIONS = 12;
    private static final List<String> ACTORS = List.of("a1", "a2", "a3");
    private static final int EVALUATOR = ACTORS.size() + 1;

    @Test
    void directoryStore(@TempDir Path tmp) throws Exception {
        String location = tmp.resolve("store").toString();
        try (RunStore store = RunStore.open(location)) {
            loop(tmp, location, store, Map.of());
        }
    }

    @Test
    void s3Store(@TempDir Path tmp) throws Exception {
        String prefix = "roles/" + System.nanoTime();
        Map<String, String> env = Map.of("AWS_ENDPOINT_URL", S3TestServer.endpoint().toString(),
                "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", S3TestServer.ACCESS_KEY,
                "AWS_SECRET_ACCESS_KEY", S3TestServer.SECRET_KEY);
        try (RunStore store = S3Store.builder().setBucket(S3TestServer.BUCKET).optPrefix(prefix)
                .optEndpoint(S3TestServer.endpoint()).optRegion("us-east-1")
                .optCredentials(StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.ACCESS_KEY,
                        S3TestServer.SECRET_KEY))).build()) {
            loop(tmp, "s3://" + S3TestServer.BUCKET + "/" + prefix, store, env);
        }
    }

    private static void loop(Path tmp, String location, RunStore store, Map<String, String> env) throws Exception {
        int kills = Integer.parseInt(System.getProperty("tengen.rolesKillLoop"));
        SplittableRandom random = new SplittableRandom(Long.getLong("tengen.rolesKillLoop.seed", 1));
        Path config = tmp.resolve("roles.yaml");
        String configText = RoleProcesses.CONFIG.replace("generations: 4", "generations: " + GENERATIONS);
        Files.writeString(config, configText);
        long start = System.nanoTime();
        List<Process> processes = new ArrayList<>();
        processes.add(RoleProcesses.learner(config, location, tmp, GENERATIONS, "learner.log", env));
        for (String id : ACTORS) {
            processes.add(RoleProcesses.actor(config, location, tmp, id, id + ".log", env));
        }
        processes.add(RoleProcesses.evaluator(config, location, tmp, GENERATIONS, "evaluator.log", env));
        int learnerKills = 0;
        int actorKills = 0;
        int evaluatorKills = 0;
        try {
            for (int k = 0; k < kills; k++) {
                // JVM and libtorch start in 2 to 3 s: some kills land in start-up, most in play or training.
                Thread.sleep(500 + random.nextInt(4000));
                int draw = random.nextInt(4);
                int victim = draw == 0 ? 0 : draw == 1 ? EVALUATOR : 1 + random.nextInt(ACTORS.size());
                Process p = processes.get(victim);
                if ((victim == 0 || victim == EVALUATOR) && !p.isAlive()) {
                    String log = victim == 0 ? "learner.log" : "evaluator.log";
                    assertEquals(0, p.exitValue(), Files.readString(tmp.resolve(log)));
                    victim = 1 + random.nextInt(ACTORS.size());
                    p = processes.get(victim);
                }
                assertTrue(p.isAlive(), "process " + victim + " died on its own (exit "
                        + (p.isAlive() ? 0 : p.exitValue()) + ")");
                p.destroyForcibly().waitFor();
                if (victim == 0) {
                    learnerKills++;
                    processes.set(0, RoleProcesses.learner(config, location, tmp, GENERATIONS, "learner.log", env));
                } else if (victim == EVALUATOR) {
                    evaluatorKills++;
                    processes.set(EVALUATOR, RoleProcesses.evaluator(config, location, tmp, GENERATIONS,
                            "evaluator.log", env));
                } else {
                    actorKills++;
                    String id = ACTORS.get(victim - 1);
                    processes.set(victim, RoleProcesses.actor(config, location, tmp, id, id + ".log", env));
                }
            }
            Process learner = processes.get(0);
            assertTrue(learner.waitFor(300, TimeUnit.SECONDS), "the learner finishes");
            assertEquals(0, learner.exitValue(), Files.readString(tmp.resolve("learner.log")));
            Process evaluator = processes.get(EVALUATOR);
            assertTrue(evaluator.waitFor(300, TimeUnit.SECONDS), "the evaluator finishes");
            assertEquals(0, evaluator.exitValue(), Files.readString(tmp.resolve("evaluator.log")));
        } finally {
            processes.forEach(Process::destroyForcibly);
            for (Process p : processes) {
                p.waitFor();
            }
        }
        RoleProcesses.Accounting a = RoleProcesses.check(store, GENERATIONS, tmp);
        int games = RoleProcesses.checkRated(store, RoleProcesses.config(configText), GENERATIONS);
        System.out.printf("roles kill loop on %s: %d kills (learner %d, actors %d, evaluator %d), %d batches (%d"
                        + " trained on, %d stale, %d after the last listing), %d models, %d arena games, %.1f s%n",
                location,
                learnerKills + actorKills + evaluatorKills, learnerKills, actorKills, evaluatorKills, a.batches(),
                a.consumed(), a.stale(), a.unlisted(), a.models(), games, (System.nanoTime() - start) / 1e9);
    }
}
