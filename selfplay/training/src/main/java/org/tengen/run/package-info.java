/**
 * The training run: generations of self-play, replay, learning, checkpoints and the arena against earlier models,
 * all kept in a run directory so a killed run resumes where it stopped ({@link org.tengen.run.TrainingRun}), and the
 * parts it shares with the roles of {@link org.tengen.run.roles}: the run config, self-play
 * ({@link org.tengen.run.SelfPlayWorkers}), the training steps ({@link org.tengen.run.TrainingSteps}) and a
 * generation's arena ({@link org.tengen.run.GenerationArena}). Its tables are {@link org.tengen.run.tables}'.
 */
package org.tengen.run;
