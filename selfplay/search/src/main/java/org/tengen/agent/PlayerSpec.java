package org.tengen.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A player named on the command line or in a run config, parsed in this one place for {@code train},
 * {@code match} and {@code gtp}. The forms:
 * <ul>
 *   <li>{@code random}: the {@link RandomAgent};</li>
 *   <li>{@code mcts-rollout} or {@code mcts-rollout:N}: MCTS over random playouts (N simulations, else the run's);</li>
 *   <li>a checkpoint directory, or a run directory (its latest checkpoint);</li>
 *   <li>with a run directory: one of its checkpoints, {@code latest}, {@code best}, {@code gen-0003} (or
 *   {@code gen-3}) or {@code 3};</li>
 *   <li>{@code engine:COMMAND}: an external GTP engine, e.g. {@code engine:gnugo --mode gtp --level 0}.</li>
 * </ul>
 * A checkpoint form may end in {@code @BACKEND} ({@code latest@int8}): that player's network runs on that inference
 * backend instead of the run's, so two backends can play each other.
 */
public sealed interface PlayerSpec {
    /** What every parse error lists. */
    String FORMS = "random, mcts-rollout[:N], latest, best, gen-N or N (checkpoints of --run-dir), a checkpoint or run "
            + "directory path (each with an optional @BACKEND), or engine:COMMAND";

    /** The {@link RandomAgent}. */
    record Random() implements PlayerSpec {
    }

    /** MCTS with random-playout values; without simulations, the run's {@code arena.rolloutSimulations}. */
    record MctsRollout(OptionalInt simulations) implements PlayerSpec {
    }

    /** The checkpoint in {@code directory}. */
    record Checkpoint(Path directory) implements PlayerSpec {
    }

    /** Checkpoint {@code name} ({@code latest}, {@code best}, {@code gen-0003}, {@code 3}) of the run in {@code run}. */
    record RunCheckpoint(Path run, String name) implements PlayerSpec {
    }

    /** A checkpoint form whose network runs on inference backend {@code backend} (a name, checked by its user). */
    record OnBackend(PlayerSpec checkpoint, String backend) implements PlayerSpec {
    }

    /** An external GTP engine started by {@code command}. */
    record Engine(String command) implements PlayerSpec {
        /** @param command the engine's command line, not blank */
        public Engine {
            if (command.isBlank()) {
                throw new IllegalArgumentException("engine: the command is empty");
            }
        }
    }

    /**
     * Reads a player.
     *
     * @param text   one of the {@link #FORMS}
     * @param runDir the run whose checkpoints names such as {@code latest} resolve in, if any
     * @return the player {@code text} names
     * @throws IllegalArgumentException naming the text and the valid forms
     */
    static PlayerSpec parse(String text, Optional<Path> runDir) {
        String t = text.strip();
        if (t.equals("random")) {
            return new Random();
        }
        if (t.equals("mcts-rollout")) {
            return new MctsRollout(OptionalInt.empty());
        }
        if (t.startsWith("mcts-rollout:")) {
            try {
                int simulations = Integer.parseInt(t.substring("mcts-rollout:".length()));
                if (simulations >= 1) {
                    return new MctsRollout(OptionalInt.of(simulations));
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("'" + text + "': expected mcts-rollout:SIMULATIONS with a positive "
                    + "number");
        }
        if (t.startsWith("engine:")) {
            return new Engine(t.substring("engine:".length()).strip());
        }
        int at = t.lastIndexOf('@');
        if (at > 0 && t.substring(at + 1).matches("[A-Za-z0-9]+")) {
            PlayerSpec checkpoint = parse(t.substring(0, at), runDir);
            if (checkpoint instanceof Checkpoint || checkpoint instanceof RunCheckpoint) {
                return new OnBackend(checkpoint, t.substring(at + 1));
            }
            throw new IllegalArgumentException("'" + text + "': only checkpoints take an @BACKEND");
        }
        if (!t.isEmpty()) {
            Path path = Path.of(t);
            if (Files.isRegularFile(path.resolve("checkpoint.yaml"))) {
                return new Checkpoint(path);
            }
            if (Files.isRegularFile(path.resolve("config.yaml"))) {
                return new RunCheckpoint(path, "latest");
            }
            if (runDir.isPresent() && t.matches("latest|best|gen-\\d+|\\d+")) {
                return new RunCheckpoint(runDir.get(), t);
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a player; expected " + FORMS);
    }
}
