package org.tengen.models.inference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The CPU's model and the vector extensions that matter to inference, read from /proc/cpuinfo. Used to choose, never
 * to require: a feature that is absent (or a machine without /proc/cpuinfo) only narrows the choice.
 *
 * @param model the model name, or {@code unknown}
 * @param flags the flags of the first processor
 */
public record CpuFeatures(String model, Set<String> flags) {
    /** Flags shown by {@link #describe()}, in order. */
    private static final List<String> SHOWN = List.of("avx2", "avx512f", "avx_vnni", "avx512_vnni", "avx512_bf16",
            "amx_tile", "amx_bf16", "amx_int8");
    private static volatile CpuFeatures detected;

    public CpuFeatures {
        flags = Set.copyOf(flags);
    }

    /** This machine's, read once per process. */
    public static CpuFeatures detect() {
        CpuFeatures known = detected;
        if (known == null) {
            known = read(Path.of("/proc/cpuinfo"));
            detected = known;
        }
        return known;
    }

    /** The CPU described by a cpuinfo file; unknown (no flags) if it cannot be read. */
    static CpuFeatures read(Path cpuinfo) {
        List<String> lines;
        try {
            lines = Files.readAllLines(cpuinfo);
        } catch (IOException | RuntimeException e) {
            return new CpuFeatures("unknown (no " + cpuinfo + ")", Set.of());
        }
        String model = lines.stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown model");
        Set<String> flags = lines.stream().filter(l -> l.startsWith("flags")).findFirst()
                .map(l -> Set.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+"))).orElse(Set.of());
        return new CpuFeatures(model, flags);
    }

    /** int8 dot products that accumulate in 32 bits (VNNI or AMX), so u8 x s8 weights need no reduced range. */
    public boolean int8DotProducts() {
        return flags.contains("avx512_vnni") || flags.contains("avx_vnni") || flags.contains("amx_int8");
    }

    /** The model, the core count and the extensions of {@link #SHOWN} it has. */
    public String describe() {
        List<String> shown = SHOWN.stream().filter(flags::contains).toList();
        return model + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
                + (shown.isEmpty() ? "no AVX2" : String.join(" ", shown));
    }
}
