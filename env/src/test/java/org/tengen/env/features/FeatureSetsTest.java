package org.tengen.env.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FeatureSetsTest {

    @ParameterizedTest
    @CsvSource({"az17, az17, 17", "AZ3, az3, 3", "az9, az9, 9", " rich , rich, 14", "none, none, 0"})
    void knownIds(String id, String canonical, int planes) {
        FeatureSet f = FeatureSets.byId(id);
        assertEquals(canonical, f.id());
        assertEquals(planes, f.planes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"az16", "az1", "az", "resnet", "", "az999"})
    void unknownIdsNameTheKnownOnes(String id) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FeatureSets.byId(id));
        assertTrue(e.getMessage().contains("'" + id + "'") && e.getMessage().contains("az17")
                && e.getMessage().contains("rich"), e.getMessage());
    }

    @Test
    void defaultIsAz17() {
        assertEquals("az17", FeatureSets.defaultSet().id());
    }
}
