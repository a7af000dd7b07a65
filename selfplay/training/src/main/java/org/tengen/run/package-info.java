/**
 * The training run: generations of self-play, replay, learning, checkpoints and evaluation against earlier models,
 * all kept in a run directory so a killed run resumes where it stopped.
 */
package org.tengen.run;
