package org.tengen.bench.models;

import java.util.stream.IntStream;
import org.tengen.models.net.NetConfig;

/** The arithmetic of a network's forward pass, by which the benchmark turns positions per second into GFLOP/s. */
final class Flops {
    private Flops() {
    }

    /**
     * Floating-point operations of one position's forward pass: twice the multiply-adds of every convolution and
     * dense layer (batch norm is folded, activations and pooling are left out as negligible).
     */
    static double perPosition(NetConfig c) {
        double area = c.width() * c.height();
        int ch = c.channels();
        int head = c.headChannels();
        long pooledBlocks = IntStream.range(0, c.blocks()).filter(c::poolsInBlock).count();
        double macs = area * c.inputPlanes() * ch * 9              // stem
                + c.blocks() * 2 * area * ch * ch * 9              // residual blocks
                + pooledBlocks * 3.0 * ch * ch                     // their pooling biases
                + 2 * area * ch * head                             // policy and value head 1x1 convolutions
                + (c.globalPooling() ? 3.0 * head * head : 0)      // policy head pooling bias
                + area * head + 3.0 * head                         // point logits, pass logit
                + 3.0 * head * c.valueHidden() + c.valueHidden() * (c.scoreHead() ? 2 : 1)
                + (c.ownershipHead() ? area * head : 0);
        return 2 * macs;
    }
}
