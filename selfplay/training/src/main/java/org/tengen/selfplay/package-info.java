/** Self-play: games searched in parallel, turned into training samples and game records. */
package org.tengen.selfplay;
