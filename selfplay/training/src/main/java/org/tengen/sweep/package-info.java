/**
 * {@code tengen sweep}: an experiment as a base run config, its variants and seeds, run one after another (resumable)
 * and compared in one report.
 */
package org.tengen.sweep;
