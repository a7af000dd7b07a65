/** Reusable speed measurements of networks, evaluators and training, returned as records for the CLI. */
package org.tengen.bench.models;
