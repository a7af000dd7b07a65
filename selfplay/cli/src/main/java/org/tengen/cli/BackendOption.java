package org.tengen.cli;

import org.tengen.models.inference.InferenceBackend;
import org.tengen.run.RunConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --backend} option of commands that search with networks, overriding the run config's backend. */
final class BackendOption {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private InferenceBackend backend;

    /** Parsed as it is read, so a bad value is a usage error naming the option whatever else the command does. */
    @Option(names = "--backend", paramLabel = "NAME",
            description = "Library that runs the networks of search: onnx (ONNX Runtime), int8 (ONNX Runtime on an "
                    + "int8 model derived on load), libtorch, or auto (int8 where it agrees with fp32 on its "
                    + "calibration positions and is faster, else onnx where its natives load, else libtorch) "
                    + "(default: the run config's backend, auto).")
    void backend(String name) {
        try {
            backend = InferenceBackend.parse(name);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--backend: " + e.getMessage());
        }
    }

    /** {@code config} with the option applied. */
    RunConfig apply(RunConfig config) {
        return backend == null ? config : config.withBackend(backend);
    }
}
