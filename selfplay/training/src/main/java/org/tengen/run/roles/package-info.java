/**
 * The asynchronous run: actors ({@link org.tengen.run.roles.ActorRole}), one learner
 * ({@link org.tengen.run.roles.LearnerRole}) and one arena ({@link org.tengen.run.roles.ArenaRole}), which
 * meet only in a run store and keep all their state there: models ({@link org.tengen.run.roles.StoreModels}), the
 * learner's ledgers ({@link org.tengen.run.roles.LearnerLedger}) and each role's figures. They run as separate
 * processes ({@code tengen actor}, {@code learner}, {@code arena}) or as threads of {@code tengen train} with
 * {@code mode: async} ({@link org.tengen.run.roles.AsyncTrainingRun}), whose run directory is a view of the store
 * ({@link org.tengen.run.roles.StoreExport}). They play, train and rate with the synchronous run's parts
 * ({@link org.tengen.run}).
 */
package org.tengen.run.roles;
