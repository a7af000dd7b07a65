/**
 * {@code tengen report}: PNG plots (XChart, rendered headless) and a self-contained HTML page summarising a training
 * run directory, read without modifying it.
 */
package org.tengen.report;
