/**
 * SGF FF[4] game records: a generic parser and writer for game trees ({@link org.tengen.sgf.SgfTree}) and a Go
 * layer ({@link org.tengen.sgf.GoSgf}, {@link org.tengen.sgf.GameRecord}) that maps them to rules, moves and games.
 */
package org.tengen.sgf;
