/** The {@code tengen} command line: a picocli command tree with one subcommand per tool. */
package org.tengen.cli;
