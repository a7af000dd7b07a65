/**
 * The vectorized environment: N games stepped together into buffers allocated once (NCHW observations, legal
 * masks, rewards, termination), on persistent worker threads, plus a seeded random player and a throughput probe.
 */
package org.tengen.env.vec;
