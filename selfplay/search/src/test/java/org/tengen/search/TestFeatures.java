package org.tengen.search;

import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;

/** The small feature set search tests use: {@code az3} (own stones, opponent stones, colour to move). */
final class TestFeatures {
    static final FeatureSet INSTANCE = FeatureSets.byId("az3");
    static final int OWN = 0;
    static final int OPPONENT = 1;

    private TestFeatures() {
    }
}
