/**
 * The pure-Java evaluator contract search code talks to, with evaluators that need no deep-learning library:
 * uniform priors, a transposition cache and a batching service that shares one evaluator between threads.
 */
package org.tengen.models.eval;
