package org.tengen.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.run.ActorRole;
import org.tengen.run.RunConfig;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tengen actor}: self-play games with the newest model of a run store, uploaded batch by batch. */
@Command(name = "actor", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Play self-play games with the newest model of a run store and upload them, batch by batch.",
            "Stateless: kill it at any moment and start it again with the same --id; it continues its numbering.",
            "Between batches it checks models/latest.json and swaps in a newer model."})
final class ActorCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(ActorCommand.class);

    @Mixin
    private RoleOptions options;

    @Option(names = "--id", paramLabel = "NAME", required = true,
            description = "This actor's name (a-z 0-9 -, as a pod name): its batches are games/NAME/.")
    private String id;

    @Option(names = "--batches", paramLabel = "N",
            description = "Stop after uploading N batches (default: run until killed).")
    private Long batches;

    @Override
    public Integer call() throws Exception {
        RunLayout.requireId(id);
        if (batches != null && batches < 1) {
            throw new IllegalArgumentException("--batches must be at least 1, got " + batches);
        }
        java.time.Duration poll = options.poll();
        String given = options.configText().orElse(null);
        try (RunStore store = RunStore.open(options.store)) {
            String text = given;
            while (text == null) {
                text = RoleOptions.storedConfig(store).orElse(null);
                if (text == null) {
                    LOG.info("Actor {}: no --config, and {} has no config.yaml yet: waiting for the learner", id,
                            store.location());
                    Thread.sleep(poll.toMillis());
                }
            }
            RunConfig config = RoleOptions.parse(given != null ? options.configFile.toString()
                    : store.location() + "/" + RunLayout.CONFIG, text);
            NetworkRuntime.configure(config.threads());
            ActorRole.Summary s = new ActorRole(store, config, id, options.cacheDir("actor"), poll)
                    .run(batches == null ? Long.MAX_VALUE : batches);
            System.out.printf(Locale.ROOT, "Actor %s: %d batches, %d games, %d samples, %.0f games/hour of"
                    + " self-play; store: %s%n", id, s.batches(), s.games(), s.samples(), s.gamesPerHour(),
                    store.stats());
        }
        return 0;
    }
}
