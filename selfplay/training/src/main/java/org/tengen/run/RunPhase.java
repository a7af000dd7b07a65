package org.tengen.run;

import org.tengen.env.features.FeatureSet;
import org.tengen.models.eval.InputSpec;

/** A phase with the run's shared context at hand, as fields named as the phases use them. */
abstract class RunPhase implements Phase {
    protected final RunContext run;
    protected final RunConfig config;
    protected final RunDirectory dir;
    protected final FeatureSet features;
    protected final InputSpec spec;
    private final String name;

    RunPhase(RunContext run, String name) {
        this.name = name;
        this.run = run;
        this.config = run.config();
        this.dir = run.dir();
        this.features = run.features();
        this.spec = run.spec();
    }

    @Override
    public String name() {
        return name;
    }

    /** The bar of this phase of generation {@code g}, e.g. {@code gen 3/20 self-play}, counting to {@code total}. */
    protected Progress progress(int g, long total) {
        return Progress.start(run.progressBars(), "gen " + g + "/" + config.generations() + " " + name, total,
                run.session().runEta);
    }
}
