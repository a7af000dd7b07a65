package org.tengen.env.process;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * CPU time of this process, all threads: unlike wall time it does not count time the machine gave to other
 * processes, so rates per CPU second compare fairly on a shared machine.
 */
public final class ProcessCpuTime {
    private ProcessCpuTime() {
    }

    /** {@return the process's CPU time so far, in nanoseconds}; only differences between two readings mean anything */
    public static long nanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
