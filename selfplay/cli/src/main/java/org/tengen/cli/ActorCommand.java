package org.tengen.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.tengen.run.RunConfig;
import org.tengen.run.roles.ActorRole;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tengen actor}: self-play games with the newest model of a run store, uploaded shard by shard. */
@Command(name = "actor", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Play self-play games with the newest model of a run store and upload them, shard by shard (the"
                    + " samples and records of selfplay.gamesPerShard games).",
            "Stateless: kill it at any moment and start it again with the same --id (by default the host's name);"
                    + " it continues its numbering.",
            "Between shards it checks models/latest.json, or with arena.gating the models/best.json that the"
                    + " arena moves, and swaps in a newer model."})
final class ActorCommand implements Callable<Integer> {
    @Mixin
    private RoleOptions options;

    @Option(names = "--id", paramLabel = "NAME",
            description = "This actor's name (a-z 0-9 -, as a pod name): its shards are games/NAME/ (default: the"
                    + " host's name, which Kubernetes sets to the pod's; give each actor of one host its own).")
    private String id;

    @Option(names = {"--shards", "--batches"}, paramLabel = "N",
            description = "Stop after uploading N shards (default: run until killed; --batches is its earlier name).")
    private Long shards;

    @Override
    public Integer call() throws Exception {
        String actorId = id != null ? RunLayout.requireId(id) : hostId(System.getenv(), ActorCommand::machineName);
        if (shards != null && shards < 1) {
            throw new IllegalArgumentException("--shards must be at least 1, got " + shards);
        }
        java.time.Duration poll = options.poll();
        Optional<String> given = options.configText();
        try (RunStore store = RunStore.open(options.store)) {
            RunConfig config = options.config(store, given, "Actor " + actorId);
            NetworkRuntime.configure(config.threads());
            ActorRole.Summary s = new ActorRole(store, config, actorId, options.cacheDir("actor"), poll)
                    .run(shards == null ? Long.MAX_VALUE : shards);
            System.out.printf(Locale.ROOT, "Actor %s: %d shards, %d games, %d samples, %.0f games/hour of"
                    + " self-play; store: %s%n", actorId, s.shards(), s.games(), s.samples(), s.gamesPerHour(),
                    store.stats());
        }
        return 0;
    }

    /**
     * This host's name as an actor id: {@code HOSTNAME}, which Kubernetes sets to the pod's name (and Docker to the
     * container's), else {@code machineName}; its first label, as {@code hostname -s}, in lower case (host names
     * ignore case). Refused in one line naming {@code --id} when that is no actor id.
     */
    static String hostId(Map<String, String> env, Supplier<String> machineName) {
        String host = Optional.ofNullable(env.get("HOSTNAME")).filter(h -> !h.isBlank()).orElseGet(machineName);
        String id = host.split("\\.", 2)[0].toLowerCase(Locale.ROOT);
        try {
            return RunLayout.requireId(id);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the host name '" + host + "' makes no actor id (1 to 40 of a-z 0-9 -,"
                    + " starting with a letter or digit): give --id NAME");
        }
    }

    /** The machine's name (bash sets HOSTNAME without exporting it, so a java started from a shell has none). */
    private static String machineName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot tell this host's name (" + e.getMessage() + "): give --id NAME");
        }
    }
}
