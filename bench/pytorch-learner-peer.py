#!/usr/bin/python3
"""Tengen's learner step written in plain PyTorch, as the peer its speed is measured against (issue #23).

Builds the network of Tengen's PolicyValueNet (models/djl/.../net/PolicyValueNet.java, NetConfig.java) and trains it
as Tengen's Learner does (Learner.java, PolicyValueLoss.java, StatefulOptimizer.java): forward in training mode,
policy cross-entropy against a target distribution, value MSE, ownership MSE and score error / area (unknown targets
masked out), plus l2 * sum(w^2) over convolution and dense kernels, backward, SGD with momentum (m = mu m + g;
w -= lr m), on batches shaped as `tengen bench --learner` makes them.

Every setting comes from the command line, where bench/learner-vs-pytorch.sh copies it from the line Tengen's bench
prints, so Tengen is the one place that defines the network and the training. Prints one line per net:

  peer=pytorch net=6x64 ... params=N train_steps_per_s=R

--shapes prints the parameter shapes instead of training (the test that proves this is Tengen's network reads them).
"""
import argparse
import math
import statistics
import sys
import time

import torch
from torch import nn
from torch.nn import functional


def global_pool(x):
    """(N, C, H, W) -> (N, 3C): mean, mean scaled by board size, max; PolicyValueNet.globalPool."""
    n, c, h, w = x.shape
    flat = x.reshape(n, c, h * w)
    mean = flat.mean(2)
    size_scale = (math.sqrt(h * w) - 14.0) / 10.0
    return torch.cat([mean, mean * size_scale, flat.amax(2)], 1)


def conv(inputs, filters, kernel):
    """PolicyValueNet.conv: same padding, no bias (batch norm follows)."""
    return nn.Conv2d(inputs, filters, kernel, padding=kernel // 2, bias=False)


class PoolingBias(nn.Module):
    """Adds to every channel a bias computed from the pooled feature map."""

    def __init__(self, channels):
        super().__init__()
        self.linear = nn.Linear(3 * channels, channels)

    def forward(self, x):
        return x + self.linear(global_pool(x))[:, :, None, None]


class Residual(nn.Module):
    def __init__(self, channels, pooling):
        super().__init__()
        layers = [conv(channels, channels, 3), nn.BatchNorm2d(channels), nn.ReLU()]
        if pooling:
            layers.append(PoolingBias(channels))
        layers += [conv(channels, channels, 3), nn.BatchNorm2d(channels)]
        self.branch = nn.Sequential(*layers)

    def forward(self, x):
        return functional.relu(x + self.branch(x))


class PolicyValueNet(nn.Module):
    """Outputs policy logits (N, area + 1), value (N), then ownership (N, area) and score (N) when enabled."""

    def __init__(self, a):
        super().__init__()
        c = a.channels
        head = max(4, c // 2)       # NetConfig.headChannels
        hidden = max(16, c)         # NetConfig.valueHidden
        self.score = a.score
        self.own = a.own
        # NetConfig.poolsInBlock: every second block counted from the last.
        blocks = [Residual(c, a.gpool and (a.blocks - 1 - i) % 2 == 0) for i in range(a.blocks)]
        self.trunk = nn.Sequential(conv(a.planes, c, 3), nn.BatchNorm2d(c), nn.ReLU(), *blocks)
        policy = [conv(c, head, 1), nn.BatchNorm2d(head), nn.ReLU()]
        if a.gpool:
            policy.append(PoolingBias(head))
        self.policy = nn.Sequential(*policy)
        self.points = nn.Conv2d(head, 1, 1)
        self.pass_logit = nn.Linear(3 * head, 1)
        self.value = nn.Sequential(conv(c, head, 1), nn.BatchNorm2d(head), nn.ReLU())
        self.pooled = nn.Sequential(nn.Linear(3 * head, hidden), nn.ReLU(), nn.Linear(hidden, 2 if a.score else 1))
        self.ownership = nn.Conv2d(head, 1, 1) if a.own else None

    def forward(self, x):
        n, _, h, w = x.shape
        x = self.trunk(x)
        p = self.policy(x)
        logits = torch.cat([self.points(p).reshape(n, h * w), self.pass_logit(global_pool(p))], 1)
        v = self.value(x)
        scalars = self.pooled(global_pool(v))
        out = [logits, torch.tanh(scalars[:, 0])]
        if self.own:
            out.append(torch.tanh(self.ownership(v).reshape(n, h * w)))
        if self.score:
            out.append(scalars[:, 1] * math.sqrt(h * w))
        return out


def squared_error(predicted, target):
    """PolicyValueLoss.squaredError: mean over known (non-NaN) targets."""
    unknown = torch.isnan(target)
    error = torch.where(unknown, torch.zeros_like(predicted), predicted - target)
    return error.square().sum() / (~unknown).float().sum().clamp(min=1)


def batch(a, seed):
    """TrainingSpeed's batch: random binary planes (a third ones), one-hot policies, values +-1, zeros."""
    area = a.width * a.height
    g = torch.Generator().manual_seed(seed)
    observations = (torch.randint(0, 3, (a.batch, a.planes, a.height, a.width), generator=g) == 0).float()
    policy = torch.zeros(a.batch, area + 1)
    policy[torch.arange(a.batch), torch.arange(a.batch) % (area + 1)] = 1
    value = torch.where(torch.arange(a.batch) % 2 == 0, 1.0, -1.0)
    return observations, policy, value, torch.zeros(a.batch, area), torch.zeros(a.batch)


def train_rates(a, net):
    """Steps per second: a warm-up step, then `rounds` rounds of at least `seconds` each, as Timing.rate."""
    optimizer = torch.optim.SGD(net.parameters(), lr=a.lr, momentum=a.momentum)
    # Parameter.Type.WEIGHT in DJL: convolution and dense kernels; batch-norm scales and biases are not penalised.
    kernels = [m.weight for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    observations, policy, value, ownership, score = batch(a, 7)
    area = a.width * a.height
    net.train()

    def step():
        out = net(observations)
        loss = -(policy * functional.log_softmax(out[0], 1)).sum(1).mean()
        loss = loss + a.value_weight * squared_error(out[1], value)
        if a.own:
            loss = loss + a.ownership_weight * squared_error(out[2], ownership)
        if a.score:
            loss = loss + a.score_weight * squared_error(out[-1], score) / area
        loss = loss + a.l2 * sum(w.square().sum() for w in kernels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss.item()  # Tengen reads its loss terms back every step too

    step()
    rates = []
    for _ in range(a.rounds):
        start = time.perf_counter()
        steps = 0
        while True:
            step()
            steps += 1
            elapsed = time.perf_counter() - start
            if elapsed >= a.seconds:
                break
        rates.append(steps / elapsed)
    return rates


def flag(text):
    return text.lower() == 'true'


def arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                epilog='bench/learner-vs-pytorch.sh passes every option from Tengen\'s bench line.')
    p.add_argument('--blocks', type=int, required=True)
    p.add_argument('--channels', type=int, required=True)
    p.add_argument('--planes', type=int, required=True, help='input planes')
    p.add_argument('--width', type=int, required=True, help='board columns')
    p.add_argument('--height', type=int, required=True, help='board rows')
    for name in ('gpool', 'own', 'score'):
        p.add_argument('--' + name, type=flag, required=True, metavar='true|false')
    p.add_argument('--batch', type=int, required=True)
    p.add_argument('--threads', type=int, required=True, help='intra-op threads (inter-op: 1, as Tengen)')
    p.add_argument('--optimizer', choices=['sgd'], required=True)
    for name in ('lr', 'momentum', 'l2', 'value-weight', 'ownership-weight', 'score-weight', 'seconds'):
        p.add_argument('--' + name, type=float, required=True)
    p.add_argument('--rounds', type=int, required=True)
    p.add_argument('--shapes', action='store_true', help='print the parameter shapes, one per line, and stop')
    return p.parse_args(argv)


def main(argv):
    a = arguments(argv)
    torch.set_num_threads(a.threads)
    torch.set_num_interop_threads(1)
    torch.manual_seed(1)
    net = PolicyValueNet(a)
    params = sum(p.numel() for p in net.parameters())
    if a.shapes:
        for p in net.parameters():
            print(' '.join(str(d) for d in p.shape))
        return 0
    rates = train_rates(a, net)
    print(f'peer=pytorch torch={torch.__version__} mkldnn={torch.backends.mkldnn.is_available()} '
          f'net={a.blocks}x{a.channels} board={a.width}x{a.height} batch={a.batch} threads={a.threads} '
          f'params={params} train_steps_per_s={statistics.median(rates):.3f}', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
