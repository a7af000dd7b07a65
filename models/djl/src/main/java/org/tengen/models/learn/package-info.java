/** Training a policy/value network: losses, optimiser and learning-rate schedule configuration, the learner. */
package org.tengen.models.learn;
