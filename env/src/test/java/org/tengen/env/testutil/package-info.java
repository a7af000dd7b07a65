/**
 * Test fixtures for the rules engine: a naive reference implementation of the logical rules of Go, position set-up
 * from diagrams and move lists, a random player that keeps games interesting, and a GTP client for GNU Go.
 */
package org.tengen.env.testutil;
