/** External Go programs: a GTP client for engine processes and the agent that plays through one per game slot. */
package org.tengen.external;
