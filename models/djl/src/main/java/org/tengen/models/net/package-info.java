/** Residual policy/value networks built from DJL blocks, and the record that configures them. */
package org.tengen.models.net;
