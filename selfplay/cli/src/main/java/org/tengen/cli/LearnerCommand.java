package org.tengen.cli;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tengen.run.RunConfig;
import org.tengen.run.roles.LearnerRole;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import org.tengen.store.StoreConflictException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code tengen learner}: trains on the shards actors upload to a run store and publishes each model. */
@Command(name = "learner", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Train on the shards of games that actors upload to a run store, and publish each new model.",
            "Publishes the initial network if the store has none. Its state is in the store: kill it at any moment "
                    + "and start it again; it resumes from its last committed generation, nothing lost or counted "
                    + "twice."})
final class LearnerCommand implements Callable<Integer> {

    @Mixin
    private RoleOptions options;

    @Mixin
    private GenerationsOption generations;

    @Override
    public Integer call() throws Exception {
        generations.check();
        java.time.Duration poll = options.poll();
        String given = options.configText().orElse(null);
        try (RunStore store = RunStore.open(options.store)) {
            String stored = RoleOptions.storedConfig(store).orElse(null);
            if (given == null && stored == null) {
                throw new IllegalArgumentException("--config is required to start a run (" + store.location()
                        + " has no config.yaml)");
            }
            String storedName = store.location() + "/" + RunLayout.CONFIG;
            RunConfig config = given != null ? RoleOptions.parse(options.configFile.toString(), given)
                    : RoleOptions.parse(storedName, stored);
            // The same settings resume, whatever the comments, layout or earlier names of fields (RunConfig.RENAMED).
            if (given != null && !(stored != null ? RoleOptions.parse(storedName, stored).equals(config)
                    : put(store, given))) {
                throw new IllegalArgumentException(store.location() + " was started with a different config;"
                        + " run the learner without --config (or with the same settings), or use a new store");
            }
            NetworkRuntime.configure(config.threads());
            int target = generations.target(config);
            LearnerRole.Summary s = new LearnerRole(store, config, options.cacheDir("learner"), poll).run(target);
            System.out.printf(Locale.ROOT, "Learner: at generation %d; this session trained %d generations, %d steps"
                    + " in %.1f s; store: %s%n", s.generation(), s.trained(), s.steps(), s.seconds(), store.stats());
        }
        return 0;
    }

    /** Stores the run's config; false if another learner stored a different one first. */
    private static boolean put(RunStore store, String config) {
        try {
            store.put(RunLayout.CONFIG, config.getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (StoreConflictException e) {
            return false;
        }
    }
}
