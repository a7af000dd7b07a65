/**
 * The GTP v2 front end: {@link org.tengen.gtp.GtpEngine} speaks the protocol over any reader and writer and asks
 * an {@link org.tengen.agent.Agent} (random, or a search) for moves within the {@link org.tengen.gtp.TimeControl}
 * clock's budget.
 */
package org.tengen.gtp;
