/**
 * Monte Carlo tree search for self-play and play: PUCT (AlphaZero) and Gumbel (Danihelka et al. 2022) over many
 * games at once with batched leaf evaluation. Talks only to env {@code Game}s and the pure-Java
 * {@code Evaluator} interface, never to a deep-learning library.
 */
package org.tengen.search;
