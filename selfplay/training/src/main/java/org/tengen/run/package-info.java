/**
 * The training run: generations of self-play, replay, learning, checkpoints and evaluation against earlier models,
 * all kept in a run directory so a killed run resumes where it stopped ({@link org.tengen.run.TrainingRun}). The same
 * self-play ({@link org.tengen.run.SelfPlayWorkers}) and training step also run as separate roles over a run store:
 * actors ({@link org.tengen.run.ActorRole}) and one learner ({@link org.tengen.run.LearnerRole}).
 */
package org.tengen.run;
