#!/usr/bin/env python3
"""Prints the Python package's speed figures (issue 45's goals) with the
machine's load: batch legal-move masks for 100,000 boards (goal <= 0.2 s)
and a Python loop of make/status/unmake over a random game (goal >= 200,000
plies/s). Usage: PYTHONPATH=build/python /usr/bin/python3 python/bench/bench.py"""
import os
import time

import numpy as np

import loa


def random_positions(n, seed=1):
    """n positions of random games (loa.Rng), as (n, 2) uint64 and (n,) int8."""
    rng, b, out, sides = loa.Rng(seed), loa.Board(), [], []
    while len(out) < n:
        out.append((b.black, b.white))
        sides.append(b.side)
        if b.status() != loa.ONGOING:
            b = loa.Board()
        else:
            b.make(b.random_move(rng))
    return np.array(out, dtype=np.uint64), np.array(sides, dtype=np.int8)


def best_of(runs, fn):
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main():
    print("load average (1, 5, 15 min): %.2f %.2f %.2f" % os.getloadavg())
    bb, sides = random_positions(100_000)
    for name, fn in (("legal_move_masks", lambda: loa.legal_move_masks(bb, sides)),
                     ("planes", lambda: loa.planes(bb)),
                     ("features", lambda: loa.features(bb))):
        print("%-17s 100,000 boards: %.3f s (best of 5)" % (name, best_of(5, lambda: fn())))
    # one random game, then its plies replayed: make, status, unmake, make
    rng, b, game = loa.Rng(2), loa.Board(), []
    while b.status() == loa.ONGOING:
        m = b.random_move(rng)
        game.append(m)
        b.make(m)
    reps = 2000

    def loop():
        for _ in range(reps):
            board = loa.Board()
            make, unmake, status = board.make, board.unmake, board.status
            for m in game:
                make(m)
                status()
                unmake()
                make(m)
    t = best_of(3, loop)
    print("make/status/unmake loop: %d plies x %d games in %.3f s: %.0f plies/s (a ply = "
          "make, status, unmake, make again)" % (len(game), reps, t, len(game) * reps / t))


if __name__ == "__main__":
    main()
