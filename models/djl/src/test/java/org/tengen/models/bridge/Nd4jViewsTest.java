package org.tengen.models.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.tengen.models.eval.InputSpec;

/** The ND4J observation view shares the env's direct buffer in both directions and has the NCHW shape. */
class Nd4jViewsTest {

    @ParameterizedTest(name = "{0} planes {1}x{2}, batch {3} of {4}")
    @CsvSource({"3, 5, 5, 2, 4", "17, 9, 9, 8, 8", "3, 7, 3, 1, 3", "17, 19, 19, 3, 5"})
    void viewHasNchwShapeAndSharesMemory(int planes, int width, int height, int batch, int capacity) {
        InputSpec spec = new InputSpec("test", planes, width, height);
        FloatBuffer buffer = DjlViewsTest.direct(capacity * spec.observationSize());
        INDArray view = Nd4jViews.observations(buffer, batch, spec);
        assertArrayEquals(new long[] {batch, planes, height, width}, view.shape());
        assertEquals(DataType.FLOAT, view.dataType());
        assertEquals('c', view.ordering());

        int i = batch - 1;
        int p = planes - 1;
        int y = height - 1;
        int x = width / 2;
        buffer.put(((i * planes + p) * height + y) * width + x, 0.75f);
        assertEquals(0.75f, view.getFloat(i, p, y, x));

        view.putScalar(new long[] {0, 0, 0, 0}, 2.5f);
        assertEquals(2.5f, buffer.get(0));
        // Whole-array ops read the shared memory too.
        assertEquals(3.25, view.sumNumber().doubleValue(), 1e-6);
    }

    @Test
    void heapBuffersAreRejected() {
        InputSpec spec = new InputSpec("test", 1, 2, 2);
        assertThrows(IllegalArgumentException.class, () -> Nd4jViews.observations(FloatBuffer.allocate(4), 1, spec));
    }
}
