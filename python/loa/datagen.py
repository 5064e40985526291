"""loa.datagen: the files loa-datagen writes (docs/datagen.md, "The file"),
memory-mapped into numpy.

A file is a 32-byte header (magic, version, header_size, record_size), the
settings it was made with as NUL-terminated JSON text up to header_size, then
fixed-size 32-byte little-endian records to its end. RECORD is the record's
numpy dtype, field for field the C struct datagen_record of
datagen/include/datagen/format.h (the format's one definition):

    offset  field       dtype  meaning
     0      black       <u8    black's checkers, bit s = square s (a1 = 0 .. h8 = 63)
     8      white       <u8    white's checkers
    16      score       <i2    the bot's score for the side to move, its own points;
                               a proven win P plies away 32000 - P, a loss -(32000 - P)
    18      move        <u2    the move played: from + 64 * to; a pass 65535
    20      ply         <u2    plies played before the position
    22      side        u1     side to move: 0 black, 1 white
    23      result      i1     the game's result for the side to move: 1 won, 0 drawn, -1 lost
    24      depth       u1     the search's depth, plies (0: not reported)
    25      flags       u1     FLAG_* bits
    26      game_plies  <u2    the game's length, plies
    28      game        <u4    the game's number in the run, from 0

Every reader here refuses a file that is not a datagen file, of another
version, with a bad header, or cut mid-record, with a ValueError naming the
file and the reason (the words of loa-datagen's own reader).
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, NamedTuple, Union

import numpy as np
import numpy.typing as npt

from ._loa import planes as _planes

MAGIC = b"LOADGEN\0"
"""The file's first 8 bytes."""
VERSION = 1
"""The layout's version this reader reads (header offset 8)."""
FIXED_SIZE = 32
"""Bytes of the header's fixed part; the settings' JSON text follows."""
RECORD_SIZE = 32
"""Bytes of a record."""
HEADER_MAX = 65536
"""Largest header_size a file may have, bytes."""
SCORE_WIN = 32000
"""A proven win P plies away scores SCORE_WIN - P (a loss: its negation)."""
SCORE_PROVEN = 31000
"""|score| >= SCORE_PROVEN: a proven result (FLAG_PROVEN set)."""
MOVE_PASS = 0xFFFF
"""The field move of a pass."""
FLAG_PROVEN, FLAG_LOWERBOUND, FLAG_CAPTURE, FLAG_CONNECT, FLAG_THREAT, FLAG_GAME_END = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20)
"""Bits of the field flags: a proven score; the score is a lower bound; the
move captures; the side to move can connect at once; the opponent could
connect at once were it to move; the last record of its game in the file."""
RESULT_WIN, RESULT_DRAW, RESULT_LOSS = 1, 0, -1
"""Values of the field result, for the side to move."""

RECORD = np.dtype({
    "names": ["black", "white", "score", "move", "ply", "side", "result", "depth", "flags",
              "game_plies", "game"],
    "formats": ["<u8", "<u8", "<i2", "<u2", "<u2", "u1", "i1", "u1", "u1", "<u2", "<u4"],
    "offsets": [0, 8, 16, 18, 20, 22, 23, 24, 25, 26, 28],
    "itemsize": RECORD_SIZE,
})
"""A record (32 bytes, little-endian, no padding): datagen_record."""

PathLike = Union[str, "os.PathLike[str]"]


class Header(NamedTuple):
    """A file's header: version, header_size and record_size in bytes, the
    settings it was made with (the JSON object, a dict) and its record count."""
    version: int
    header_size: int
    record_size: int
    settings: Dict[str, Any]
    records: int


def header(path: PathLike) -> Header:
    """Reads and checks the header of the datagen file at path. ValueError
    "PATH: why" for a file that is not a datagen file, another version, a
    bad or cut header, settings not NUL-terminated or not JSON, or records
    cut mid-record; OSError when it cannot be read."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        fixed = f.read(FIXED_SIZE)
        if len(fixed) < FIXED_SIZE or fixed[:8] != MAGIC:
            raise ValueError(f"{name}: not a loa-datagen file (no 'LOADGEN' header)")
        version, header_size, record_size = np.frombuffer(fixed, "<u4", 3, 8).tolist()
        if version != VERSION:
            raise ValueError(f"{name}: version {version} (this loa-datagen reads version {VERSION})")
        if (record_size != RECORD_SIZE or header_size <= FIXED_SIZE or header_size > HEADER_MAX
                or header_size % RECORD_SIZE):
            raise ValueError(f"{name}: bad header (record size {record_size}, "
                             f"header size {header_size})")
        size = os.fstat(f.fileno()).st_size
        if size < header_size:
            raise ValueError(f"{name}: cut in its header ({size} of {header_size} bytes)")
        text = f.read(header_size - FIXED_SIZE)
    if b"\0" not in text:
        raise ValueError(f"{name}: its settings are not NUL-terminated")
    try:
        settings = json.loads(text[:text.index(b"\0")].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{name}: its settings are not JSON ({e})") from None
    body = size - header_size
    if body % RECORD_SIZE:
        raise ValueError(f"{name}: cut mid-record ({body % RECORD_SIZE} bytes after record "
                         f"{body // RECORD_SIZE})")
    return Header(version, header_size, record_size, settings, body // RECORD_SIZE)


def load(path: PathLike) -> npt.NDArray[np.void]:
    """The records of the datagen file at path: shape (N,), dtype RECORD,
    memory-mapped read-only (a numpy.memmap: nothing is read until used; an
    empty ndarray when the file has no record). Checked as header() checks;
    ValueError "PATH: why" for a file that is not a datagen file of version
    1 or is cut mid-record."""
    h = header(path)
    if h.records == 0:
        return np.zeros(0, RECORD)
    return np.memmap(os.fspath(path), dtype=RECORD, mode="r", offset=h.header_size,
                     shape=(h.records,))


def bitboards(records: npt.NDArray[np.void]) -> npt.NDArray[np.uint64]:
    """records (N,) RECORD. Returns (N, 2) uint64: column 0 the side to
    move's checkers, column 1 its opponent's (bit s = square s)."""
    own = np.where(records["side"] == 0, records["black"], records["white"])
    other = np.where(records["side"] == 0, records["white"], records["black"])
    return np.stack([own, other], axis=1).astype(np.uint64)


def planes(records: npt.NDArray[np.void]) -> npt.NDArray[np.uint8]:
    """records (N,) RECORD. Returns (N, 2, 8, 8) uint8, out[n, p, rank,
    file] = 1 where a checker stands: plane 0 the side to move's, plane 1 its
    opponent's (rank 0 = rank 1, file 0 = the a-file; out[n, p].ravel() is
    indexed by square). ValueError naming the row for a record that is no
    position (shared squares, 0 or more than 12 checkers a side)."""
    return _planes(bitboards(records))


def results(records: npt.NDArray[np.void]) -> npt.NDArray[np.float32]:
    """records (N,) RECORD. Returns (N,) float32: the game's result for the
    side to move as a target, 1 won, 0.5 drawn (150 plies), 0 lost."""
    return ((records["result"].astype(np.float32) + 1) / 2).astype(np.float32)


def proven(records: npt.NDArray[np.void]) -> npt.NDArray[np.bool_]:
    """records (N,) RECORD. Returns (N,) bool: the score is a proven win or
    loss (FLAG_PROVEN), not points."""
    return (records["flags"] & FLAG_PROVEN) != 0


def win_chance(records: npt.NDArray[np.void], k: float = 45.5) -> npt.NDArray[np.float64]:
    """records (N,) RECORD; k the scale in the bot's points (45.5: loa-ab's,
    docs/analysis.md "The winning chance"). Returns (N,) float64: the score
    as the side to move's chance, 1 / (1 + exp(-score / k)); a proven win 1,
    a proven loss 0."""
    s = records["score"].astype(np.float64)
    with np.errstate(over="ignore"):  # exp of a proven score's -32000 / k: inf, chance 0
        chance = 1 / (1 + np.exp(-s / k))
    return np.where(proven(records), (s > 0).astype(np.float64), chance)


__all__ = [
    "RECORD", "Header", "header", "load", "bitboards", "planes", "results", "proven", "win_chance",
    "MAGIC", "VERSION", "FIXED_SIZE", "RECORD_SIZE", "HEADER_MAX", "SCORE_WIN", "SCORE_PROVEN",
    "MOVE_PASS", "FLAG_PROVEN", "FLAG_LOWERBOUND", "FLAG_CAPTURE", "FLAG_CONNECT",
    "FLAG_THREAT", "FLAG_GAME_END", "RESULT_WIN", "RESULT_DRAW", "RESULT_LOSS",
]
