/**
 * Files as every module writes them: whole files replaced atomically, folders deleted deepest first, and the reason an
 * I/O operation failed in words, for one-line errors.
 */
package org.tengen.env.io;
