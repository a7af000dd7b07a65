package org.tengen.run.roles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.store.PutResult;
import org.tengen.store.RunLayout;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunStore;
import org.tengen.store.S3Store;
import org.tengen.store.S3TestServer;
import org.tengen.store.StoreConflictException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * Slow fault test of the roles: a learner, three actors and the arena as real processes, one of them killed with
 * SIGKILL at a random moment (seeded; after some progress since the last kill) and started again, over and over,
 * while
 * <ul>
 *   <li>shards are uploaded again: before each kill the test puts a random stored shard's records and samples once
 *       more (each must be a no-op) and other bytes under its key (each must be refused); on the file store a
 *       twin of actor a1, the same id in a second process, sometimes runs beside it (two writers of one sequence);
 *   <li>the store fails requests: S3 through a server that fails every 10th write, read and listing (half of the
 *       writes after storing them, so the retry uploads the object again), the file store by making one of its
 *       folders immutable ({@code chattr +i}) for a moment, so that writes there fail and the role exits non-zero,
 *       to be started again as the kubelet would.
 * </ul>
 * Then the learner and the arena finish, and the store must account for every shard exactly once, trained on or
 * stale ({@link RoleProcesses#check}; every model verifies), and rate every model once
 * ({@link RoleProcesses#checkRated}). Once over a file store, once over S3 (the store tests' in-JVM S3 server,
 * which the processes reach through {@code AWS_ENDPOINT_URL}). Run it with
 * {@code mvn -B test -pl selfplay/cli -am -Dgroups=slow -Dtest=RolesKillLoopTest
 * -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dtengen.rolesKillLoop.seed=N} draws other moments). The
 * directory leg needs root on a file system with immutable files (ext4, xfs). In the default run {@link RolesKillTest}
 * kills an actor, the arena and the learner once each.
 */
@Tag("slow")
class RolesKillLoopTest {
    private static final int GENERATIONS = 12;
    /** SIGKILLs per store. */
    private static final int KILLS = 20;
    private static final List<String> ACTORS = List.of("a1", "a2", "a3");
    /** Role numbers: 0 is the learner, 1 to 3 the actors. */
    private static final int ARENA = 4;
    private static final int TWIN = 5;
    /** Folders of a file store that a write may hit. */
    private static final List<String> FREEZABLE = List.of("games/a1", "games/a2", "games/a3", "learner", "models",
            "arena", "metrics/learner");

    @Test
    void directoryStore(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("store");
        try (RunStore store = RunStore.open(root.toString())) {
            loop(tmp, root.toString(), store, Map.of(), root);
        }
    }

    @Test
    void s3Store(@TempDir Path tmp) throws Exception {
        String prefix = "roles/" + System.nanoTime();
        Map<String, String> env = Map.of("AWS_ENDPOINT_URL", S3TestServer.faultyEndpoint(10).toString(),
                "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", S3TestServer.ACCESS_KEY,
                "AWS_SECRET_ACCESS_KEY", S3TestServer.SECRET_KEY);
        // The test itself reads through the server that does not fail.
        try (RunStore store = S3Store.builder().setBucket(S3TestServer.BUCKET).optPrefix(prefix)
                .optEndpoint(S3TestServer.endpoint()).optRegion("us-east-1")
                .optCredentials(StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.ACCESS_KEY,
                        S3TestServer.SECRET_KEY))).build()) {
            loop(tmp, "s3://" + S3TestServer.BUCKET + "/" + prefix, store, env, null);
        }
    }

    /** The role processes of the loop, started again when killed or failed. */
    private static final class Roles {
        final Path tmp;
        final Path config;
        final String location;
        final Map<String, String> env;
        final Process[] processes = new Process[TWIN + 1];
        int restartsAfterFailure;

        Roles(Path tmp, Path config, String location, Map<String, String> env) {
            this.tmp = tmp;
            this.config = config;
            this.location = location;
            this.env = env;
        }

        void start(int role) throws IOException {
            processes[role] = switch (role) {
                case 0 -> RoleProcesses.learner(config, location, tmp, GENERATIONS, "learner.log", env);
                case ARENA -> RoleProcesses.arena(config, location, tmp, GENERATIONS, "arena.log", env);
                case TWIN -> RoleProcesses.actor(config, location, tmp, ACTORS.get(0), "a1-twin.log", env);
                default -> RoleProcesses.actor(config, location, tmp, ACTORS.get(role - 1), ACTORS.get(role - 1)
                        + ".log", env);
            };
        }

        boolean finished(int role) {
            Process p = processes[role];
            return p != null && !p.isAlive() && p.exitValue() == 0 && (role == 0 || role == ARENA);
        }

        /** Starts again every role that exited non-zero (a store failure it could not retry), and counts them. */
        void restartFailed() throws IOException {
            for (int role = 0; role < TWIN; role++) {
                Process p = processes[role];
                if (!p.isAlive() && !finished(role)) {
                    restartsAfterFailure++;
                    start(role);
                }
            }
        }

        void killAll() throws InterruptedException {
            for (Process p : processes) {
                if (p != null) {
                    p.destroyForcibly().waitFor();
                }
            }
        }
    }

    private static void loop(Path tmp, String location, RunStore store, Map<String, String> env, Path frozenRoot)
            throws Exception {
        SplittableRandom random = new SplittableRandom(Long.getLong("tengen.rolesKillLoop.seed", 1));
        Path config = tmp.resolve("roles.yaml");
        String configText = RoleProcesses.CONFIG.replace("generations: 4", "generations: " + GENERATIONS);
        Files.writeString(config, configText);
        boolean directory = frozenRoot != null;
        if (directory) {
            Path probe = Files.createDirectories(tmp.resolve("chattr-probe"));
            boolean frozen = chattr("+i", probe);
            boolean refused = frozen && !canCreate(probe);
            assertTrue(!frozen || chattr("-i", probe), "chattr -i " + probe);
            assertTrue(refused, "the directory leg needs chattr +i (root, ext4 or xfs)");
        }
        int faultsBefore = S3TestServer.faults();
        long start = System.nanoTime();
        Roles roles = new Roles(tmp, config, location, env);
        for (int role = 0; role < TWIN; role++) {
            roles.start(role);
        }
        int learnerKills = 0;
        int actorKills = 0;
        int arenaKills = 0;
        int rePuts = 0;
        int refused = 0;
        int twins = 0;
        int freezes = 0;
        try {
            while (learnerKills + actorKills + arenaKills < KILLS) {
                // Each kill waits for progress since the one before (a shard, a ledger or an arena result), then a
                // random moment: on a loaded machine a JVM and libtorch take longer to start than a fixed pause, and
                // kills would then only ever hit start-up.
                int seen = progress(store);
                RoleProcesses.waitFor(() -> progress(store) > seen, Duration.ofMinutes(5), "progress",
                        tmp.resolve("learner.log"));
                Thread.sleep(random.nextInt(4000));
                roles.restartFailed();
                int[] done = duplicates(store, random);
                rePuts += done[0];
                refused += done[1];
                if (directory && random.nextInt(3) == 0) {
                    Path folder = frozenRoot.resolve(FREEZABLE.get(random.nextInt(FREEZABLE.size())));
                    if (Files.isDirectory(folder) && chattr("+i", folder)) {
                        freezes++;
                        try {
                            Thread.sleep(300 + random.nextInt(1500));
                        } finally {
                            assertTrue(chattr("-i", folder), "chattr -i " + folder);
                        }
                    }
                }
                if (directory && roles.processes[TWIN] == null && random.nextInt(4) == 0) {
                    twins++;
                    roles.start(TWIN); // runs until the next kill, which takes it first
                    continue;
                }
                int draw = random.nextInt(4);
                int victim = roles.processes[TWIN] != null ? TWIN
                        : draw == 0 ? 0 : draw == 1 ? ARENA : 1 + random.nextInt(ACTORS.size());
                if (!roles.processes[victim].isAlive()) {
                    roles.restartFailed(); // it failed in the freeze just now, or it finished: take an actor
                    victim = 1 + random.nextInt(ACTORS.size());
                }
                roles.processes[victim].destroyForcibly().waitFor();
                if (victim == TWIN) {
                    roles.processes[TWIN] = null;
                    actorKills++;
                    continue;
                }
                if (roles.processes[victim].isAlive()) {
                    throw new AssertionError("process " + victim + " survived SIGKILL");
                }
                if (victim == 0) {
                    learnerKills++;
                } else if (victim == ARENA) {
                    arenaKills++;
                } else {
                    actorKills++;
                }
                roles.start(victim);
            }
            for (int role : new int[] {0, ARENA}) {
                String log = role == 0 ? "learner.log" : "arena.log";
                while (true) {
                    Process p = roles.processes[role];
                    assertTrue(p.waitFor(300, TimeUnit.SECONDS), log + ": the role finishes");
                    if (p.exitValue() == 0) {
                        break;
                    }
                    roles.restartFailed(); // a store failure in the last freeze's wake
                }
                assertEquals(0, roles.processes[role].exitValue(), Files.readString(tmp.resolve(log)));
            }
        } finally {
            roles.killAll();
        }
        if (!directory) {
            assertEquals(0, roles.restartsAfterFailure, "retries absorb every fault of the S3 server");
        } else if (roles.restartsAfterFailure > 0) {
            assertTrue(logsMention(tmp, "Operation not permitted"), "roles fail only where a folder was frozen");
        }
        RoleProcesses.Accounting a = RoleProcesses.check(store, GENERATIONS, tmp);
        int games = RoleProcesses.checkRated(store, RoleProcesses.config(configText), GENERATIONS);
        System.out.printf("roles kill loop on %s: %d kills (learner %d, actors %d, arena %d), %d shards of %d"
                        + " games (%d trained on, %d stale, %d after the last listing), %d models, %d arena games;"
                        + " %d re-puts of stored shard objects (no-ops), %d conflicting puts refused, %d twin actors,"
                        + " %d store faults (S3 server) or %d frozen folders, %d restarts after a store failure;"
                        + " %.1f s%n",
                location, learnerKills + actorKills + arenaKills, learnerKills, actorKills, arenaKills,
                a.shards(), RoleProcesses.config(configText).gamesPerShard(), a.consumed(), a.stale(), a.unlisted(),
                a.models(), games, rePuts, refused, twins, S3TestServer.faults() - faultsBefore, freezes,
                roles.restartsAfterFailure, (System.nanoTime() - start) / 1e9);
    }

    /** Shards, ledgers and arena results in the store: grows as the roles work. */
    private static int progress(RunStore store) {
        return store.list(RunLayout.GAMES).size() + store.list(RunLayout.LEDGERS).size()
                + store.list(RunLayout.ARENA).size();
    }

    /**
     * Uploads a random stored shard again, as an actor would that did not know its upload had landed: its records and
     * samples, the same bytes, must be no-ops; other bytes under its key must be refused and leave it whole. Returns
     * the re-puts and the refusals.
     */
    private static int[] duplicates(RunStore store, SplittableRandom random) {
        List<GameShard> shards = new ArrayList<>(RunLayout.gameShards(store));
        if (shards.isEmpty()) {
            return new int[2];
        }
        GameShard shard = shards.get(random.nextInt(shards.size()));
        byte[] records = store.get(shard.sgfKey()).orElseThrow(() -> new AssertionError(shard.sgfKey()));
        byte[] samples = store.get(shard.npzKey()).orElseThrow(() -> new AssertionError(shard.npzKey()));
        assertEquals(PutResult.UNCHANGED, store.put(shard.sgfKey(), records), shard.sgfKey());
        assertEquals(PutResult.UNCHANGED, store.put(shard.npzKey(), samples), shard.npzKey());
        byte[] other = samples.clone();
        other[other.length / 2] ^= 1;
        assertThrows(StoreConflictException.class, () -> store.put(shard.npzKey(), other), shard.npzKey());
        assertArrayEquals(samples, store.get(shard.npzKey()).orElseThrow(), shard.npzKey());
        return new int[] {2, 1};
    }

    private static boolean chattr(String flag, Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("chattr", flag, path.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }

    private static boolean canCreate(Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, "probe", ""));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean logsMention(Path tmp, String text) throws IOException {
        for (String log : List.of("learner.log", "arena.log", "a1.log", "a2.log", "a3.log", "a1-twin.log")) {
            Path file = tmp.resolve(log);
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return true;
            }
        }
        return false;
    }
}
