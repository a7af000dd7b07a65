package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.tengen.cli.GtpEngines.engine;
import static org.tengen.cli.GtpEngines.ok;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.gtp.GtpEngine;
import picocli.CommandLine;

/** {@code gtp --dead-stones}: the default judge with the shipped 9x9 model loaded, and bad values. */
class GtpDeadStonesTest {
    private static final Path MODEL = Path.of("../../models/pretrained/9x9").toAbsolutePath().normalize();

    /**
     * The reported defect (FinalStatusTest's walls): Black's wall on E and White's on F; White's B5 and C7 are dead in
     * Black's area, Black's H5 in White's; komi 0.5, Black to move, Chinese rules (which remove dead stones before
     * the count). GNU Go 3.8 at its default level says C7 B5 H5 and B+8.5. The shipped model's ownership calls B5 and
     * C7 White's, so a network judge says H5 only.
     */
    private static final String WALLS = "(;GM[1]SZ[9]KM[0.5]RU[Chinese]"
            + "AB[ea][eb][ec][ed][ee][ef][eg][eh][ei][he]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][cc][be]PL[B])";



    @Test
    void withTheShippedModelLoadedTheDefaultJudgeFindsTheDeadStonesOnBothSides(@TempDir Path tmp) throws IOException {
        Path walls = Files.writeString(tmp.resolve("walls.sgf"), WALLS);
        GtpEngine engine = engine("--model", MODEL.toString(), "--backend", "onnx", "--seed", "1");
        ok(engine, "loadsgf " + walls);
        assertEquals("C7\nB5\nH5", ok(engine, "final_status_list dead"));
        assertEquals("B+8.5", ok(engine, "final_score"));
    }

    @Test
    void badJudgesAreUsageErrors() {
        CommandLine.ParameterException unknown = assertThrows(CommandLine.ParameterException.class,
                () -> engine("--dead-stones", "auto"));
        assertEquals("--dead-stones: unknown dead-stone judge 'auto' (expected playouts or network)",
                unknown.getMessage());
        CommandLine.ParameterException noModel = assertThrows(CommandLine.ParameterException.class,
                () -> engine("--dead-stones", "network"));
        assertEquals("--dead-stones: the network judge needs --model", noModel.getMessage());
    }
}
