package org.tengen.models.net;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes glibc keep the memory libtorch frees, for its next tensors. A training step allocates and frees tensors of a
 * few MB each. By default glibc returns such blocks to the kernel: blocks above its mmap threshold are unmapped when
 * freed, and the free top of a thread's arena is trimmed (every JVM thread has such an arena; a Python script trains on
 * the main thread, whose heap glibc trims less eagerly). The next step then faults in fresh pages: on a 2-core EPYC,
 * 20 steps of the 4x32 9x9 net at batch 256 took 380,000 to 510,000 page faults and ran at 0.9 to 1.5 steps/s; with
 * the thresholds below, 120,000 to 170,000 (most of them the JVM's start) and 1.9 to 2.9 steps/s. Freed memory stays
 * with the process, so its resident size is the peak of what it used. Other C libraries are left as they are.
 */
final class NativeHeap {
    private static final Logger LOG = LoggerFactory.getLogger(NativeHeap.class);
    private static final int M_TRIM_THRESHOLD = -1;
    private static final int M_MMAP_THRESHOLD = -3;
    /** glibc's largest mmap threshold on 64-bit: larger blocks are still mapped and unmapped each time. */
    private static final int LARGEST_MMAP_THRESHOLD = 32 << 20;
    private static final boolean KEPT = keep();

    private NativeHeap() {
    }

    /** {@return whether freed memory is kept}: done once per process, by the first call. */
    static boolean keepFreedMemory() {
        return KEPT;
    }

    private static boolean keep() {
        if (!Platform.isLinux()) {
            return false;
        }
        try {
            Function mallopt = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("mallopt");
            boolean kept = mallopt.invokeInt(new Object[] {M_TRIM_THRESHOLD, Integer.MAX_VALUE}) == 1
                    && mallopt.invokeInt(new Object[] {M_MMAP_THRESHOLD, LARGEST_MMAP_THRESHOLD}) == 1;
            LOG.debug("glibc keeps freed memory for libtorch's next tensors: {}", kept);
            return kept;
        } catch (UnsatisfiedLinkError notGlibc) {
            return false;
        }
    }
}
