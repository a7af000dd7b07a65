package org.tengen.records;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.Evaluator;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.inference.BackendAgreement;

/**
 * How well a network predicts the games of SGF records, position by position as {@link SgfImport} reads them: top-1
 * agreement (its most probable legal move is the move played) and, where the record has a winner, whether its value
 * has the sign of the outcome.
 */
public final class MoveAgreement {

    /**
     * @param reading   the games read
     * @param agreeing  positions whose move played is the network's most probable move
     * @param decided   positions of games with a winner (value target +1 or -1)
     * @param rightSide of those, positions where the network's value has the sign of the outcome
     * @param backends  with a reference evaluator, how the evaluator's outputs follow the reference's
     */
    public record Result(SgfImport.Reading reading, long agreeing, long decided, long rightSide,
                         Optional<BackendAgreement> backends) {
        /** Top-1 agreement over all positions. */
        public double top1() {
            return reading.positions() == 0 ? 0 : (double) agreeing / reading.positions();
        }

        /** Share of decided positions where the value's sign is the outcome's. */
        public double valueSign() {
            return decided == 0 ? 0 : (double) rightSide / decided;
        }

        /** One line for the user. */
        public String describe() {
            return String.format(Locale.ROOT, "%d games, %d positions: top-1 move agreement %.4f (%d), value sign "
                            + "right at %.4f of %d positions with a winner", reading.games(), reading.positions(),
                    top1(), agreeing, valueSign(), decided)
                    + backends.map(a -> "; against the reference backend on " + a.describe()).orElse("");
        }
    }

    private MoveAgreement() {
    }

    /**
     * Reads the games of {@code inputs} with {@code importer} (whose spec must be the evaluator's) and evaluates every
     * position in batches of {@code batch}; skipped files are told to {@code report} as {@link SgfImport#read} does.
     */
    public static Result measure(Evaluator evaluator, SgfImport importer, List<Path> inputs, int batch,
                                 Consumer<String> report) {
        return measure(evaluator, Optional.empty(), importer, inputs, batch, report);
    }

    /**
     * As {@link #measure(Evaluator, SgfImport, List, int, Consumer)}, also comparing the evaluator's policies and
     * values with those of {@code reference} (the same network on another backend) on every position.
     */
    public static Result measure(Evaluator evaluator, Optional<Evaluator> reference, SgfImport importer,
                                 List<Path> inputs, int batch, Consumer<String> report) {
        InputSpec spec = importer.spec();
        if (!evaluator.spec().equals(spec)) {
            throw new IllegalArgumentException("the network takes " + evaluator.spec() + ", the games are read as "
                    + spec);
        }
        Batch b = new Batch(evaluator, reference, spec, batch);
        SgfImport.Reading reading = importer.read(inputs, (samples, legal) -> {
            TrainingShard game = samples.toShard();
            for (int i = 0; i < game.count(); i++) {
                b.add(game, i, legal);
            }
        }, report);
        b.flush();
        return new Result(reading, b.agreeing, b.decided, b.rightSide, reference.map(r -> b.backends));
    }

    /** Positions waiting for one evaluator call, and the tallies so far. */
    private static final class Batch {
        private final Evaluator evaluator;
        private final int size;
        private final int obsSize;
        private final int actions;
        private final FloatBuffer observations;
        private final boolean[] legal;
        private final int[] played;
        private final float[] outcome;
        private final float[] policy;
        private final float[] value;
        private final float[] score;
        private final Optional<Evaluator> reference;
        private final float[] referencePolicy;
        private final float[] referenceValue;
        final BackendAgreement backends = new BackendAgreement();
        private int count;
        long agreeing;
        long decided;
        long rightSide;

        Batch(Evaluator evaluator, Optional<Evaluator> reference, InputSpec spec, int size) {
            this.evaluator = evaluator;
            this.reference = reference;
            this.size = size;
            this.obsSize = spec.observationSize();
            this.actions = spec.actionCount();
            this.observations = ByteBuffer.allocateDirect(size * obsSize * Float.BYTES).order(ByteOrder.nativeOrder())
                    .asFloatBuffer();
            this.legal = new boolean[size * actions];
            this.played = new int[size];
            this.outcome = new float[size];
            this.policy = new float[size * actions];
            this.value = new float[size];
            this.score = new float[size];
            this.referencePolicy = new float[reference.isPresent() ? size * actions : 0];
            this.referenceValue = new float[reference.isPresent() ? size : 0];
        }

        void add(TrainingShard game, int i, boolean[] gameLegal) {
            observations.put(count * obsSize, game.observations(), i * obsSize, obsSize);
            System.arraycopy(gameLegal, i * actions, legal, count * actions, actions);
            played[count] = BackendAgreement.argmax(game.policy(), i * actions, actions);
            outcome[count] = game.value()[i];
            if (++count == size) {
                flush();
            }
        }

        void flush() {
            if (count == 0) {
                return;
            }
            evaluator.evaluate(count, observations, legal, policy, value, score);
            if (reference.isPresent()) {
                reference.get().evaluate(count, observations, legal, referencePolicy, referenceValue, score);
                backends.add(count, actions, policy, value, referencePolicy, referenceValue);
            }
            for (int k = 0; k < count; k++) {
                agreeing += BackendAgreement.argmax(policy, k * actions, actions) == played[k] ? 1 : 0;
                if (outcome[k] == 1f || outcome[k] == -1f) {
                    decided++;
                    rightSide += value[k] * outcome[k] > 0 ? 1 : 0;
                }
            }
            count = 0;
        }
    }
}
