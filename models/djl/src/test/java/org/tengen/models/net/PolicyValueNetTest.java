package org.tengen.models.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyValueNetTest {
    private static final NetConfig FULL = new NetConfig(5, 9, 9, 2, 8, true, true, true);

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"5,5", "9,9", "19,19", "7,5"})
    void outputShapesOnEveryBoardSize(int width, int height) {
        try (PolicyValueNet net = PolicyValueNet.create(FULL);
                NDManager manager = net.model().getNDManager().newSubManager()) {
            NDList out = net.forward(manager.randomUniform(0, 1, new Shape(3, 5, height, width)));
            int area = width * height;
            assertEquals(4, out.size());
            assertEquals(new Shape(3, area + 1), out.get(0).getShape());
            assertEquals(new Shape(3), out.get(1).getShape());
            assertEquals(new Shape(3, area), out.get(2).getShape());
            assertEquals(new Shape(3), out.get(3).getShape());
            assertInRange(out.get(1), -1, 1);
            assertInRange(out.get(2), -1, 1);
        }
    }

    @Test
    void plainNetHasPolicyAndValueOnly() {
        NetConfig plain = NetConfig.of(3, 5, 5, 1, 4);
        try (PolicyValueNet net = PolicyValueNet.create(plain);
                NDManager manager = net.model().getNDManager().newSubManager()) {
            NDList out = net.forward(manager.zeros(new Shape(2, 3, 5, 5)));
            assertArrayEquals(new Shape[] {new Shape(2, 26), new Shape(2)}, out.getShapes());
            assertEquals(-1, plain.ownershipIndex());
            assertEquals(-1, plain.scoreIndex());
            assertTrue(net.parameterCount() > 0);
        }
    }

    @Test
    void wrongInputShapeIsAClearError() {
        try (PolicyValueNet net = PolicyValueNet.create(FULL);
                NDManager manager = net.model().getNDManager().newSubManager()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> net.forward(manager.zeros(new Shape(1, 4, 9, 9))));
            assertTrue(e.getMessage().contains("(1, 4, 9, 9)") && e.getMessage().contains("(N, 5, H, W)"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> net.forward(manager.zeros(new Shape(5, 9, 9))));
        }
    }

    @Test
    void badConfigNamesTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NetConfig(17, 9, 9, 0, 32, false, false, false));
        assertTrue(e.getMessage().contains("blocks"), e.getMessage());
    }

    @Test
    void forwardFromSeveralThreadsMatchesOneThread() throws Exception {
        try (PolicyValueNet net = PolicyValueNet.create(FULL)) {
            float[] expected = policy(net);
            ExecutorService pool = Executors.newFixedThreadPool(3);
            List<Future<float[]>> results = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                results.add(pool.submit(() -> policy(net)));
            }
            for (Future<float[]> result : results) {
                assertArrayEquals(expected, result.get(), 1e-6f);
            }
            pool.shutdown();
        }
    }

    private static float[] policy(PolicyValueNet net) {
        try (NDManager manager = net.model().getNDManager().newSubManager()) {
            return net.forward(manager.arange(2 * 5 * 81f).reshape(new Shape(2, 5, 9, 9)).div(405f)).get(0)
                    .toFloatArray();
        }
    }

    @Test
    void leavesNoArraysBehind() {
        try (PolicyValueNet net = PolicyValueNet.create(FULL)) {
            NDManager root = net.model().getNDManager();
            int before = root.getManagedArrays().size();
            for (int i = 0; i < 3; i++) {
                try (NDManager step = root.newSubManager()) {
                    net.forward(step.ones(new Shape(2, 5, 9, 9)));
                }
            }
            assertEquals(before, root.getManagedArrays().size());
        }
    }

    private static void assertInRange(NDArray array, float min, float max) {
        for (float v : array.toFloatArray()) {
            assertTrue(v >= min && v <= max, "value " + v + " outside " + min + ".." + max);
        }
    }
}
