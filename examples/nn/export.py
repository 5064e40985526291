#!/usr/bin/python3
"""Writes the quantized weights file (docs/nn.md, "The weights file") of a model that
train.py wrote (OUT/model.pt).

    W1q = round(W1 * S1) as int8, b1q = round(b1 * S1) as int16, W2q = round(W2 * S2) as
    int8, b2q = round(b2 * S1 * S2) as int32; round is half away from zero; S2 =
    min(127, floor(127 / max|W2|)).

Refuses (exit 1, one line naming the unit or the weight) a weight that does not fit its
integer, and a hidden unit whose accumulator could overflow int16: |b1q[j]| + the sum of
its 24 largest |W1q[i][j]| > 32767 (the C loader's rule: 12 checkers a side). The file is
written whole or not at all (a temporary file renamed).

Usage: export.py MODEL.pt WEIGHTS.bin
"""
from __future__ import annotations

import os
import struct
import sys

import numpy as np
import torch

MAGIC = b"LOANNv1\0"
INPUTS = 128
CHECKERS = 24
"""At most 12 checkers a side: at most 24 inputs are 1."""


def rnd(x: np.ndarray) -> np.ndarray:
    """Round half away from zero (C's round), float64 -> int64."""
    x = np.asarray(x, np.float64)
    return (np.sign(x) * np.floor(np.abs(x) + 0.5)).astype(np.int64)


class Quantized:
    """The integer network: w1q (128, H) int8, b1q (H,) int16, w2q (H,) int8, b2q int,
    s1, s2, k. from_model() quantizes; check() raises ValueError naming what overflows."""

    def __init__(self, w1q, b1q, w2q, b2q, s1, s2, k):
        self.w1q, self.b1q, self.w2q, self.b2q = w1q, b1q, w2q, b2q
        self.s1, self.s2, self.k = s1, s2, k
        self.hidden = len(b1q)

    @staticmethod
    def from_model(model: dict) -> "Quantized":
        sd, st = model["model"], model["settings"]
        s1, k = int(st["s1"]), int(st["k"])
        w1 = sd["l1.weight"].double().numpy().T  # (128, H): input i's H weights in row i
        b1 = sd["l1.bias"].double().numpy()
        w2 = sd["l2.weight"].double().numpy()[0]
        b2 = float(sd["l2.bias"].double().numpy()[0])
        m = float(np.abs(w2).max())
        if m > 127:
            raise ValueError(f"max |W2| is {m:.3f}: no scale S2 >= 1 fits it in int8")
        s2 = 127 if m == 0 else min(127, int(127 // m))
        q = Quantized(rnd(w1 * s1), rnd(b1 * s1), rnd(w2 * s2), int(rnd(b2 * s1 * s2)), s1, s2, k)
        q.check()
        return q

    def check(self) -> None:
        h = self.hidden
        if self.w1q.shape != (INPUTS, h) or h < 1 or h > 512 or h % 16:
            raise ValueError(f"hidden {h}: expected a multiple of 16 in 16..512")
        if not (1 <= self.s1 <= 127 and 1 <= self.s2 <= 127 and 1 <= self.k <= 1000):
            raise ValueError(f"s1 {self.s1}, s2 {self.s2}, k {self.k}: out of range")
        for name, a, lim in (("W1q", self.w1q, 127), ("b1q", self.b1q, 32767), ("W2q", self.w2q, 127)):
            bad = np.argwhere(np.abs(a) > lim)
            if len(bad):
                raise ValueError(f"{name}{bad[0].tolist()} is {a[tuple(bad[0])]}, "
                                 f"expected at most {lim} in size")
        top = -np.sort(-np.abs(self.w1q), axis=0)[:CHECKERS].sum(axis=0)
        worst = np.abs(self.b1q) + top
        if (worst > 32767).any():
            j = int(np.argmax(worst > 32767))
            raise ValueError(f"hidden unit {j} could overflow int16: |b1q| {abs(self.b1q[j])} + "
                             f"its 24 largest |W1q| {top[j]} = {worst[j]} > 32767")
        if abs(self.b2q) + self.s1 * 127 * h > 2**31 - 1:
            raise ValueError(f"b2q is {self.b2q}: zq could overflow int32")

    def tobytes(self) -> bytes:
        head = MAGIC + struct.pack("<IIIIiI", INPUTS, self.hidden, self.s1, self.s2, self.k, 0)
        return (head + self.w1q.astype("<i1").tobytes() + self.b1q.astype("<i2").tobytes()
                + self.w2q.astype("<i1").tobytes() + struct.pack("<i", self.b2q))

    @staticmethod
    def read(path: str) -> "Quantized":
        """Reads a weights file (the layout only; the C loader is the judge of the rest)."""
        with open(path, "rb") as f:
            d = f.read()
        if d[:8] != MAGIC:
            raise ValueError(f"{path}: not a weights file (no 'LOANNv1' magic)")
        inputs, h, s1, s2, k, _ = struct.unpack_from("<IIIIiI", d, 8)
        if inputs != INPUTS or not 1 <= h <= 512 or len(d) != 32 + 131 * h + 4:
            raise ValueError(f"{path}: inputs {inputs}, hidden {h}, {len(d)} bytes: not version 1")
        o = 32
        w1q = np.frombuffer(d, "<i1", INPUTS * h, o).reshape(INPUTS, h).astype(np.int64)
        o += INPUTS * h
        b1q = np.frombuffer(d, "<i2", h, o).astype(np.int64)
        o += 2 * h
        w2q = np.frombuffer(d, "<i1", h, o).astype(np.int64)
        b2q = struct.unpack_from("<i", d, o + h)[0]
        return Quantized(w1q, b1q, w2q, b2q, s1, s2, k)


def main(argv) -> int:
    if len(argv) != 2:
        print("usage: export.py MODEL.pt WEIGHTS.bin", file=sys.stderr)
        return 2
    model, out = argv
    q = Quantized.from_model(torch.load(model))
    data = q.tobytes()
    with open(out + ".tmp", "wb") as f:
        f.write(data)
    os.replace(out + ".tmp", out)
    used = np.abs(q.w1q).max()
    print(f"export: {out}: {len(data)} bytes, inputs {INPUTS} hidden {q.hidden} s1 {q.s1} "
          f"s2 {q.s2} k {q.k}; {INPUTS * q.hidden + q.hidden} int8 and {q.hidden + 1} wider "
          f"weights; max |W1q| {used}, max |W2q| {np.abs(q.w2q).max()}, b2q {q.b2q}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ValueError, OSError, KeyError) as e:
        print(f"export: {e}", file=sys.stderr)
        sys.exit(1)
