/** The board: padded 1-D points, chains with exact liberties, bitboards and Zobrist hashes, kept incrementally. */
package org.tengen.env.board;
