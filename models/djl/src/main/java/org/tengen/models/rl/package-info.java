/** DJL's reinforcement-learning interfaces ({@code ai.djl.modality.rl}) over one Tengen game. */
package org.tengen.models.rl;
