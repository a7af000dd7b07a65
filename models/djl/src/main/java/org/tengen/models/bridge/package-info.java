/**
 * Tensor views of the env's batch buffers for DJL and ND4J: observations are shared with the env's direct buffer
 * (no copy), legal masks are copied once into native memory.
 */
package org.tengen.models.bridge;
