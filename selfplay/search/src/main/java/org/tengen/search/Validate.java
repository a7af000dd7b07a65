package org.tengen.search;

/** Range checks of search parameters, with messages that name the parameter. */
final class Validate {
    private Validate() {
    }

    static void atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
    }

    static void positive(String name, float value) {
        if (!(value > 0) || Float.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a positive finite number, got " + value);
        }
    }

    static void nonNegative(String name, float value) {
        if (!(value >= 0) || Float.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }

    static void unit(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1], got " + value);
        }
    }
}
