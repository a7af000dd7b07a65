/**
 * The tables a run keeps, in one CSV format ({@link org.tengen.run.tables.CsvTable}): arena results, the Elo ladder,
 * {@code metrics.csv} and each phase's figures as typed rows ({@link org.tengen.run.tables.RunTables}), and the
 * resource samples of {@code logs/resources.csv} ({@link org.tengen.run.tables.ResourceLog}). They know file formats,
 * not runs: the synchronous run, the roles and {@code report} write and read them here.
 */
package org.tengen.run.tables;
