package org.tengen.models.net;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes glibc keep the memory libtorch frees, for its next tensors. A training step allocates and frees tensors of a
 * few MB each. glibc unmaps freed blocks above its mmap threshold and trims the free top of a thread's arena (every JVM
 * thread has one) above its trim threshold, so the next step faults in fresh pages. It raises both thresholds by itself
 * once a large mapped block is freed, so how slow a process was depended on its history: on a 2-core EPYC, 20 steps
 * of the 4x32 9x9 net at batch 256 in a fresh process took 380,000 to 510,000 page faults and ran at 0.9 to 1.5
 * steps/s; after one 30 MB block was allocated and freed, or with the thresholds set here, 100,000 to 220,000 (most of
 * them the JVM's start) and 1.4 to 2.9 steps/s. The thresholds are those glibc itself would reach after freeing a
 * 32 MB block, its largest mmap threshold: 32 MB, and twice that for trimming. Other C libraries are left as they are.
 */
final class NativeHeap {
    private static final Logger LOG = LoggerFactory.getLogger(NativeHeap.class);
    private static final int M_TRIM_THRESHOLD = -1;
    private static final int M_MMAP_THRESHOLD = -3;
    /** glibc's largest mmap threshold on 64-bit: larger blocks are still mapped and unmapped each time. */
    private static final int LARGEST_MMAP_THRESHOLD = 32 << 20;
    /** Twice the mmap threshold, as glibc sets it when it raises the mmap threshold itself. */
    private static final int TRIM_THRESHOLD = 2 * LARGEST_MMAP_THRESHOLD;
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
            boolean kept = mallopt.invokeInt(new Object[] {M_TRIM_THRESHOLD, TRIM_THRESHOLD}) == 1
                    && mallopt.invokeInt(new Object[] {M_MMAP_THRESHOLD, LARGEST_MMAP_THRESHOLD}) == 1;
            LOG.debug("glibc keeps freed memory for libtorch's next tensors: {}", kept);
            return kept;
        } catch (UnsatisfiedLinkError notGlibc) {
            return false;
        }
    }
}
