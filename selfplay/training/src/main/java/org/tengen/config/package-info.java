/** Run configurations read from YAML, strictly: unknown fields and out-of-range values are errors naming the path. */
package org.tengen.config;
