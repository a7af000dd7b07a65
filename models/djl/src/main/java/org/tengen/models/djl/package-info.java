/** DJL-backed implementations of the pure-Java evaluator contract; search code never imports this package. */
package org.tengen.models.djl;
