package org.tengen.models.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Masks are copied once into native memory; the DJL and ND4J arrays read that copy. */
class LegalMasksTest {

    @Test
    void masksReachBothEnginesWithTheirShape() {
        int actions = 10; // 3x3 board + pass
        boolean[] legal = new boolean[4 * actions];
        legal[0] = true;
        legal[9] = true;
        legal[actions + 4] = true;
        legal[2 * actions + 9] = true;
        LegalMasks masks = new LegalMasks(4, actions);
        masks.copy(legal, 3);
        assertEquals(3, masks.batch());
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray djl = masks.djl(manager);
            assertEquals(new Shape(3, actions), djl.getShape());
            assertEquals(DataType.BOOLEAN, djl.getDataType());
            assertArrayEquals(Arrays.copyOf(legal, 3 * actions), djl.toBooleanArray());
        }
        INDArray nd4j = masks.nd4j();
        assertArrayEquals(new long[] {3, actions}, nd4j.shape());
        for (int i = 0; i < 3; i++) {
            for (int a = 0; a < actions; a++) {
                assertEquals(legal[i * actions + a], nd4j.getDouble(i, a) != 0, "position " + i + " action " + a);
            }
        }
        // The copy is a snapshot: later changes to the env's array need another copy().
        legal[1] = true;
        assertEquals(0.0, nd4j.getDouble(0, 1));
    }

    @Test
    void badBatchesAreRejected() {
        LegalMasks masks = new LegalMasks(2, 5);
        assertThrows(IllegalStateException.class, masks::nd4j);
        assertThrows(IllegalArgumentException.class, () -> masks.copy(new boolean[15], 3));
        assertThrows(IllegalArgumentException.class, () -> masks.copy(new boolean[5], 2));
    }
}
