"""Unit tests of the network example's Python side (examples/nn; ctest nn_unit):
the symmetries, the exporter's rounding, layout and refusals, the integer simulation
against a plain loop, and the quantization bound on random networks."""
from __future__ import annotations

import os
import struct
import sys
import tempfile
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import bound, simulate  # noqa: E402
from export import Quantized, rnd  # noqa: E402
from train import S1, Net, split, symmetries  # noqa: E402


def random_model(hidden=32, seed=0, scale=1.0):
    torch.manual_seed(seed)
    net = Net(hidden)
    with torch.no_grad():
        net.l1.weight.uniform_(-scale, scale)
        net.l1.bias.uniform_(-1, 1)
        net.l2.weight.uniform_(-2, 2)
    net.clamp_()
    return {"model": net.state_dict(), "settings": {"s1": S1, "k": 46, "hidden": hidden}}, net


def positions(n, seed=0):
    """(n, 128) 0/1: 1..12 checkers a side on distinct squares."""
    g = np.random.default_rng(seed)
    x = np.zeros((n, 128), np.uint8)
    for r in range(n):
        sq = g.permutation(64)
        a, b = g.integers(1, 13, 2)
        x[r, sq[:a]] = 1
        x[r, 64 + sq[a:a + b]] = 1
    return x


class Symmetries(unittest.TestCase):
    def test_eight_distinct_permutations_that_keep_the_sides_apart(self):
        p = symmetries()
        self.assertEqual(p.shape, (8, 128))
        self.assertEqual(len({tuple(r) for r in p.tolist()}), 8)
        for r in p:
            self.assertEqual(sorted(r[:64]), list(range(64)))
            self.assertTrue((r[64:] == r[:64] + 64).all())

    def test_a_symmetry_keeps_neighbours_neighbours(self):
        for r in symmetries():
            for s in range(63):
                if s % 8 != 7:  # s and s + 1 share a rank: still adjacent after it
                    a, b = r[s], r[s + 1]
                    self.assertEqual(abs(a // 8 - b // 8) + abs(a % 8 - b % 8), 1)


class Split(unittest.TestCase):
    def test_a_game_is_on_one_side_and_the_fraction_holds(self):
        games = np.repeat(np.arange(5000), 7)
        val = split(games, 0.1, 1)
        per_game = val.reshape(5000, 7)
        self.assertTrue((per_game.all(axis=1) | ~per_game.any(axis=1)).all())
        self.assertAlmostEqual(per_game[:, 0].mean(), 0.1, delta=0.02)


class Export(unittest.TestCase):
    def test_round_is_half_away_from_zero(self):
        self.assertEqual(rnd(np.array([0.5, -0.5, 1.5, -2.5, 0.49])).tolist(), [1, -1, 2, -3, 0])

    def test_the_file_has_the_layout_and_reads_back(self):
        m, _ = random_model()
        q = Quantized.from_model(m)
        data = q.tobytes()
        self.assertEqual(len(data), 32 + 128 * 32 + 2 * 32 + 32 + 4)
        self.assertEqual(data[:8], b"LOANNv1\0")
        self.assertEqual(struct.unpack_from("<IIIIiI", data, 8), (128, 32, 64, q.s2, 46, 0))
        self.assertEqual(struct.unpack_from("<b", data, 32 + 1)[0], q.w1q[0, 1])  # row-major
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "w.bin")
            with open(path, "wb") as f:
                f.write(data)
            r = Quantized.read(path)
        for a, b in ((r.w1q, q.w1q), (r.b1q, q.b1q), (r.w2q, q.w2q)):
            self.assertTrue((a == b).all())
        self.assertEqual((r.b2q, r.s2), (q.b2q, q.s2))

    def test_s2_uses_the_int8_range(self):
        m, _ = random_model()
        q = Quantized.from_model(m)
        self.assertEqual(q.s2, int(127 // m["model"]["l2.weight"].abs().max().item()))
        self.assertLessEqual(np.abs(q.w2q).max(), 127)

    def test_an_overflowing_unit_is_refused_naming_it(self):
        m, _ = random_model()
        m["model"]["l1.bias"][5] = 480.0
        m["model"]["l1.weight"][5, :] = 127 / 64
        with self.assertRaisesRegex(ValueError, "hidden unit 5 could overflow int16"):
            Quantized.from_model(m)

    def test_a_w2_too_large_is_refused(self):
        m, _ = random_model()
        m["model"]["l2.weight"][0, 3] = 200.0
        with self.assertRaisesRegex(ValueError, "max \\|W2\\| is 200"):
            Quantized.from_model(m)


class Simulation(unittest.TestCase):
    def test_equals_a_plain_loop(self):
        m, _ = random_model(hidden=16, seed=3)
        q = Quantized.from_model(m)
        x = positions(50, 1)
        _, zq, score = simulate(q, x)
        for n in range(len(x)):
            z = q.b2q
            for j in range(q.hidden):
                acc = q.b1q[j] + sum(int(q.w1q[i, j]) for i in range(128) if x[n, i])
                z += min(max(acc, 0), q.s1) * int(q.w2q[j])
            self.assertEqual(zq[n], z)
            exact = abs(z) * 46 / (q.s1 * q.s2)
            mag = min(int(exact + 0.5), 20000)  # half away from zero on the magnitude
            self.assertEqual(score[n], mag if z >= 0 else -mag)

    def test_the_float_logit_is_within_the_bound(self):
        for seed in range(5):
            m, net = random_model(hidden=64, seed=seed, scale=0.5)
            q = Quantized.from_model(m)
            x = positions(2000, seed)
            _, zq, _ = simulate(q, x)
            net = net.double()
            with torch.no_grad():
                zf = net(torch.from_numpy(x).double()).numpy()
            err = np.abs(zf - zq / (q.s1 * q.s2))
            self.assertTrue((err <= bound(q, net, x)).all())
            self.assertGreater(err.max(), 0)  # the roundings do show


if __name__ == "__main__":
    unittest.main()
