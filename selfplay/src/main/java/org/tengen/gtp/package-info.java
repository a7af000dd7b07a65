/**
 * The GTP v2 front end: {@link org.tengen.gtp.GtpEngine} speaks the protocol over any reader and writer and asks a
 * {@link org.tengen.gtp.MoveGenerator} for moves, so a trained model can replace the random mover later.
 */
package org.tengen.gtp;
