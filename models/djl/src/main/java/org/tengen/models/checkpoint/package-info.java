/** Checkpoints: network weights plus human-readable YAML metadata, written atomically and verified on load. */
package org.tengen.models.checkpoint;
