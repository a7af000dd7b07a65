package org.tengen.models.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The scalar stays valid for backward even when the collector runs and memory is reused in between. With DJL's own
 * {@code x.mul(3f)} in place of {@link Scalars#times} this test fails (gradient about 3e-20 instead of 3).
 */
class ScalarsTest {
    @Test
    void gradientThroughAScalarFactorSurvivesGarbageCollection() {
        try (NDManager manager = NDManager.newBaseManager(Engine.getEngine("PyTorch").defaultDevice())) {
            NDArray x = manager.create(new float[] {1f, 2f, 3f});
            x.setRequiresGradient(true);
            try (GradientCollector collector = Engine.getEngine("PyTorch").newGradientCollector()) {
                NDArray y = Scalars.times(x, 3f).sum();
                for (int i = 0; i < 3; i++) {
                    System.gc();
                    ByteBuffer.allocateDirect(4).putFloat(0, 1e30f); // likely to land where a freed scalar was
                }
                collector.backward(y);
            }
            assertArrayEquals(new float[] {3f, 3f, 3f}, x.getGradient().toFloatArray());
        }
    }
}
