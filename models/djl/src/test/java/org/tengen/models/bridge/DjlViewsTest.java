package org.tengen.models.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.models.eval.InputSpec;

/** The DJL observation view shares the env's direct buffer in both directions and has the NCHW shape. */
class DjlViewsTest {
    private static NDManager manager;

    @BeforeAll
    static void openManager() {
        manager = NDManager.newBaseManager();
    }

    @AfterAll
    static void closeManager() {
        manager.close();
    }

    static FloatBuffer direct(int floats) {
        return ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    @ParameterizedTest(name = "{0} planes {1}x{2}, batch {3} of {4}")
    @CsvSource({"3, 5, 5, 2, 4", "17, 9, 9, 8, 8", "3, 7, 3, 1, 3", "17, 19, 19, 3, 5"})
    void viewHasNchwShapeAndSharesMemory(int planes, int width, int height, int batch, int capacity) {
        InputSpec spec = new InputSpec("test", planes, width, height);
        FloatBuffer buffer = direct(capacity * spec.observationSize());
        try (NDArray view = DjlViews.observations(manager, buffer, batch, spec)) {
            assertEquals(new Shape(batch, planes, height, width), view.getShape());
            assertEquals(DataType.FLOAT32, view.getDataType());

            // Env writes (absolute puts, as feature sets do) show up in the view without any refresh.
            int i = batch - 1;
            int p = planes - 1;
            int y = height - 1;
            int x = width / 2;
            buffer.put(((i * planes + p) * height + y) * width + x, 0.75f);
            assertEquals(0.75f, view.getFloat(i, p, y, x));

            // And writes through the view land in the env's buffer: one block of memory, not two.
            view.set(new NDIndex(0, 0, 0, 0), 2.5f);
            assertEquals(2.5f, buffer.get(0));
        }
        // Closing the view leaves the env's memory alone.
        assertEquals(2.5f, buffer.get(0));
    }

    @Test
    void indexingIsAbsoluteAndLeavesThePositionAlone() {
        InputSpec spec = new InputSpec("test", 1, 2, 2);
        FloatBuffer buffer = direct(8);
        buffer.put(0, 1f).put(4, 5f);
        buffer.position(3);
        try (NDArray view = DjlViews.observations(manager, buffer, 2, spec)) {
            assertEquals(1f, view.getFloat(0, 0, 0, 0));
            assertEquals(5f, view.getFloat(1, 0, 0, 0));
        }
        assertEquals(3, buffer.position());
    }

    /**
     * Why the view re-wraps the memory: handed a direct FloatBuffer, the PyTorch engine copies it (and moves the
     * buffer's position). If a DJL upgrade starts sharing, this test says so and the alias can go.
     */
    @Test
    void plainCreateFromDirectFloatBufferCopies() {
        FloatBuffer buffer = direct(4);
        try (NDArray copy = manager.create(buffer.duplicate(), new Shape(4))) {
            buffer.put(1, 9f);
            assertEquals(0f, copy.getFloat(1));
        }
    }

    @Test
    void badBuffersAreRejectedWithTheReason() {
        InputSpec spec = new InputSpec("test", 2, 3, 3);
        IllegalArgumentException heap = assertThrows(IllegalArgumentException.class,
                () -> DjlViews.observations(manager, FloatBuffer.allocate(18), 1, spec));
        assertTrue(heap.getMessage().contains("direct"), heap.getMessage());
        ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? ByteOrder.BIG_ENDIAN
                : ByteOrder.LITTLE_ENDIAN;
        FloatBuffer swapped = ByteBuffer.allocateDirect(18 * 4).order(other).asFloatBuffer();
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class,
                () -> DjlViews.observations(manager, swapped, 1, spec));
        assertTrue(order.getMessage().contains("native byte order"), order.getMessage());
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> DjlViews.observations(manager, direct(30), 2, spec));
        assertTrue(small.getMessage().contains("needs 36 floats"), small.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DjlViews.observations(manager, direct(18), 0, spec));
    }
}
