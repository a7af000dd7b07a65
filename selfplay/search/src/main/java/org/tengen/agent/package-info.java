/**
 * Who plays and how games are played: the {@link org.tengen.agent.Agent} interface (random, search, external engine),
 * the one batched {@link org.tengen.agent.GameLoop} over a vectorized env that self-play, the arena and {@code match}
 * run on, and {@link org.tengen.agent.PlayerSpec}, the one parser of player names.
 */
package org.tengen.agent;
