/** The rules of Go as values: ko rule, suicide, handicap, komi, turn cap, and the presets (Tromp-Taylor, AGA, ...). */
package org.tengen.env.rules;
