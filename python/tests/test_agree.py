"""Every loa call agrees with the C SDK (tests/python_sdk_dump.c) over
10,000 positions of random games: board strings, moves in CodinGame's
listed (byte) and generation orders, status, zobrist, features, random
moves and playouts, and the batch functions row by row."""
import os
import subprocess
import unittest

import numpy as np

import loa

N = 10000


def sdk_lines(seed, n):
    exe = os.environ.get("LOA_SDK_DUMP")
    if not exe:
        raise unittest.SkipTest("LOA_SDK_DUMP (the python_sdk_dump tool) is not set")
    out = subprocess.run([exe, str(seed), str(n)], check=True, capture_output=True, text=True)
    return [line.split("|") for line in out.stdout.splitlines()]


class AgreesWithTheCSdk(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rows = sdk_lines(7, N)

    def test_dump_has_every_position(self):
        self.assertEqual(len(self.rows), N)
        self.assertTrue(any(r[3] != "0" for r in self.rows), "no decided position sampled")

    def test_single_board_calls_agree(self):
        for i, (text, listed, gen, st, key, feats, rmove, playout) in enumerate(self.rows):
            b = loa.Board(text)
            self.assertEqual(str(b), text)
            self.assertEqual(" ".join(b.legal_moves()), listed, text)
            self.assertEqual(" ".join(b.legal_moves("generation")), gen, text)
            self.assertEqual(b.status(), int(st), text)
            self.assertEqual(b.zobrist(), int(key), text)
            self.assertEqual(b.features().ravel().tolist(), [int(x) for x in feats.split()], text)
            self.assertEqual(b.random_move(loa.Rng(i)), rmove, text)
            if playout != "-":
                res, after = playout.split(" ", 1)
                self.assertEqual(b.playout(loa.Rng(i), 40), int(res), text)
                self.assertEqual(str(b), after)

    def test_rows_and_bitboards_round_trip(self):
        for text, *_ in self.rows[:2000]:
            b = loa.Board(text)
            self.assertEqual(loa.Board.from_rows(b.rows(), "bw"[b.side], b.ply), b)
            self.assertEqual(loa.Board.from_bitboards(b.black, b.white, b.side, b.ply), b)

    def test_make_unmake_restore_and_follow_the_listed_moves(self):
        for text, listed, *_ in self.rows[:2000]:
            b = loa.Board(text)
            before = (str(b), b.zobrist())
            for m in listed.split():
                b.make(m)
                self.assertEqual(b.ply, int(text.split()[2]) + 1 if len(text.split()) > 2 else 1)
                b.unmake()
                self.assertEqual((str(b), b.zobrist()), before)

    def test_batch_calls_agree_row_by_row(self):
        boards = [loa.Board(r[0]) for r in self.rows]
        bb = np.array([[b.black, b.white] for b in boards], dtype=np.uint64)
        sides = np.array([b.side for b in boards], dtype=np.int8)
        plies = np.array([b.ply for b in boards], dtype=np.int32)
        masks = loa.legal_move_masks(bb, sides)
        feats = loa.features(bb)
        st = loa.status(bb, sides, plies)
        keys = loa.zobrist(bb, sides)
        pl = loa.planes(bb)
        self.assertEqual(masks.shape, (N, 64))
        self.assertEqual(pl.shape, (N, 2, 8, 8))
        for i, (b, row) in enumerate(zip(boards, self.rows)):
            moves = [] if row[1] == "pass" else row[1].split()
            want = np.zeros(64, dtype=np.uint64)
            for m in moves:
                f = ord(m[0]) - 97 + 8 * (int(m[1]) - 1)
                t = ord(m[2]) - 97 + 8 * (int(m[3]) - 1)
                want[f] |= np.uint64(1 << t)
            np.testing.assert_array_equal(masks[i], want, row[0])
            self.assertEqual(feats[i].ravel().tolist(), [int(x) for x in row[5].split()])
            self.assertEqual(int(st[i]), int(row[3]))
            self.assertEqual(int(keys[i]), int(row[4]))
            for c, bits in enumerate((b.black, b.white)):
                got = sum(1 << s for s in range(64) if pl[i, c, s // 8, s % 8])
                self.assertEqual(got, bits)


if __name__ == "__main__":
    unittest.main()
