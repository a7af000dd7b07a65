/**
 * Speed of the networks on this machine, for {@code tengen bench --models} and {@code --learner}: forward positions per
 * second on each inference backend, optimiser steps per second, and the batching service, returned as records.
 */
package org.tengen.bench.models;
