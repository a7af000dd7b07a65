/**
 * Game records as training data: {@link org.tengen.records.SgfImport} replays SGF games into the samples self-play
 * writes ({@code import-sgf}, pre-training), and {@link org.tengen.records.MoveAgreement} measures how often a model
 * picks the moves of recorded games ({@code predict-sgf}).
 */
package org.tengen.records;
