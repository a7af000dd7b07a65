/**
 * Choosing the library that runs networks for search ({@link org.tengen.models.inference.InferenceBackend}) and
 * loading a checkpoint on it ({@link org.tengen.models.inference.InferenceNet}).
 */
package org.tengen.models.inference;
