package org.tengen.cli;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
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
            "Between batches it checks models/latest.json (with evaluation.gating: models/best.json, which the"
                    + " evaluator moves) and swaps in a newer model."})
final class ActorCommand implements Callable<Integer> {
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
        Optional<String> given = options.configText();
        try (RunStore store = RunStore.open(options.store)) {
            RunConfig config = options.config(store, given, "Actor " + id);
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
