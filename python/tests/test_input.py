"""The rules at the game's end (simultaneous connection, a capture that
connects the opponent, the 150-ply draw) and bad input: every mistake is a
Python exception naming the problem, never a crash."""
import unittest

import numpy as np

import loa

START = ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b"


def connected(bb):
    """An independent 8-connectivity check of a bitboard (the test's own)."""
    squares = [s for s in range(64) if bb >> s & 1]
    seen, todo = {squares[0]}, [squares[0]]
    while todo:
        s = todo.pop()
        for t in squares:
            if t not in seen and max(abs(t % 8 - s % 8), abs(t // 8 - s // 8)) == 1:
                seen.add(t)
                todo.append(t)
    return len(seen) == len(squares)


def sq(name):
    return ord(name[0]) - 97 + 8 * (int(name[1]) - 1)


def bits(*names):
    return sum(1 << sq(n) for n in names)


class EndOfGame(unittest.TestCase):
    def test_a_move_connecting_both_sides_wins_for_the_mover(self):
        b = loa.Board.from_bitboards(bits("e4", "f3", "h5"), bits("c6", "b5", "e2"), "b", 10)
        self.assertEqual(b.status(), loa.ONGOING)
        b.make("h5e2")
        self.assertTrue(connected(b.black) and connected(b.white))
        self.assertEqual(b.status(), loa.BLACK_WINS)

    def test_a_capture_leaving_the_opponent_connected_loses(self):
        b = loa.Board.from_bitboards(bits("a8", "e8", "h4"), bits("d5", "g3", "g2"), "b", 10)
        b.make("a8d5")
        self.assertFalse(connected(b.black))
        self.assertTrue(connected(b.white))
        self.assertEqual(b.status(), loa.WHITE_WINS)

    def test_the_draw_comes_at_ply_150_unless_the_limit_is_lifted(self):
        self.assertEqual(loa.Board(START + " 149").status(), loa.ONGOING)
        self.assertEqual(loa.Board(START + " 150").status(), loa.DRAW)
        self.assertEqual(loa.Board(START + " 150").status(max_plies=0), loa.ONGOING)

    def test_a_side_without_moves_passes(self):
        # white a1 and h8 boxed in: every line holds a black checker in the way
        b = loa.Board.from_bitboards(bits("b1", "b2", "a2", "g8", "g7", "h7"), bits("a1", "h8"),
                                     "w", 3)
        self.assertEqual(b.status(), loa.ONGOING)
        self.assertEqual(b.legal_moves(), ["pass"])
        self.assertEqual(b.legal_moves("generation"), ["pass"])
        b.make("pass")
        self.assertEqual((b.side, b.ply), (loa.BLACK, 4))
        b.unmake()
        self.assertEqual((b.side, b.ply), (loa.WHITE, 3))


class BadInput(unittest.TestCase):
    def assertNames(self, exc, call, *words):
        with self.assertRaises(exc) as cm:
            call()
        for w in words:
            self.assertIn(w, str(cm.exception))

    def test_board_string_of_the_wrong_length(self):
        self.assertNames(ValueError, lambda: loa.Board(START[:-5] + " b"), "board string", "8 squares")
        self.assertNames(ValueError, lambda: loa.Board("......../........ b"), "board string", "8 rows")

    def test_thirteen_checkers_a_side(self):
        text = "bbbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b"
        self.assertNames(ValueError, lambda: loa.Board(text), "more than 12")
        rows = text.split()[0].split("/")
        self.assertNames(ValueError, lambda: loa.Board.from_rows(rows), "more than 12")
        self.assertNames(ValueError, lambda: loa.Board.from_bitboards((1 << 13) - 1, 1 << 63),
                         "13 black")

    def test_rows_of_the_wrong_shape(self):
        rows = START.split()[0].split("/")
        self.assertNames(ValueError, lambda: loa.Board.from_rows(rows[:7]), "7 rows")
        self.assertNames(ValueError, lambda: loa.Board.from_rows(rows[:7] + ["bbb"]), "row 8")
        self.assertNames(ValueError, lambda: loa.Board.from_rows(rows[:7] + [".bbbbbbx"]), "row 8")
        self.assertNames(ValueError, lambda: loa.Board.from_rows(rows, "x"), "side")
        self.assertNames(TypeError, lambda: loa.Board.from_rows("." * 64), "sequence")

    def test_overlapping_bitboards(self):
        self.assertNames(ValueError, lambda: loa.Board.from_bitboards(3, 2), "share a square")
        self.assertNames(ValueError, lambda: loa.Board.from_bitboards(2**64 + 1, 2), "2**64")
        self.assertNames(ValueError, lambda: loa.Board.from_bitboards(-1, 2), "2**64")

    def test_illegal_or_malformed_moves(self):
        b = loa.Board()
        self.assertNames(ValueError, lambda: b.make("a1a2"), "not legal")
        self.assertNames(ValueError, lambda: b.make("pass"), "'pass' is not legal")
        self.assertNames(ValueError, lambda: b.make("E2E3"), "not a move")
        self.assertNames(ValueError, lambda: b.make("b1b1"), "same square")
        self.assertNames(TypeError, lambda: b.make(12), "str")
        self.assertNames(ValueError, b.unmake, "no move")
        self.assertEqual(str(b), START)

    def test_batch_arrays_of_the_wrong_shape_or_content(self):
        good = np.array([[loa.Board().black, loa.Board().white]], dtype=np.uint64)
        self.assertNames(ValueError, lambda: loa.planes(np.zeros((2, 3), np.uint64)), "(N, 2)")
        self.assertNames(ValueError, lambda: loa.planes(np.zeros((2, 2), np.uint64)), "row 0")
        self.assertNames(ValueError, lambda: loa.legal_move_masks(good, [0, 1]), "2 values")
        self.assertNames(ValueError, lambda: loa.legal_move_masks(good, [2]), "sides")
        self.assertNames(ValueError, lambda: loa.status(good, [0], [-1]), "plies")

    def test_a_finished_game_has_no_playout(self):
        b = loa.Board(START + " 150")
        self.assertNames(ValueError, lambda: b.playout(loa.Rng(1)), "over")


if __name__ == "__main__":
    unittest.main()
