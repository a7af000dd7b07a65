/** Matches against external Go programs: a GTP client for engine processes and a match player driving one. */
package org.tengen.external;
