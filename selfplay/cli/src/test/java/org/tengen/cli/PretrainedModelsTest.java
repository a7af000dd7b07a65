package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tengen.cli.GtpEngines.ok;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tengen.gtp.GtpEngine;
import org.tengen.models.checkpoint.CheckpointInfo;
import org.tengen.models.checkpoint.Checkpoints;
import picocli.CommandLine;

/**
 * The models shipped under {@code models/pretrained/} load through {@code gtp --model <folder>} and play what their
 * README promises.
 */
class PretrainedModelsTest {
    /** The repository's root, from this module's directory (where Maven runs the tests). */
    private static final Path PRETRAINED = Path.of("../../models/pretrained").toAbsolutePath().normalize();

    @Test
    void theFiveByFiveModelTakesTheWholeBoardAgainstItselfAtKomiHalfAPoint() {
        Path folder = PRETRAINED.resolve("5x5");
        assertTrue(Files.isRegularFile(folder.resolve("README.md")), "provenance next to the model");
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs("--model", folder.toString(), "--size", "5", "--komi", "0.5", "--seed",
                "1", "--simulations", "64", "--resign-threshold", "-1");
        GtpEngine engine = command.engine();
        String color = "b";
        int passes = 0;
        for (int turn = 0; turn < 75 && passes < 2; turn++) {
            String move = ok(engine, "genmove " + color);
            passes = move.equalsIgnoreCase("pass") ? passes + 1 : 0;
            color = color.equals("b") ? "w" : "b";
        }
        assertEquals(2, passes, "the game ends by two passes:\n" + ok(engine, "showboard"));
        // 5x5 is solved: Black owns all 25 points with perfect play, so B+24.5 at komi 0.5.
        assertEquals("B+24.5", ok(engine, "final_score"), ok(engine, "showboard"));
    }

    @Test
    void gtpStartsOnTheModelsBoardAndItsRunsKomi() {
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs("--model", PRETRAINED.resolve("5x5").toString(), "--seed", "1");
        GtpEngine engine = command.engine();
        assertEquals(5, engine.rules().width());
        assertEquals(5, engine.rules().height());
        assertEquals(0.5, engine.rules().komi());
    }

    /**
     * Self-play from a random network once fed an untrained net's taste for the edge back into itself, so that its
     * models opened on the 1-1 points; the shipped model, trained from zero, opens away from the edge.
     */
    @Test
    void theNineByNineModelStartsOnItsBoardAndOpensAwayFromTheEdge() {
        GtpEngine engine = shipped("9x9");
        assertEquals(9, engine.rules().width());
        assertEquals(7.5, engine.rules().komi());
        String move = ok(engine, "genmove b");
        assertTrue(move.matches("[C-G][3-7]"), "third line or nearer the centre, not "
                + move);
    }

    @Test
    void theSevenBySevenModelOpensAtTheCentre() {
        GtpEngine engine = shipped("7x7");
        assertEquals(7, engine.rules().width());
        assertEquals(8.5, engine.rules().komi());
        // 7x7 is solved with Black's first stone on the centre point (Davies; Li and Yang, 2015).
        assertEquals("D4", ok(engine, "genmove b"));
    }

    /**
     * Issue 24: the 5x5 checkpoint once shipped without {@value Checkpoints#ONNX_FILE}, so every load started libtorch
     * to export it. Every shipped checkpoint carries its ONNX model, matching the hash its metadata records.
     */
    @Test
    void everyShippedCheckpointCarriesItsOnnxModel() throws IOException {
        Set<Path> models;
        List<Path> checkpoints;
        try (Stream<Path> folders = Files.list(PRETRAINED);
             Stream<Path> metadata = Files.find(PRETRAINED, 4,
                     (p, attributes) -> p.getFileName().toString().equals(Checkpoints.METADATA_FILE))) {
            models = folders.filter(Files::isDirectory).collect(Collectors.toSet());
            checkpoints = metadata.map(Path::getParent).toList();
        }
        assertEquals(models, checkpoints.stream().map(c -> c.getParent().getParent()).collect(Collectors.toSet()),
                "a checkpoint in every model folder: " + checkpoints);
        for (Path checkpoint : checkpoints) {
            CheckpointInfo info = Checkpoints.verify(checkpoint);
            assertNotNull(info.onnxSha256(), checkpoint + " has no " + Checkpoints.ONNX_FILE);
        }
    }

    /** {@code gtp --model} on the shipped folder {@code name} at 32 simulations, seed 1; its provenance beside it. */
    private static GtpEngine shipped(String name) {
        Path folder = PRETRAINED.resolve(name);
        assertTrue(Files.isRegularFile(folder.resolve("README.md")), "provenance next to the model");
        GtpCommand command = new GtpCommand();
        new CommandLine(command).parseArgs("--model", folder.toString(), "--seed", "1", "--simulations", "32");
        return command.engine();
    }
}
