"""loa: the Lines of Action SDK (libloa) from Python, with CodinGame's rules.

Squares are numbered a1 = 0 .. h8 = 63 (square = 8 * rank + file); a
bitboard is a 64-bit int whose bit s is square s. Plies count every move
and pass, 0 at the start. See docs/python.md and the type stub
loa/_loa.pyi for every call with its shapes and units.
"""
from ._loa import MAX_PLIES, UNDO_MAX, Board, Rng, features, legal_move_masks, planes, status, zobrist
from . import datagen  # noqa: E402  the reader of loa-datagen's files (loa.datagen.load)

ONGOING, BLACK_WINS, WHITE_WINS, DRAW = 0, 1, 2, 3
"""Values of Board.status() and status(): loa_status of the SDK."""

BLACK, WHITE = 0, 1
"""Colours, as Board.side and the `sides` arrays hold them."""

FEATURE_NAMES = (
    "count", "concentration", "centralisation", "com_centre_distance",
    "q1", "q2", "qd", "q3", "q4", "euler4", "bounding_area", "connections",
    "walls", "mobility", "mobility_mia",
)
"""The last axis of Board.features() and features(), per colour (loa/features.h)."""

__all__ = [
    "Board", "Rng", "planes", "legal_move_masks", "features", "status", "zobrist",
    "MAX_PLIES", "UNDO_MAX", "ONGOING", "BLACK_WINS", "WHITE_WINS", "DRAW",
    "BLACK", "WHITE", "FEATURE_NAMES", "datagen",
]
