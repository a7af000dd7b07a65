/**
 * Observation encoders ({@link org.tengen.env.features.FeatureSet}): AlphaZero history planes and a richer
 * versioned set, a registry by id, and the dihedral board symmetries applied to planes and policies.
 */
package org.tengen.env.features;
