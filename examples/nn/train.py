#!/usr/bin/python3
"""Trains the example's value network (docs/nn.md) on a loa-datagen file.

The network is the one of the weights file version 1 (docs/nn.md, "The network"):
128 inputs (the side to move's checkers, then its opponent's, square a1 = 0 .. h8 = 63),
H hidden units with a clipped ReLU (clamp to 0..1), one output: the logit of the side to
move's winning chance. Its score in loa-ab's points is logit * K.

Target: TARGET_LAMBDA * result + (1 - TARGET_LAMBDA) * win_chance(score, K), the game's
result (1 won, 0.5 drawn, 0 lost, loa.datagen.results) blended with the search's own win
chance at the same scale K (loa.datagen.win_chance). Loss: binary cross-entropy of the
logit against that soft target.

The weights stay quantizable (docs/nn.md, "Quantization"): after each step W1 is clamped
to +-127/S1 (so round(W1 * S1) fits int8), b1 to +-B1_MAX (no hidden unit can overflow
int16: B1_MAX * S1 + 24 * 127 < 32767) and W2 to +-W2_MAX (the exporter's S2 then is at
least 127 / W2_MAX).

Validation is split by game (a game's positions are all in one side): the games whose
seeded hash falls below --val. Each epoch prints and appends one row to OUT/curve.csv
(epoch, train_loss, val_loss, val_loss_result, seconds) and writes OUT/checkpoint.pt
(model, optimizer, schedule, the curve so far); the same command continues from it.
When --epochs are done it writes OUT/model.pt (the float weights and the settings) and
exits 0; rerun then, it says so and does nothing.

Usage: train.py DATA.bin OUT_DIR [--epochs N] [--hidden H] [--augment] ...
Exit status: 0 done, 1 failed (one line naming the file and the reason), 2 bad usage.
"""
from __future__ import annotations

import argparse
import csv
import os
import sys
import time

import numpy as np
import torch

import loa.datagen as dg

INPUTS = 128
"""Inputs of version 1: 64 squares of the side to move, 64 of its opponent."""
K = 46
"""Points per logit unit (loa-ab's winning-chance scale, 45.5, rounded: docs/analysis.md)."""
S1 = 64
"""The activation scale of the quantization; W1 is kept within +-127 / S1."""
TARGET_LAMBDA = 0.5
"""Weight of the game's result in the target (the rest: the search's win chance)."""
B1_MAX = 400.0
"""|b1| bound: 400 * 64 + 24 * 127 = 28648 < 32767 (the int16 accumulator's rule)."""
W2_MAX = 127.0 / 16
"""|W2| bound: the exporter's S2 = floor(127 / max|W2|) is then at least 16."""


def symmetries() -> np.ndarray:
    """(8, 128) int64: for each of the board's 8 symmetries (identity first), the input
    index each input moves to (x_sym[:, perm] ... see augment)."""
    perms = []
    sq = np.arange(64)
    r, f = sq // 8, sq % 8
    for rot in range(4):
        for flip in (False, True):
            rr, ff = r.copy(), f.copy()
            if flip:
                ff = 7 - ff
            for _ in range(rot):
                rr, ff = ff, 7 - rr
            p = rr * 8 + ff
            perms.append(np.concatenate([p, p + 64]))
    out = np.stack(perms)
    assert all(len(set(p.tolist())) == 128 for p in out)
    return out


def inputs(records: np.ndarray) -> np.ndarray:
    """(N, 128) uint8 inputs of records: side to move's checkers then opponent's."""
    bits = dg.bitboards(records)  # (N, 2) uint64, own then other
    return np.unpackbits(bits.view(np.uint8), axis=-1, bitorder="little").reshape(-1, INPUTS)


def targets(records: np.ndarray, lam: float) -> np.ndarray:
    """(N,) float32 blended target (module docstring)."""
    return (lam * dg.results(records) + (1 - lam) * dg.win_chance(records, K)).astype(np.float32)


def split(games: np.ndarray, frac: float, seed: int) -> np.ndarray:
    """(N,) bool: True for the records of validation games (a seeded hash of the game's
    number below frac), so no game is on both sides."""
    h = (games.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seed)) >> np.uint64(40)
    return h.astype(np.float64) / float(1 << 24) < frac


class Net(torch.nn.Module):
    """128 -> H (clipped ReLU) -> 1 logit."""

    def __init__(self, hidden: int):
        super().__init__()
        self.l1 = torch.nn.Linear(INPUTS, hidden)
        self.l2 = torch.nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.l2(torch.clamp(self.l1(x), 0.0, 1.0)).squeeze(-1)

    def clamp_(self) -> None:
        """Keeps the weights in the quantizable range (module docstring)."""
        with torch.no_grad():
            self.l1.weight.clamp_(-127.0 / S1, 127.0 / S1)
            self.l1.bias.clamp_(-B1_MAX, B1_MAX)
            self.l2.weight.clamp_(-W2_MAX, W2_MAX)


def evaluate(net: Net, x: np.ndarray, t: np.ndarray, r: np.ndarray, batch: int):
    """Mean BCE loss of net on (x, t) and against the results r alone."""
    lf = torch.nn.functional.binary_cross_entropy_with_logits
    tot = tot_r = 0.0
    with torch.no_grad():
        for i in range(0, len(x), batch):
            z = net(torch.from_numpy(x[i:i + batch]).float())
            tot += lf(z, torch.from_numpy(t[i:i + batch]), reduction="sum").item()
            tot_r += lf(z, torch.from_numpy(r[i:i + batch]), reduction="sum").item()
    return tot / max(len(x), 1), tot_r / max(len(x), 1)


def parse(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("data", help="a loa-datagen file")
    p.add_argument("out", help="the directory for curve.csv, checkpoint.pt, model.pt")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--hidden", type=int, default=256, help="H, a multiple of 16, 16..512")
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--lr", type=float, default=2e-3, help="Adam's rate, cosine to 1/20 of it")
    p.add_argument("--lam", type=float, default=TARGET_LAMBDA, help="the result's weight")
    p.add_argument("--val", type=float, default=0.05, help="fraction of games for validation")
    p.add_argument("--augment", action="store_true", help="a random board symmetry a batch")
    p.add_argument("--limit", type=int, default=0, help="use the first N records only")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    if a.hidden < 16 or a.hidden > 512 or a.hidden % 16:
        p.error(f"--hidden {a.hidden}: a multiple of 16 in 16..512")
    if a.epochs < 1 or a.batch < 1 or not 0 < a.val < 1 or not 0 <= a.lam <= 1:
        p.error("--epochs, --batch >= 1; 0 < --val < 1; 0 <= --lam <= 1")
    return a


def settings(a) -> dict:
    """What makes a run: a checkpoint made with others is refused."""
    return {"data": os.path.abspath(a.data), "hidden": a.hidden, "batch": a.batch, "lr": a.lr,
            "lam": a.lam, "val": a.val, "augment": a.augment, "limit": a.limit, "seed": a.seed,
            "epochs": a.epochs, "k": K, "s1": S1}


def load_data(a):
    recs = dg.load(a.data)
    if a.limit:
        recs = recs[:a.limit]
    if len(recs) == 0:
        raise ValueError(f"{a.data}: no record")
    x, t = inputs(recs), targets(recs, a.lam)
    r = dg.results(recs)
    val = split(np.asarray(recs["game"]), a.val, a.seed)
    if val.all() or not val.any():
        val = np.zeros(len(recs), bool)  # a tiny file: the last game validates
        val[np.asarray(recs["game"]) == recs["game"][-1]] = True
        if val.all():
            raise ValueError(f"{a.data}: one game only, nothing to validate on")
    tr = ~val
    return (x[tr], t[tr]), (x[val], t[val], r[val]), int(np.unique(recs["game"][val]).size)


def main(argv) -> int:
    a = parse(argv)
    torch.set_num_threads(a.threads)
    os.makedirs(a.out, exist_ok=True)
    final, ckpt, curve = (os.path.join(a.out, n) for n in ("model.pt", "checkpoint.pt", "curve.csv"))
    st = settings(a)
    if os.path.exists(final) and torch.load(final)["settings"] == st:
        print(f"train: {final} is complete ({a.epochs} epochs); nothing to do")
        return 0
    t0 = time.time()
    (xt, tt), (xv, tv, rv), vgames = load_data(a)
    print(f"train: {len(xt)} training positions, {len(xv)} validation positions "
          f"({vgames} games), loaded in {time.time() - t0:.1f} s; H = {a.hidden}, "
          f"target {a.lam:g} * result + {1 - a.lam:g} * win_chance(K = {K})", flush=True)
    torch.manual_seed(a.seed)
    net = Net(a.hidden)
    with torch.no_grad():  # start small: most units in their linear range
        net.l1.weight.uniform_(-0.5 / S1 * 8, 0.5 / S1 * 8)
        net.l1.bias.uniform_(0.0, 0.5)
        net.l2.weight.uniform_(-0.1, 0.1)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, a.epochs, eta_min=a.lr / 20)
    rows, start = [], 0
    if os.path.exists(ckpt):
        c = torch.load(ckpt)
        if c["settings"] != st:
            diff = next(k for k in st if c["settings"].get(k) != st[k])
            raise ValueError(f"{ckpt} was made with other settings ({diff}: "
                             f"{c['settings'].get(diff)} there, {st[diff]} now): another directory")
        net.load_state_dict(c["model"])
        opt.load_state_dict(c["opt"])
        sched.load_state_dict(c["sched"])
        rows, start = c["rows"], c["epoch"]
        print(f"train: continuing {ckpt} after epoch {start}", flush=True)
    perms = torch.from_numpy(symmetries())
    gen = np.random.default_rng(a.seed + 1000 * start)
    lf = torch.nn.functional.binary_cross_entropy_with_logits
    if start == 0:
        v, vr = evaluate(net, xv, tv, rv, 65536)
        print(f"epoch 0: validation loss {v:.5f}", flush=True)
    for epoch in range(start + 1, a.epochs + 1):
        e0, tot, n = time.time(), 0.0, 0
        order = gen.permutation(len(xt))
        net.train()
        for i in range(0, len(order), a.batch):
            idx = np.sort(order[i:i + a.batch])
            x = torch.from_numpy(xt[idx]).float()
            if a.augment:
                x = x[:, perms[gen.integers(8)]]
            t = torch.from_numpy(tt[idx])
            loss = lf(net(x), t)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            net.clamp_()
            tot += loss.item() * len(idx)
            n += len(idx)
        sched.step()
        v, vr = evaluate(net, xv, tv, rv, 65536)
        row = [epoch, round(tot / n, 6), round(v, 6), round(vr, 6), round(time.time() - e0, 1)]
        rows.append(row)
        print(f"epoch {epoch}: train loss {row[1]:.5f}, validation loss {row[2]:.5f} "
              f"(against the result alone {row[3]:.5f}), {row[4]} s", flush=True)
        with open(curve + ".tmp", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["epoch", "train_loss", "val_loss", "val_loss_result", "seconds"])
            w.writerows(rows)
        os.replace(curve + ".tmp", curve)
        torch.save({"settings": st, "model": net.state_dict(), "opt": opt.state_dict(),
                    "sched": sched.state_dict(), "rows": rows, "epoch": epoch}, ckpt + ".tmp")
        os.replace(ckpt + ".tmp", ckpt)
    torch.save({"settings": st, "model": net.state_dict(), "rows": rows}, final + ".tmp")
    os.replace(final + ".tmp", final)
    print(f"train: wrote {final} ({a.epochs} epochs, {time.time() - t0:.0f} s this run)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ValueError, OSError) as e:
        print(f"train: {e}", file=sys.stderr)
        sys.exit(1)
