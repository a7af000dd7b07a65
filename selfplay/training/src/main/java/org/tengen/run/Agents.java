package org.tengen.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.tengen.agent.Agent;
import org.tengen.agent.PlayerSpec;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.SearchAgent;
import org.tengen.env.features.FeatureSet;
import org.tengen.external.EngineCommand;
import org.tengen.external.ExternalPlayer;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.inference.AutoChoice;
import org.tengen.models.inference.InferenceBackend;
import org.tengen.models.inference.InferenceNet;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;

/**
 * Turns {@link PlayerSpec}s into agents for a run's rules and features: the one place where checkpoints become
 * searching agents, anchors become anchors and engine commands become external players, for {@code train},
 * {@code match} and {@code gtp}.
 */
public final class Agents {
    private final RunConfig config;
    private final FeatureSet features;
    private final Duration engineTimeout;
    private final AutoChoice auto;

    /**
     * Agents of {@code config}'s run; external engines get its {@code arena.engineTimeoutSeconds}, backend auto
     * decides once in this process.
     */
    public Agents(RunConfig config) {
        this(config, AutoChoice.perProcess());
    }

    /**
     * Agents of {@code config}'s run whose backend auto keeps its speed decision in {@code folder}'s
     * {@value AutoChoice#FILE}: a run directory, or a role's cache on its machine. It is probed once per CPU there,
     * and every later process that runs there (a resumed {@code train}, {@code match}, {@code gtp}, a
     * restarted actor) reads it instead of probing again.
     */
    public static Agents keepingAutoChoiceIn(RunConfig config, Path folder) {
        return new Agents(config, AutoChoice.recordedIn(folder.resolve(AutoChoice.FILE)));
    }

    /** Agents of {@code config}'s run whose backend auto decides as {@code auto} says. */
    private Agents(RunConfig config, AutoChoice auto) {
        this.config = config;
        this.features = config.featureSet();
        this.engineTimeout = config.arena().engineTimeout();
        this.auto = auto;
    }

    /**
     * {@link PlayerSpec#parse} with checkpoint names resolving in {@code run}; an error also says which checkpoints
     * the run has.
     */
    public static PlayerSpec parse(String text, Optional<RunDirectory> run) {
        PlayerSpec spec;
        try {
            spec = PlayerSpec.parse(text, run.map(RunDirectory::root));
        } catch (IllegalArgumentException e) {
            if (run.isEmpty()) {
                throw e;
            }
            throw new IllegalArgumentException(e.getMessage() + "; " + run.get().root() + " has "
                    + run.get().checkpointRange(), e);
        }
        if (spec instanceof PlayerSpec.OnBackend b) {
            try {
                InferenceBackend.parse(b.backend());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "': " + e.getMessage(), e);
            }
        }
        return spec;
    }

    /** Loads a checkpoint for training after checking it fits the run (feature set, network shape). */
    public PolicyValueNet loadNet(Path checkpoint) {
        requireFeatures(checkpoint);
        return Checkpoints.load(checkpoint, config.network());
    }

    /** Loads a checkpoint for search on the run's backend, after checking it fits the run. */
    public InferenceNet loadForSearch(Path checkpoint) {
        return loadForSearch(checkpoint, config.backend());
    }

    private InferenceNet loadForSearch(Path checkpoint, InferenceBackend backend) {
        requireFeatures(checkpoint);
        return InferenceNet.load(checkpoint, config.network(), backend, config.threads(), auto);
    }

    private void requireFeatures(Path checkpoint) {
        CheckpointInfo info = Checkpoints.read(checkpoint);
        info.requireFeatures(features.id(), features.version(), checkpoint);
    }

    /** The agent {@code spec} names, playing {@code parallel} games at once; networks are evaluated as they are. */
    public Agent create(PlayerSpec spec, SearchConfig search, int parallel, long seed) {
        return create(spec, search, parallel, seed, SymmetricEvaluator.Mode.NONE);
    }

    /**
     * The agent {@code spec} names, playing {@code parallel} games at once. Checkpoints are searched with
     * {@code search} and their network evaluated under board symmetries as {@code symmetry} says;
     * {@code mcts-rollout} uses the run's rollout simulations unless the spec gives its own.
     */
    public Agent create(PlayerSpec spec, SearchConfig search, int parallel, long seed,
                        SymmetricEvaluator.Mode symmetry) {
        if (spec instanceof PlayerSpec.OnBackend b) {
            return checkpoint(checkpointOf(b.checkpoint()), InferenceBackend.parse(b.backend()), search, parallel,
                    seed, symmetry);
        }
        // Java 17 has no pattern switch; the sealed interface keeps this list complete.
        if (spec instanceof PlayerSpec.Random) {
            return new RandomAgent(seed);
        }
        if (spec instanceof PlayerSpec.MctsRollout m) {
            return SearchAgent.rollouts(m.simulations().orElse(config.arena().rolloutSimulations()), parallel,
                    seed);
        }
        if (spec instanceof PlayerSpec.Checkpoint || spec instanceof PlayerSpec.RunCheckpoint) {
            return checkpoint(checkpointOf(spec), config.backend(), search, parallel, seed, symmetry);
        }
        PlayerSpec.Engine e = (PlayerSpec.Engine) spec;
        return engine(Optional.empty(), EngineCommand.parse(e.command()), parallel);
    }

    /** An external engine, named {@code name} or by its own GTP name and version; one process per game slot. */
    public ExternalPlayer engine(Optional<String> name, EngineCommand command, int parallel) {
        command.program();
        return new ExternalPlayer(name, () -> command.start(engineTimeout), config.rules(), parallel);
    }

    /** The directory of a {@link PlayerSpec.Checkpoint} or {@link PlayerSpec.RunCheckpoint}. */
    private static Path checkpointOf(PlayerSpec spec) {
        if (spec instanceof PlayerSpec.Checkpoint c) {
            return c.directory();
        }
        PlayerSpec.RunCheckpoint c = (PlayerSpec.RunCheckpoint) spec;
        return new RunDirectory(c.run()).resolveCheckpoint(c.name());
    }

    /**
     * The checkpoint in {@code dir} as the agent {@code name} (a run's {@code gen-0003}, whatever the directory is
     * called), searched with {@code search} on the run's backend and its network evaluated as it is.
     */
    public Agent checkpoint(String name, Path dir, SearchConfig search, int parallel, long seed) {
        return checkpoint(name, dir, config.backend(), search, parallel, seed, SymmetricEvaluator.Mode.NONE);
    }

    private Agent checkpoint(Path dir, InferenceBackend backend, SearchConfig search, int parallel, long seed,
                             SymmetricEvaluator.Mode symmetry) {
        return checkpoint(dir.getFileName().toString(), dir, backend, search, parallel, seed, symmetry);
    }

    /** The checkpoint searched with {@code search}, under any rules it meets; its network is closed with it. */
    private Agent checkpoint(String name, Path dir, InferenceBackend backend, SearchConfig search, int parallel,
                             long seed, SymmetricEvaluator.Mode symmetry) {
        InferenceNet net = loadForSearch(dir, backend);
        return new SearchAgent(name, search, parallel, (rules, maxBatch) -> {
            Evaluator evaluator = SymmetricEvaluator.under(net.evaluator(InputSpec.of(features, rules)),
                    symmetry, maxBatch, seed);
            return new NetworkLeafEvaluator(evaluator, features, maxBatch);
        }, seed, net);
    }
}
