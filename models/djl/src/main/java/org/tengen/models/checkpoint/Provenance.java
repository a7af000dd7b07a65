package org.tengen.models.checkpoint;

/**
 * Where a checkpoint's weights come from, as recorded in its metadata.
 *
 * @param featureSet     id of the input feature set (e.g. {@code az17})
 * @param featureVersion version of that feature set
 * @param rules          rules preset name (e.g. {@code tromp-taylor})
 * @param trainingStep   optimiser updates done when it was saved
 * @param parent         the checkpoint training started from (a name or path), or null for a fresh network
 */
public record Provenance(String featureSet, int featureVersion, String rules, long trainingStep, String parent) {
    public Provenance {
        if (featureSet == null || featureSet.isBlank() || rules == null || rules.isBlank()) {
            throw new IllegalArgumentException("a checkpoint needs a feature set id and a rules preset");
        }
        if (featureVersion < 0 || trainingStep < 0) {
            throw new IllegalArgumentException("featureVersion and trainingStep must not be negative, got "
                    + featureVersion + " and " + trainingStep);
        }
    }
}
