package org.tengen.cli;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tengen.run.RunConfig;
import org.tengen.run.roles.ArenaRole;
import org.tengen.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code tengen arena}: rates each model the learner commits to a run store in the arena, with an Elo ladder. Its
 * earlier name {@code evaluator} stays an alias, for scripts and manifests written before.
 */
@Command(name = "arena", aliases = "evaluator", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Rate each model that the learner commits to a run store, in order, in the arena of the config's"
                    + " arena section: against the best model before it, and against the anchors every"
                    + " anchorsEvery generations.",
            "Writes arena/gen-NNNN.csv (the results; its put commits the generation), the games as"
                    + " arena/gen-NNNN/NAME.sgf, the Elo ladder elo.csv, and its figures as metrics/evaluator/. With"
                    + " arena.gating it also points models/best.json at the best model, which actors then play.",
            "Stateless: kill it at any moment and start it again; it skips the generations already rated and plays"
                    + " again only the one it was on. One arena per store. Also called evaluator (its earlier name)."})
final class ArenaCommand implements Callable<Integer> {

    @Mixin
    private RoleOptions options;

    @Mixin
    private GenerationsOption generations;

    @Override
    public Integer call() throws Exception {
        generations.check();
        java.time.Duration poll = options.poll();
        Optional<String> given = options.configText();
        try (RunStore store = RunStore.open(options.store)) {
            RunConfig config = options.config(store, given, "Arena");
            NetworkRuntime.configure(config.threads());
            int target = generations.target(config);
            ArenaRole.Summary s = new ArenaRole(store, config, options.cacheDir("arena"), poll).run(target);
            System.out.printf(Locale.ROOT, "Arena: generations up to %d rated; this session rated %d, %d games in"
                    + " %.1f s; store: %s%n", s.generation(), s.rated(), s.games(), s.seconds(), store.stats());
        }
        return 0;
    }
}
