/*
 * loa/loa.h - the LOA bot SDK: its core in one include.
 *
 *   bitboard.h  squares (a1 = 0 .. h8 = 63), bitboards, connection test
 *   board.h     position, status after a ply, board string
 *   movegen.h   moves, generation (fast and CodinGame order), make/unmake, perft
 *   notation.h  `e2e3`, `pass`, `E2-E3`
 *   random.h    java.util.Random-compatible generator (CodinGame's `random`)
 *   zobrist.h   position hashing
 *   timer.h     the clock that judges the bot (wall, or CPU time)
 *   turn.h      read a turn from the referee, write the answer
 *   error.h     error codes, loa_strerror()
 *
 * More headers are included on demand, not from here, so that a bundled
 * bot (loa-bundle) carries their text only when it uses them:
 *   answer.h    judge an answer line as the referee does (move, random, pass, invalid)
 *   rng.h       loa_rng (xoshiro256**), a fast generator for a bot's own use
 *   playout.h   a uniformly random move without the list, random playouts
 *   features.h  the evaluation features of the strongest LOA programs (MIA)
 *
 * Link with -lloa (pkg-config: loa; CMake: find_package(loa) -> loa::loa).
 */
#ifndef LOA_LOA_H
#define LOA_LOA_H

#define LOA_VERSION_MAJOR 0
#define LOA_VERSION_MINOR 1
#define LOA_VERSION_PATCH 0

#include "loa/bitboard.h"
#include "loa/board.h"
#include "loa/error.h"
#include "loa/movegen.h"
#include "loa/notation.h"
#include "loa/random.h"
#include "loa/timer.h"
#include "loa/turn.h"
#include "loa/zobrist.h"

#endif
