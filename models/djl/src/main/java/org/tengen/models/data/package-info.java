/**
 * Training data on disk as NumPy {@code .npz} files (a ZIP of {@code .npy} arrays), readable by {@code numpy.load}
 * and written atomically.
 */
package org.tengen.models.data;
