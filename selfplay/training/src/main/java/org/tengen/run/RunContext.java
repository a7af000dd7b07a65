package org.tengen.run;

import org.tengen.env.features.FeatureSet;
import org.tengen.models.checkpoint.Provenance;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.inference.InferenceNet;
import org.tengen.models.net.PolicyValueNet;

/** What every phase of a run shares: its config, directory, agents and this session's totals. */
record RunContext(RunConfig config, RunDirectory dir, boolean progressBars, FeatureSet features, InputSpec spec,
                  Agents agents, Session session) {

    /** Checkpoint {@code name} of this run (e.g. {@code gen-0003}), checked against the run's network. */
    PolicyValueNet loadNet(String name) {
        return agents.loadNet(dir.checkpoint(name));
    }

    /** Checkpoint {@code name} of this run loaded for search on the run's backend. */
    InferenceNet loadForSearch(String name) {
        return agents.loadForSearch(dir.checkpoint(name));
    }

    /** The provenance of a checkpoint of this run after {@code step} training steps from {@code parent}. */
    Provenance provenance(long step, String parent) {
        return new Provenance(features.id(), features.version(), config.rulesPreset(), step, parent);
    }
}
