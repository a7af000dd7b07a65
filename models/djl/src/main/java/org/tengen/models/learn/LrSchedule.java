package org.tengen.models.learn;

/** Learning rate as a function of the number of optimiser steps already taken. */
public sealed interface LrSchedule {
    /** The rate for the update that follows {@code step} earlier updates, given the configured base rate. */
    float rate(float base, long step);

    /** The base rate throughout. */
    record Constant() implements LrSchedule {
        @Override
        public float rate(float base, long step) {
            return base;
        }
    }

    /** Multiplies the rate by {@code factor} every {@code every} steps. */
    record Step(int every, float factor) implements LrSchedule {
        public Step {
            if (every < 1 || !(factor > 0f && factor <= 1f)) {
                throw new IllegalArgumentException("step schedule needs every >= 1 and factor in (0, 1], got every="
                        + every + " factor=" + factor);
            }
        }

        @Override
        public float rate(float base, long step) {
            return (float) (base * Math.pow(factor, step / every));
        }
    }

    /**
     * Linear warm-up from near 0 to the base rate over {@code warmupSteps}, then a half cosine down to
     * {@code floor * base} at {@code totalSteps}, and {@code floor * base} after that.
     */
    record Cosine(int warmupSteps, int totalSteps, float floor) implements LrSchedule {
        public Cosine {
            if (warmupSteps < 0 || totalSteps <= warmupSteps || !(floor >= 0f && floor <= 1f)) {
                throw new IllegalArgumentException("cosine schedule needs 0 <= warmupSteps < totalSteps and floor in"
                        + " [0, 1], got warmupSteps=" + warmupSteps + " totalSteps=" + totalSteps + " floor="
                        + floor);
            }
        }

        @Override
        public float rate(float base, long step) {
            if (step < warmupSteps) {
                return base * (step + 1) / (warmupSteps + 1);
            }
            double progress = Math.min(1.0, (double) (step - warmupSteps) / (totalSteps - warmupSteps));
            return (float) (base * (floor + (1 - floor) * 0.5 * (1 + Math.cos(Math.PI * progress))));
        }
    }
}
