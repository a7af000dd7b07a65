package org.tengen.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.arena.MatchPlayer;
import org.tengen.arena.SearchMatchPlayer;
import org.tengen.arena.SingleGameMatchPlayer;
import org.tengen.env.features.FeatureSet;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.RandomPlayer;
import org.tengen.search.RolloutLeafEvaluator;
import org.tengen.search.SearchConfig;

/** Makes arena players of a run: checkpoints searched with the run's arena search, and the fixed anchors. */
public final class Players {
    private final RunConfig config;
    private final FeatureSet features;
    private final InputSpec spec;

    public Players(RunConfig config) {
        this.config = config;
        this.features = config.featureSet();
        this.spec = new InputSpec(features.id(), features.planes(), config.rules().width(),
                config.rules().height());
    }

    /** Loads a checkpoint after checking it fits the run (feature set, network shape). */
    public PolicyValueNet loadNet(Path checkpoint) {
        CheckpointInfo info = Checkpoints.read(checkpoint);
        info.requireFeatures(features.id(), features.version(), checkpoint);
        return Checkpoints.load(checkpoint, config.network());
    }

    /** The checkpoint searched with {@code search}; its network is closed with the player. */
    public MatchPlayer checkpoint(String name, Path checkpoint, SearchConfig search, int parallel, long seed) {
        PolicyValueNet net = loadNet(checkpoint);
        NetworkLeafEvaluator leaves = new NetworkLeafEvaluator(new DjlEvaluator(net, spec), features,
                parallel * search.leavesPerTree());
        return new SearchMatchPlayer(name, search, config.rules(), leaves, parallel, seed, net);
    }

    /** {@code random} or {@code mcts-rollout} (with the run's rollout simulations, or {@code mcts-rollout:N}). */
    public MatchPlayer anchor(String anchor, int parallel, long seed) {
        if (anchor.equals("random")) {
            return new SingleGameMatchPlayer(new RandomPlayer(seed));
        }
        int sims = config.evaluation().rolloutSimulations();
        if (anchor.startsWith("mcts-rollout:")) {
            try {
                sims = Integer.parseInt(anchor.substring("mcts-rollout:".length()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected mcts-rollout:SIMULATIONS, got '" + anchor + "'");
            }
        } else if (!anchor.equals("mcts-rollout")) {
            throw new IllegalArgumentException("unknown anchor '" + anchor + "'; known: random, mcts-rollout[:N]");
        }
        return new SearchMatchPlayer("mcts-rollout", SearchConfig.rolloutAnchor(sims), config.rules(), new RolloutLeafEvaluator(1, seed),
                parallel, seed, null);
    }

    /**
     * A player named on the command line: an anchor, a checkpoint of {@code run} ({@code latest}, {@code best},
     * {@code gen-0003}, {@code 3}), or a path to a checkpoint directory.
     */
    public MatchPlayer parse(String ref, RunDirectory run, SearchConfig search, int parallel, long seed) {
        if (ref.equals("random") || ref.startsWith("mcts-rollout")) {
            return anchor(ref, parallel, seed);
        }
        Path asPath = Path.of(ref);
        if (Files.isDirectory(asPath) && Files.exists(asPath.resolve(Checkpoints.METADATA_FILE))) {
            return checkpoint(asPath.getFileName().toString(), asPath, search, parallel, seed);
        }
        Path checkpoint = run.resolveCheckpoint(ref);
        return checkpoint(checkpoint.getFileName().toString(), checkpoint, search, parallel, seed);
    }
}
