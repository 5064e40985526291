"""Type stub and documentation of the extension loa._loa (python/src/).

Units everywhere: squares a1 = 0 .. h8 = 63 (square = 8 * rank + file, file
a = 0, rank 1 = 0); a bitboard is an int (or uint64) whose bit s is square
s; plies count every move and pass, 0 at the start. Colours: 0 black (moves
first, CodinGame's player 1), 1 white. Statuses: 0 ongoing, 1 black wins,
2 white wins, 3 draw. Every rule is the C SDK's (libloa, sdk/), which
follows CodinGame's referee (docs/rules.md).
"""
from typing import Literal, Sequence

import numpy as np
import numpy.typing as npt

MAX_PLIES: int
"""150: the ply count at which an undecided game is a draw (CodinGame)."""
UNDO_MAX: int
"""1024: the plies a Board can take back; make() beyond raises ValueError."""

class Rng:
    """The SDK's xoshiro256** generator (loa/rng.h), seeded through
    splitmix64: the same seed gives the same moves on every machine and in
    C (loa_rng_seed). Not CodinGame's `random` (java.util.Random)."""
    def __init__(self, seed: int = 0) -> None: ...
    def below(self, bound: int) -> int:
        """A uniform int in 0 .. bound - 1 (1 <= bound < 2**32)."""

class Board:
    """One position: two bitboards, the side to move, the ply; with an undo
    stack for unmake(). Board() is the start position, Board(text) parses
    the one-line board string (rank 8 first, rows split by '/', then 'b' or
    'w' to move, then optionally the ply), e.g.
    ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b".
    ValueError names the fault: wrong row count or length, a character not
    in '.bw', no checker or more than 12 for a side, text after the end."""
    def __init__(self, text: str | None = None) -> None: ...
    @classmethod
    def from_rows(cls, rows: Sequence[str], side: str | int = "b", ply: int = 0) -> "Board":
        """The 8 rows as CodinGame's referee sends them to a bot (rank 8
        first, 8 characters of '.bw' from file a to h), the side to move
        ('b', 'w', 0 or 1) and the plies played. ValueError: not 8 rows, a
        row not 8 of '.bw', a side with 0 or more than 12 checkers."""
    @classmethod
    def from_bitboards(cls, black: int, white: int, side: str | int = 0, ply: int = 0) -> "Board":
        """From two bitboards (bit s = square s). ValueError: they share a
        square, a side has 0 or more than 12 checkers, ply not 0..10000."""
    black: int
    """Black's checkers as a bitboard (read-only)."""
    white: int
    """White's checkers as a bitboard (read-only)."""
    side: int
    """The side to move: 0 black, 1 white (read-only)."""
    ply: int
    """Plies played so far, passes included (read-only)."""
    def __str__(self) -> str:
        """The board string (the ply written when it is not 0)."""
    def rows(self) -> list[str]:
        """The 8 rows as the referee sends them: rank 8 first, '.bw'."""
    def legal_moves(self, order: Literal["listed", "generation"] = "listed") -> list[str]:
        """The legal moves of the side to move as CodinGame writes them
        ('e2e3'), ['pass'] when it has none. "listed": the order the referee
        lists them to a bot (byte order of the strings, loa_sort_moves);
        "generation": the referee's generation order, in which `random` and
        prefix matching pick a move (loa_generate_moves_cg)."""
    def is_legal(self, move: str) -> bool:
        """True when move ('e2e3' or 'pass') is legal for the side to move."""
    def make(self, move: str) -> None:
        """Plays move ('e2e3', or 'pass' when there is no legal move),
        capturing as the rules say; side and ply advance. ValueError: not a
        move, not legal here (the message gives the position), undo stack
        full. TypeError: not a str."""
    def unmake(self) -> None:
        """Takes back the last make() of this Board. ValueError: none left."""
    def status(self, max_plies: int = 150) -> int:
        """The referee's judgement after the last ply: the mover (the side
        NOT to move) connected wins, a move connecting both sides included;
        else the side to move connected wins; else a draw when ply >=
        max_plies (0: no limit); else 0 (ongoing). 0..3 (loa.ONGOING ...)."""
    def zobrist(self) -> int:
        """The position's 64-bit Zobrist key (loa_zobrist_key: the same on
        every build; side to move hashed, ply not)."""
    def features(self) -> npt.NDArray[np.int32]:
        """Shape (2, 15) int32: [colour, feature], the SDK's evaluation
        features (loa/features.h) in loa.FEATURE_NAMES order: checker count;
        concentration (king steps of surplus distance to the centre of
        mass); centralisation (table points); centre-of-mass distance to the
        centre (king steps, 0..3); quads q1 q2 qd q3 q4 (2x2 windows);
        4 x Euler number; bounding-box area (squares); adjacent pairs;
        walls (the opponent's edge checkers this colour fences in); mobility
        (moves if this colour were to move) and its MIA-weighted sum
        (half moves: quiet 2, capture 4, quiet to edge 1, capture on edge 2)."""
    def random_move(self, rng: Rng) -> str:
        """A uniformly random legal move (loa_random_move), 'pass' if none."""
    def playout(self, rng: Rng, plies: int = 10000) -> int:
        """Plays random moves in place until the game ends or `plies` plies
        are played; returns the status (0 when cut off). Clears the undo
        stack. ValueError: the game is already over."""
    def copy(self) -> "Board":
        """The same position with an empty undo stack."""
    def __eq__(self, other: object) -> bool:
        """Same checkers, side to move and ply."""

def planes(bitboards: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """bitboards: (N, 2) uint64 (column 0 black, 1 white). Returns
    (N, 2, 8, 8) uint8, out[n, colour, rank, file] = 1 where a checker
    stands (rank 0 = rank 1, file 0 = a-file: out[n, c].ravel() is indexed
    by square). ValueError: wrong shape, or a row that is no position
    (shared squares, 0 or more than 12 checkers a side; the row named)."""

def legal_move_masks(bitboards: npt.ArrayLike, sides: npt.ArrayLike) -> npt.NDArray[np.uint64]:
    """bitboards (N, 2) uint64, sides (N,) 0/1 (the side to move). Returns
    (N, 64) uint64: out[n, from] is the bitboard of the squares the checker
    on `from` may move to (0 for no checker or no move); an all-zero row
    means the side passes. As (N, 64, 64) booleans [n, from, to]:
    np.unpackbits(out.view(np.uint8), bitorder="little").reshape(N, 64, 64).
    ValueError as planes(), and for sides of the wrong length or not 0/1."""

def features(bitboards: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """bitboards (N, 2) uint64. Returns (N, 2, 15) int32: Board.features()
    of every row (the features do not depend on the side to move)."""

def status(bitboards: npt.ArrayLike, sides: npt.ArrayLike, plies: npt.ArrayLike,
           max_plies: int = 150) -> npt.NDArray[np.int8]:
    """bitboards (N, 2) uint64, sides (N,) 0/1, plies (N,) 0..10000.
    Returns (N,) int8: Board.status(max_plies) of every row."""

def zobrist(bitboards: npt.ArrayLike, sides: npt.ArrayLike) -> npt.NDArray[np.uint64]:
    """bitboards (N, 2) uint64, sides (N,) 0/1. Returns (N,) uint64:
    Board.zobrist() of every row (e.g. to drop duplicates with np.unique)."""
