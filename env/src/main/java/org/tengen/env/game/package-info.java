/**
 * A game under rules: superko history, passes, handicap, area scoring, the game's own history of moves
 * ({@link org.tengen.env.game.GameHistory}) and results in SGF/GTP notation.
 */
package org.tengen.env.game;
