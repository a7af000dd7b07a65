package org.tengen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.rules.Rules;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import org.tengen.models.djl.DjlEvaluator;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.SymmetricEvaluator;
import org.tengen.models.net.PolicyValueNet;
import org.tengen.search.MctsPlayer;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.run.RunDirectory;

/** Loads a checkpoint named on the command line and makes searching players of it for any rules. */
final class ModelPlayers {
    private ModelPlayers() {
    }

    /** A loaded network with its feature set; players share the network, which lives as long as the process. */
    record Loaded(Path checkpoint, CheckpointInfo info, PolicyValueNet net, FeatureSet features) {
        String describe() {
            return info.network().blocks() + " blocks x " + info.network().channels() + " channels, features "
                    + features.id() + ", step " + info.provenance().trainingStep();
        }

        /**
         * A greedy, noise-free PUCT player with tree reuse for a game under {@code rules}, its network evaluated
         * under board symmetries as {@code symmetry} says (null: as is).
         */
        MctsPlayer player(Rules rules, int simulations, SymmetricEvaluator.Mode symmetry, long seed) {
            SearchConfig search = SearchConfig.builder().simulations(simulations).dirichletEpsilon(0f)
                    .temperatureMoves(0).build();
            InputSpec spec = new InputSpec(features.id(), features.planes(), rules.width(), rules.height());
            Evaluator evaluator = new DjlEvaluator(net, spec);
            if (symmetry != null) {
                evaluator = new SymmetricEvaluator(evaluator, symmetry, 1, seed);
            }
            return new MctsPlayer(checkpoint.getFileName().toString(), search, rules,
                    new NetworkLeafEvaluator(evaluator, features, 1), seed);
        }
    }

    /** A checkpoint directory, or a run directory (its latest checkpoint). */
    static Loaded load(Path path) {
        Path checkpoint = path;
        if (!Files.exists(path.resolve(Checkpoints.METADATA_FILE))) {
            if (!Files.exists(path.resolve("config.yaml"))) {
                throw new IllegalArgumentException(path + " is neither a checkpoint (no "
                        + Checkpoints.METADATA_FILE + ") nor a run directory (no config.yaml)");
            }
            checkpoint = new RunDirectory(path).resolveCheckpoint("latest");
        }
        NetworkRuntime.configure(1);
        CheckpointInfo info = Checkpoints.read(checkpoint);
        FeatureSet features = FeatureSets.byId(info.provenance().featureSet());
        info.requireFeatures(features.id(), features.version(), checkpoint);
        return new Loaded(checkpoint, info, Checkpoints.load(checkpoint), features);
    }
}
