/** The process as the JVM sees it: its CPU time, for rates per CPU second (self-play, the model benchmarks). */
package org.tengen.env.process;
