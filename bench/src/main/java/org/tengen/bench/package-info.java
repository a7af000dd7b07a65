/**
 * JMH benchmarks of the environment (vectorized stepping and its hot parts: legal masks, observation encoding) and of
 * the search, for {@code benchmarks.jar}; and {@link org.tengen.bench.EnvThroughput}, the environment measurement of
 * {@code tengen bench}.
 */
package org.tengen.bench;
