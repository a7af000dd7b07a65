/** JMH benchmarks of the environment: vectorized stepping and its hot parts (legal masks, observation encoding). */
package org.tengen.bench;
