package org.tengen.models.eval;

/**
 * The shape of what an evaluator consumes and produces.
 *
 * @param featureSet id of the env feature set the planes come from (e.g. {@code az17})
 * @param planes     input planes per position
 * @param width      board columns
 * @param height     board rows
 */
public record InputSpec(String featureSet, int planes, int width, int height) {
    public InputSpec {
        if (planes < 1 || width < 1 || height < 1) {
            throw new IllegalArgumentException("planes, width and height must be positive: " + planes + ", "
                    + width + ", " + height);
        }
    }

    /** Floats per position: {@code planes * height * width}. */
    public int observationSize() {
        return planes * height * width;
    }

    /** Policy entries per position: every point row-major, then pass. */
    public int actionCount() {
        return width * height + 1;
    }
}
