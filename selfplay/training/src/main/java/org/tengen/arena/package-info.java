/** Matches between players and the Elo ladder of a run. */
package org.tengen.arena;
