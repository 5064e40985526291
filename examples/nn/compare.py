#!/usr/bin/python3
"""Checks the three evaluations of the example's network against each other over the
first N records of a loa-datagen file (docs/nn.md, "Compare"):

- torch's float forward of OUT/model.pt (in float64, so its own rounding is negligible);
- a numpy integer simulation of the weights file (docs/nn.md, "Quantization"): acc, aq,
  zq and the score in points, exactly as the C side computes them;
- `loa-nn eval WEIGHTS DATA --limit N` (the C SDK's loa_nn), one `zq score` line a record.

The simulation must equal C's zq and score exactly; |float logit - zq / (S1 * S2)| must be
within the per-position bound of docs/nn.md (the roundings of b1, W1, W2 and b2 carried
through the clipped ReLU). Exit 0 when all hold, 1 naming the first record that disagrees
(or a failure to run loa-nn), 2 bad usage.

Usage: compare.py MODEL.pt WEIGHTS.bin DATA.bin LOA_NN [--limit N]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import Quantized  # noqa: E402
from train import Net, inputs  # noqa: E402

import loa.datagen as dg  # noqa: E402

SCORE_MAX = 20000
"""LOA_NN_SCORE_MAX: the score in points is clamped to +-20000."""


def simulate(q: Quantized, x: np.ndarray):
    """x (N, 128) 0/1. Returns acc (N, H), zq (N,) and score (N,), all int64, as C does."""
    acc = q.b1q[None, :] + x.astype(np.int64) @ q.w1q
    if (np.abs(acc) > 32767).any():
        n = int(np.argwhere(np.abs(acc) > 32767)[0][0])
        raise ValueError(f"record {n}: an accumulator leaves int16 (the exporter's check failed)")
    aq = np.clip(acc, 0, q.s1)
    zq = q.b2q + aq @ q.w2q
    num, den = zq * q.k, q.s1 * q.s2
    mag = np.minimum((np.abs(num) * 2 + den) // (2 * den), SCORE_MAX)
    return acc, zq, np.where(num < 0, -mag, mag)


def bound(q: Quantized, net: Net, x: np.ndarray) -> np.ndarray:
    """(N,) the per-position bound on |float logit - zq / (S1 S2)| (docs/nn.md):
    1 / (2 S1 S2) + sum_j [ e1_j |W2q_j| / S2 + a_j / (2 S2) ], e1_j = (1 + n) / (2 S1)
    for a unit whose float pre-activation is within e1 of (0, 1), else 0; n the inputs
    set (the position's checkers)."""
    with torch.no_grad():
        xt = torch.from_numpy(x).double()
        pre = net.l1(xt).numpy()
    n = x.sum(axis=1, dtype=np.int64)[:, None]
    e1 = (1 + n) / (2 * q.s1)
    live = (pre + e1 > 0) & (pre - e1 < 1)
    a = np.clip(pre, 0, 1)
    return (1 / (2 * q.s1 * q.s2) + (np.where(live, e1, 0) * np.abs(q.w2q) / q.s2).sum(axis=1)
            + (a / (2 * q.s2)).sum(axis=1) + 1e-9)


def c_eval(loa_nn: str, weights: str, data: str, limit: int) -> np.ndarray:
    """(N, 2) int64: loa-nn eval's zq and score lines."""
    p = subprocess.run([loa_nn, "eval", weights, data, "--limit", str(limit)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise ValueError(f"{loa_nn} eval failed ({p.returncode}): {p.stderr.strip()}")
    return np.array([line.split() for line in p.stdout.splitlines()], np.int64).reshape(-1, 2)


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("model", "weights", "data", "loa_nn"):
        ap.add_argument(name)
    ap.add_argument("--limit", type=int, default=10000)
    a = ap.parse_args(argv)
    torch.set_num_threads(2)
    m = torch.load(a.model)
    net = Net(int(m["settings"]["hidden"])).double()
    net.load_state_dict(m["model"])
    q = Quantized.read(a.weights)
    recs = dg.load(a.data)[:a.limit]
    x = inputs(recs)
    with torch.no_grad():
        zf = net(torch.from_numpy(x).double()).numpy()
    _, zq, score = simulate(q, x)
    c = c_eval(a.loa_nn, a.weights, a.data, a.limit)
    n = len(recs)
    if len(c) != n:
        print(f"compare: loa-nn printed {len(c)} lines for {n} records", file=sys.stderr)
        return 1
    bad = np.flatnonzero((c[:, 0] != zq) | (c[:, 1] != score))
    if len(bad):
        i = int(bad[0])
        print(f"compare: record {i}: the integer simulation gives zq {zq[i]} score {score[i]}, "
              f"loa-nn eval {c[i, 0]} {c[i, 1]} ({len(bad)} records differ)", file=sys.stderr)
        return 1
    err = np.abs(zf - zq / (q.s1 * q.s2))
    b = bound(q, net, x)
    over = np.flatnonzero(err > b)
    if len(over):
        i = int(over[0])
        print(f"compare: record {i}: float logit {zf[i]:.6f}, quantized {zq[i] / (q.s1 * q.s2):.6f}: "
              f"error {err[i]:.6f} over its bound {b[i]:.6f} ({len(over)} records over)",
              file=sys.stderr)
        return 1
    pts = np.abs(zf * q.k - score)
    print(f"compare: {n} records: integer simulation == loa-nn eval (zq and score) on all; "
          f"|float logit - zq/(S1*S2)| max {err.max():.5f} mean {err.mean():.5f} (in points "
          f"max {err.max() * q.k:.2f} mean {err.mean() * q.k:.2f}), within the bound on all "
          f"(bound mean {b.mean():.4f}, min {b.min():.4f}, max {b.max():.4f}; the error uses at "
          f"most {100 * (err / b).max():.0f}% of it); |float * K - score| max {pts.max():.2f} points")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ValueError, OSError, KeyError) as e:
        print(f"compare: {e}", file=sys.stderr)
        sys.exit(1)
